import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { OfferingAdminController, OfferingController } from './offering.controller.js';
import { ExecuteOfferingHandler } from './offering.handlers.js';

@Module({
  imports: [CqrsModule],
  controllers: [OfferingController, OfferingAdminController],
  providers: [ExecuteOfferingHandler],
})
export class OfferingModule {}
