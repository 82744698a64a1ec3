import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import {
  VerificationAdminController,
  VerificationController,
  VerificationOperationsController,
} from './verification.controller.js';
import { VerificationExpiry } from './verification-expiry.js';
import { ExecuteVerificationHandler } from './verification.handlers.js';

@Module({
  imports: [CqrsModule],
  controllers: [VerificationController, VerificationAdminController, VerificationOperationsController],
  providers: [ExecuteVerificationHandler, VerificationExpiry],
  exports: [VerificationExpiry],
})
export class WholesaleModule {}
