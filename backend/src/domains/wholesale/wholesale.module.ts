import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import {
  VerificationAdminController,
  VerificationController,
  VerificationOperationsController,
} from './verification.controller.js';
import { EvidenceController } from './evidence.controller.js';
import { Evidence } from './evidence.js';
import { VerificationExpiry } from './verification-expiry.js';
import { ExecuteVerificationHandler } from './verification.handlers.js';

@Module({
  imports: [CqrsModule],
  controllers: [
    EvidenceController,
    VerificationController,
    VerificationAdminController,
    VerificationOperationsController,
  ],
  providers: [ExecuteVerificationHandler, VerificationExpiry, Evidence],
  exports: [VerificationExpiry],
})
export class WholesaleModule {}
