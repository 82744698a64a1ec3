import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ComplianceController, ComplianceReviewController } from './compliance.controller.js';
import { ExecuteComplianceHandler } from './compliance.handlers.js';

@Module({
  imports: [CqrsModule],
  controllers: [ComplianceController, ComplianceReviewController],
  providers: [ExecuteComplianceHandler],
})
export class ComplianceModule {}
