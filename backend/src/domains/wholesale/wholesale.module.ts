import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import {
  VerificationAdminController,
  VerificationController,
  VerificationExpiry,
  VerificationOperationsController,
} from './verification.controller.js';
import { ExecuteVerificationHandler } from './verification.handlers.js';

@Module({
  imports: [CqrsModule],
  controllers: [VerificationController, VerificationAdminController, VerificationOperationsController],
  providers: [ExecuteVerificationHandler, VerificationExpiry],
  exports: [VerificationExpiry],
})
export class WholesaleModule {}
