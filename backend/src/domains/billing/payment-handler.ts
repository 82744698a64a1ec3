import { Inject, Injectable } from '@nestjs/common';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import { CommandInContext } from '../../platform/command-handler.js';
import {
  type OneOffPaymentNotice,
  type OneOffRefundNotice,
  PAYMENT_PROVIDER,
  type PaymentProvider,
} from './payment-provider.js';

/**
 * What a command handler that goes through the payment provider holds: the repository to load a stream's state
 * and record the provider's answer on it, and the provider to ask in between. Billing's plan changes, cancellation
 * and sandbox payments and income's funding and refunds extend it.
 */
@Injectable()
export abstract class PaymentHandler {
  constructor(
    protected readonly repository: AggregateRepository,
    @Inject(PAYMENT_PROVIDER) protected readonly provider: PaymentProvider,
  ) {}
}

/**
 * A one-off payment may have moved on at the provider: what it became is recorded by whoever owns the payment (income's
 * funding, `SettleFundingHandler`). Sent by the provider's webhook and by the funding check; billing only passes it on.
 */
export class SettleOneOffPaymentCommand extends CommandInContext<
  OneOffPaymentNotice,
  { recorded: 'funded' | 'failed' | null; position: number | null }
> {}

/**
 * A refund the provider had accepted may have failed since: its owner (income's `SettleRefundHandler`) asks the
 * provider and, if so, records the money owed back again. Sent by the provider's webhook.
 */
export class SettleOneOffRefundCommand extends CommandInContext<
  OneOffRefundNotice,
  { reopened: boolean; position: number | null }
> {}
