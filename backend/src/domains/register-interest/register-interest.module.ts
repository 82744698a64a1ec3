import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { RegisterInterestController } from './register-interest.controller.js';
import { RegisterInterestHandler } from './register-interest.handler.js';

@Module({
  imports: [CqrsModule],
  controllers: [RegisterInterestController],
  providers: [RegisterInterestHandler],
})
export class RegisterInterestModule {}
