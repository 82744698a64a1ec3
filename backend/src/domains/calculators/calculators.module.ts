import { Module } from '@nestjs/common';
import { CalculatorsController } from './calculators.controller.js';
import { EarlyAccessWaivers } from './early-access-waivers.js';

@Module({
  controllers: [CalculatorsController],
  providers: [EarlyAccessWaivers],
  exports: [EarlyAccessWaivers],
})
export class CalculatorsModule {}
