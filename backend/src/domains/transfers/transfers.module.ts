import { Module } from '@nestjs/common';
import { TokensModule } from '../tokens/tokens.module.js';
import { TransfersController } from './transfers.controller.js';
import { Transfers } from './transfers.service.js';

@Module({
  imports: [TokensModule],
  controllers: [TransfersController],
  providers: [Transfers],
})
export class TransfersModule {}
