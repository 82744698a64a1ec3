import type { BillingEvent } from '../domains/billing/events.js';
import { project } from '../platform/projection-engine/projection.js';
import { recorded } from '../testing/recorded.js';
import { canCreateTokens, subscriptionsProjection } from './subscriptions.js';

const userId = 'u-1';
const stamp = (n: number) => ({ providerEventId: `evt_${n}`, providerCreatedAt: n });

describe('subscriptions projection', () => {
  it('given a declined card, then a payment and a scheduled cancellation, then the status, period end and history newest first', () => {
    const events: BillingEvent[] = [
      {
        type: 'CheckoutStarted',
        data: {
          userId,
          tier: 'professional',
          provider: 'sandbox',
          reference: 'sub_1',
          customerId: 'cus_1',
          amountDue: 199,
          setupFeeWaived: false,
        },
      },
      { type: 'PaymentFailed', data: { ...stamp(1), userId, reference: 'sub_1', reason: 'Your card was declined.' } },
      {
        type: 'SubscriptionActivated',
        data: {
          ...stamp(2),
          userId,
          tier: 'professional',
          reference: 'sub_1',
          currentPeriodEnd: 1_800_000_000,
          amountPaid: 199,
        },
      },
      {
        type: 'CancellationScheduled',
        data: {
          userId,
          reference: 'sub_1',
          currentPeriodEnd: 1_800_000_000,
          requestedBy: 'user',
          providerEventId: null,
        },
      },
    ];
    const doc = project(subscriptionsProjection, recorded(`billing-${userId}`, events)).get(userId)!;
    expect(doc).toMatchObject({
      _id: userId,
      status: 'active',
      tier: 'professional',
      currentPeriodEnd: 1_800_000_000,
      cancelAtPeriodEnd: true,
      provider: 'sandbox',
      customerId: 'cus_1',
      reference: 'sub_1',
      pending: null,
      lastPaymentError: null,
    });
    expect(doc.history.map((h) => [h.kind, h.amount, h.note])).toEqual([
      ['cancellation-scheduled', null, null],
      ['payment', 199, null],
      ['payment-failed', null, 'Your card was declined.'],
      ['checkout', null, null],
    ]);
    expect(canCreateTokens(doc)).toBe(true);
  });

  it('given only a checkout, then the status is incomplete and tokens cannot be created; past due locks them too', () => {
    const started: BillingEvent = {
      type: 'CheckoutStarted',
      data: {
        userId,
        tier: 'enterprise',
        provider: 'stripe',
        reference: 'sub_1',
        customerId: 'cus_1',
        amountDue: 999,
        setupFeeWaived: false,
      },
    };
    const doc = project(subscriptionsProjection, recorded(`billing-${userId}`, [started])).get(userId)!;
    expect(doc).toMatchObject({
      status: 'incomplete',
      tier: null,
      pending: { tier: 'enterprise', reference: 'sub_1', amountDue: 999 },
    });
    expect(canCreateTokens(doc)).toBe(false);
    expect(canCreateTokens({ status: 'past_due', tier: 'professional' })).toBe(false);
    expect(canCreateTokens({ status: 'canceled', tier: 'starter' })).toBe(true);
    expect(canCreateTokens(null)).toBe(false);
  });
  it('given a checkout replaced by another, then a waived Starter replacing that, then each replaced line says nothing was charged', () => {
    const checkout = (
      tier: 'professional' | 'enterprise' | 'starter',
      reference: string,
      amountDue: number,
      waived = false,
    ) =>
      ({
        type: 'CheckoutStarted',
        data: { userId, tier, provider: 'stripe', reference, customerId: 'cus_1', amountDue, setupFeeWaived: waived },
      }) as const;
    const events: BillingEvent[] = [
      checkout('professional', 'sub_1', 199),
      checkout('enterprise', 'sub_2', 999),
      checkout('starter', 'waiver_1', 0, true),
      {
        type: 'SubscriptionActivated',
        data: { ...stamp(1), userId, tier: 'starter', reference: 'waiver_1', currentPeriodEnd: null, amountPaid: 0 },
      },
    ];
    const doc = project(subscriptionsProjection, recorded(`billing-${userId}`, events)).get(userId)!;
    const replaced = 'Replaced by a later checkout: nothing was charged for it';
    expect(doc.history.map((h) => [h.kind, h.tier, h.note])).toEqual([
      ['payment', 'starter', null],
      ['checkout', 'starter', 'Early-access waiver: first payment waived'],
      ['checkout', 'enterprise', replaced],
      ['checkout', 'professional', replaced],
    ]);
    expect(doc).toMatchObject({ status: 'active', tier: 'starter', pending: null });
  });
});
