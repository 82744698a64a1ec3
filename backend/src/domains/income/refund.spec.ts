/**
 * A funded distribution cancelled before paying gives the owner's card payment back, through the real `stripe` SDK
 * (talking to a local stand-in for Stripe's API), exactly once: the cancellation is the recorded intent, the refund
 * is asked with a key made from the distribution's id, and a crash between Stripe's refund and its record asks again
 * with the same key (Stripe answers a repeated key with the first refund). A refund Stripe refuses is recorded for
 * operations, whose retry uses the next key.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import { systemContext } from '../../platform/command-context.js';
import { MemoryEventStore } from '../../platform/event-store/memory-event-store.js';
import { StripeStandIn } from '../../testing/stripe-stand-in.js';
import type { OneOffRefund, PaymentProvider, RefundOutcome } from '../billing/payment-provider.js';
import { StripePaymentProvider } from '../billing/stripe-provider.js';
import { distribution } from './distribution.decider.js';
import {
  FundDistributionCommand,
  FundDistributionHandler,
  RefundDistributionCommand,
  RefundDistributionHandler,
} from './distribution.handlers.js';
import { approvedDistribution } from './distribution.test-support.js';
import { distributionStream } from './events.js';

const OWNER = 'f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a5b';
const context = systemContext('test', 'corr-refund', '2026-11-27T01:00:00.000Z');

/** The real Stripe provider, killed (once, when asked) after Stripe refunded and before the answer was recorded. */
class CrashingRefunds {
  crashNext = false;
  constructor(readonly stripe: StripePaymentProvider) {}
  createPayment = (request: Parameters<PaymentProvider['createPayment']>[0]) => this.stripe.createPayment(request);
  paymentStatus = (reference: string) => this.stripe.paymentStatus(reference);
  checkPaymentMethod = (method: Parameters<PaymentProvider['checkPaymentMethod']>[0], required: boolean) =>
    this.stripe.checkPaymentMethod(method, required);
  confirmPayment = (reference: string, method: Parameters<PaymentProvider['confirmPayment']>[1]) =>
    this.stripe.confirmPayment(reference, method);
  cancelPayment = (reference: string) => this.stripe.cancelPayment(reference);
  async refundOnce(request: OneOffRefund): Promise<RefundOutcome> {
    const outcome = await this.stripe.refundOnce(request);
    if (this.crashNext) {
      this.crashNext = false;
      throw new Error('process killed after the refund');
    }
    return outcome;
  }
}

describe('refunding a cancelled distribution’s funding (Stripe)', () => {
  let standIn: StripeStandIn;
  let provider: CrashingRefunds;
  beforeAll(async () => {
    standIn = await StripeStandIn.start();
    provider = new CrashingRefunds(new StripePaymentProvider(standIn.config));
  });
  afterAll(() => standIn.close());

  /** A distribution declared, approved, funded by card through Stripe, then cancelled by its owner. */
  async function cancelledAfterFunding(store: MemoryEventStore, id: string) {
    const repository = new AggregateRepository(store, { error: () => undefined });
    await approvedDistribution(repository, id, OWNER, context);
    await new FundDistributionHandler(repository, provider as unknown as PaymentProvider).execute(
      new FundDistributionCommand(id, OWNER, { card: null, paymentMethodId: 'pm_card_visa' }, context),
    );
    await repository.handle(
      distribution,
      distributionStream(id),
      { type: 'CancelDistribution', distributionId: id, userId: OWNER, isAdmin: false, reason: 'Sold the building' },
      context,
    );
    return repository;
  }

  const refunds = () => standIn.requests.filter((r) => r.path === '/v1/refunds');

  it('a crash between Stripe’s refund and its record: the retry sends the same key, and one refund is recorded', async () => {
    const id = '0b6c1b9e-1f3c-4f6a-9a61-2c3d4e5f6a71';
    const store = new MemoryEventStore();
    await cancelledAfterFunding(store, id);
    const before = refunds().length;
    provider.crashNext = true;
    const handler = () =>
      new RefundDistributionHandler(
        new AggregateRepository(store, { error: () => undefined }),
        provider as unknown as PaymentProvider,
      );
    await expect(handler().execute(new RefundDistributionCommand(id, context))).rejects.toThrow('process killed');
    // A fresh process asks again.
    expect(await handler().execute(new RefundDistributionCommand(id, context))).toMatchObject({ outcome: 'refunded' });
    expect(await handler().execute(new RefundDistributionCommand(id, context))).toMatchObject({
      outcome: 'nothing owed',
    });
    const sent = refunds().slice(before);
    expect(sent.map((r) => r.idempotencyKey)).toEqual([`distribution-${id}-refund-0`, `distribution-${id}-refund-0`]);
    const funding = standIn.requests.find(
      (r) => r.path === '/v1/payment_intents' && r.form['metadata[distributionId]'] === id,
    )!;
    expect(sent[0]!.form).toMatchObject({ amount: '7500', payment_intent: expect.stringMatching(/^pi_/) });
    expect(funding.form.amount).toBe('7500');
    const events = await store.readStream(distributionStream(id));
    expect(events.map((e) => e.type)).toEqual([
      'DistributionDeclared',
      'DistributionApproved',
      'DistributionFundingStarted',
      'DistributionFundingIntentCreated',
      'DistributionFunded',
      'DistributionCancelled',
      'DistributionRefunded',
    ]);
    expect(events.at(-1)!.data).toMatchObject({ amount: 75_00, reference: expect.stringMatching(/^re_/) });
  });

  it('a refund Stripe refuses is recorded with its reason; the retry uses the next key and refunds once', async () => {
    const id = 'c0ffee00-1111-4222-8333-444455556666';
    const store = new MemoryEventStore();
    const repository = await cancelledAfterFunding(store, id);
    const handler = new RefundDistributionHandler(repository, provider as unknown as PaymentProvider);
    standIn.refuseNextRefund = 'Charge has been disputed.';
    expect(await handler.execute(new RefundDistributionCommand(id, context))).toMatchObject({
      outcome: 'failed',
      reason: 'Charge has been disputed.',
    });
    expect(await handler.execute(new RefundDistributionCommand(id, context))).toMatchObject({ outcome: 'refunded' });
    const keys = refunds()
      .filter((r) => r.idempotencyKey?.includes(id))
      .map((r) => r.idempotencyKey);
    expect(keys).toEqual([`distribution-${id}-refund-0`, `distribution-${id}-refund-1`]);
    const types = (await store.readStream(distributionStream(id))).map((e) => e.type);
    expect(types.slice(-3)).toEqual(['DistributionCancelled', 'DistributionRefundFailed', 'DistributionRefunded']);
  });
});
