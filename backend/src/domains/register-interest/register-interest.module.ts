import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { ConfirmationMails } from './confirmation-mails.js';
import { RegisterInterestController } from './register-interest.controller.js';
import { ConfirmInterestHandler, RegisterInterestHandler } from './register-interest.handler.js';

@Module({
  imports: [CqrsModule],
  controllers: [RegisterInterestController],
  providers: [RegisterInterestHandler, ConfirmInterestHandler, ConfirmationMails],
})
export class RegisterInterestModule {}
