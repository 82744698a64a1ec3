import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { TokensModule } from '../tokens/tokens.module.js';
import { OfferingAdminController, OfferingController } from './offering.controller.js';
import { ExecuteOfferingHandler } from './offering.handlers.js';
import { HoldingsRead } from './holdings-read.js';
import { OfferingPagesController } from './pages.controller.js';

@Module({
  imports: [CqrsModule, TokensModule],
  controllers: [OfferingController, OfferingAdminController, OfferingPagesController],
  providers: [ExecuteOfferingHandler, HoldingsRead],
  exports: [HoldingsRead],
})
export class OfferingModule {}
