import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { AuditController } from './audit.controller.js';
import { ForgetPersonHandler, RecordAuditViewHandler } from './audit.handlers.js';
import { ForgottenDocuments } from './forgotten-documents.js';
import { AuditDirectory } from './names.js';

@Module({
  imports: [CqrsModule],
  controllers: [AuditController],
  providers: [RecordAuditViewHandler, ForgetPersonHandler, ForgottenDocuments, AuditDirectory],
})
export class AuditModule {}
