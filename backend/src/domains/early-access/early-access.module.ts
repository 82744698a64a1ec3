import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ConfirmationMails } from './confirmation-mails.js';
import { EarlyAccessController } from './early-access.controller.js';
import { ConfirmInterestHandler, RegisterInterestHandler } from './early-access.handlers.js';

@Module({
  imports: [CqrsModule],
  controllers: [EarlyAccessController],
  providers: [RegisterInterestHandler, ConfirmInterestHandler, ConfirmationMails],
})
export class EarlyAccessModule {}
