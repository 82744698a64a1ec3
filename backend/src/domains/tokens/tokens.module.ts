import { Module } from '@nestjs/common';
import { ChainOutbox } from './chain-outbox.js';
import { ChainOutboxOperationsController } from './outbox-operations.controller.js';
import { ChainReconciler } from './chain-balances.js';
import { TokenViews } from './token-views.js';
import { TokensController } from './tokens.controller.js';

@Module({
  controllers: [TokensController, ChainOutboxOperationsController],
  providers: [ChainOutbox, ChainReconciler, TokenViews],
  exports: [TokenViews],
})
export class TokensModule {}
