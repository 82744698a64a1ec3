import { Module } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { BillingModule } from '../billing/billing.module.js';
import { TokensModule } from '../tokens/tokens.module.js';
import { DistributionAdminController } from './distribution-admin.controller.js';
import { DistributionController } from './distribution.controller.js';
import {
  CancelDistributionHandler,
  DeclarationInputs,
  DeclareDistributionHandler,
  ExecuteDistributionHandler,
  FundDistributionHandler,
  RefundDistributionHandler,
  SettleFundingHandler,
  SettleRefundHandler,
} from './distribution.handlers.js';
import { FundingCheck } from './funding-check.js';
import { RefundCheck } from './refund-check.js';
import { TaxProfileController } from './income.controller.js';
import { ExecuteTaxPaymentHandler, ExecuteTaxProfileHandler } from './income.handlers.js';
import { WithheldTaxController } from './withheld-tax.controller.js';
import { RecordDateCheck } from './record-check.js';
import { StablecoinPayments } from './stablecoin-payments.js';

@Module({
  imports: [CqrsModule, BillingModule, TokensModule],
  controllers: [TaxProfileController, DistributionController, DistributionAdminController, WithheldTaxController],
  providers: [
    ExecuteTaxProfileHandler,
    ExecuteTaxPaymentHandler,
    DeclarationInputs,
    DeclareDistributionHandler,
    ExecuteDistributionHandler,
    CancelDistributionHandler,
    FundDistributionHandler,
    RefundDistributionHandler,
    SettleFundingHandler,
    SettleRefundHandler,
    FundingCheck,
    RefundCheck,
    StablecoinPayments,
    RecordDateCheck,
  ],
})
export class IncomeModule {}
