import { Module } from '@nestjs/common';
import { ChainOutbox } from './chain-outbox.js';
import { ChainOutboxOperationsController } from './outbox-operations.controller.js';
import { ChainReconciler } from './chain-balances.js';
import { TokenViews } from './token-views.js';
import { WalletRecoveryController } from './recovery.controller.js';
import { TokensController } from './tokens.controller.js';
import { WalletProofs } from './wallet-proofs.js';

@Module({
  controllers: [TokensController, WalletRecoveryController, ChainOutboxOperationsController],
  providers: [ChainOutbox, ChainReconciler, TokenViews, WalletProofs],
  exports: [TokenViews],
})
export class TokensModule {}
