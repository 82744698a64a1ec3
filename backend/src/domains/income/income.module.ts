import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { TaxProfileController } from './income.controller.js';
import { ExecuteTaxProfileHandler } from './income.handlers.js';

@Module({
  imports: [CqrsModule],
  controllers: [TaxProfileController],
  providers: [ExecuteTaxProfileHandler],
})
export class IncomeModule {}
