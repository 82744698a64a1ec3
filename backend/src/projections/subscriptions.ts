import { BILLING_EVENT_TYPES, type BillingEvent } from '../domains/billing/events.js';
import type { SubscriptionStatus } from '../domains/billing/billing.decider.js';
import { PLANS, type Tier } from '../domains/plans/plans.js';
import { defineProjection } from '../platform/projection-engine/projection.js';
import { upcasters } from '../domains/upcasters.js';

export interface BillingHistoryEntry {
  at: string;
  kind:
    | 'checkout'
    | 'plan-changed'
    | 'payment'
    | 'renewal'
    | 'payment-failed'
    | 'past-due'
    | 'cancellation-scheduled'
    | 'cancellation-withdrawn'
    | 'canceled';
  tier: Tier | null;
  /** NZD, for payments. */
  amount: number | null;
  note: string | null;
}

/** One document per user: what GET /api/subscription/status, the User's subscription fields and /billing show. */
export interface SubscriptionDoc {
  _id: string;
  status: SubscriptionStatus;
  tier: Tier | null;
  /** Unix seconds; null for the one-time Starter plan. */
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  provider: 'stripe' | 'sandbox';
  customerId: string | null;
  reference: string | null;
  pending: { tier: Tier; reference: string; amountDue: number; setupFeeWaived: boolean } | null;
  lastPaymentError: string | null;
  /** Newest first, at most HISTORY_LIMIT entries. */
  history: BillingHistoryEntry[];
  updatedAt: string;
}

const HISTORY_LIMIT = 50;

const REPLACED = 'Replaced by a later checkout: nothing was charged for it';

/** The history with its newest checkout line (the one that waited) marked as replaced. */
function replacedCheckout(history: readonly BillingHistoryEntry[]): BillingHistoryEntry[] {
  const at = history.findIndex((entry) => entry.kind === 'checkout');
  if (at === -1) return [...history];
  const entry = history[at]!;
  const note = entry.note ? `${entry.note}. ${REPLACED}` : REPLACED;
  return history.map((e, i) => (i === at ? { ...entry, note } : e));
}

export const subscriptionsProjection = defineProjection<SubscriptionDoc, BillingEvent>({
  upcasters,
  name: 'subscriptions',
  // 2: a replaced checkout's line says so.
  version: 2,
  eventTypes: BILLING_EVENT_TYPES,
  keys: (event) => [event.data.userId],
  evolve(doc, event, id) {
    const at = event.metadata.occurredAt;
    const log = (base: SubscriptionDoc, entry: Omit<BillingHistoryEntry, 'at'>): SubscriptionDoc => ({
      ...base,
      history: [{ at, ...entry }, ...base.history].slice(0, HISTORY_LIMIT),
      updatedAt: at,
    });
    if (event.type === 'CheckoutStarted') {
      const { tier, reference, amountDue, setupFeeWaived, provider, customerId } = event.data;
      const base: SubscriptionDoc = doc ?? {
        _id: id,
        status: 'inactive',
        tier: null,
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
        provider,
        customerId,
        reference: null,
        pending: null,
        lastPaymentError: null,
        history: [],
        updatedAt: at,
      };
      const stillPaying = base.status === 'active' || base.status === 'past_due';
      // A checkout started while another waited replaces it: the handler cancelled that one at the payment provider
      // first (one payable checkout at a time), so its line says so rather than stay a checkout still to pay.
      const history = base.pending ? replacedCheckout(base.history) : base.history;
      return log(
        {
          ...base,
          history,
          provider,
          customerId: customerId ?? base.customerId,
          status: stillPaying ? base.status : 'incomplete',
          pending: { tier, reference, amountDue, setupFeeWaived },
          lastPaymentError: null,
        },
        {
          kind: 'checkout',
          tier,
          amount: null,
          note: setupFeeWaived ? 'Early-access waiver: first payment waived' : null,
        },
      );
    }
    if (!doc) return null;
    switch (event.type) {
      case 'PlanChanged': {
        const { fromTier, toTier, amountCharged, amountCredited, currentPeriodEnd } = event.data;
        // Null when recorded from the provider's record of the subscription: the proration is on its invoice.
        const proration = amountCharged === null || amountCredited === null ? null : amountCharged - amountCredited;
        const settled =
          proration === null
            ? `${PLANS[fromTier].name} → ${PLANS[toTier].name}: as the payment provider bills it (see its invoices)`
            : proration > 0
              ? `${PLANS[fromTier].name} → ${PLANS[toTier].name}: the rest of this period charged now`
              : proration < 0
                ? `${PLANS[fromTier].name} → ${PLANS[toTier].name}: the unused part credited to your next invoices`
                : `${PLANS[fromTier].name} → ${PLANS[toTier].name}`;
        return log(
          { ...doc, tier: toTier, currentPeriodEnd },
          { kind: 'plan-changed', tier: toTier, amount: proration, note: settled },
        );
      }
      case 'SubscriptionActivated': {
        const { tier, reference, currentPeriodEnd, amountPaid } = event.data;
        return log(
          {
            ...doc,
            status: 'active',
            tier,
            reference,
            currentPeriodEnd,
            cancelAtPeriodEnd: false,
            pending: null,
            lastPaymentError: null,
          },
          { kind: 'payment', tier, amount: amountPaid, note: null },
        );
      }
      case 'SubscriptionRenewed':
        return log(
          { ...doc, status: 'active', currentPeriodEnd: event.data.currentPeriodEnd, lastPaymentError: null },
          { kind: 'renewal', tier: doc.tier, amount: event.data.amountPaid, note: null },
        );
      case 'SubscriptionPastDue':
        return log({ ...doc, status: 'past_due' }, { kind: 'past-due', tier: doc.tier, amount: null, note: null });
      case 'SubscriptionCanceled':
        return log(
          { ...doc, status: 'canceled', cancelAtPeriodEnd: false },
          { kind: 'canceled', tier: doc.tier, amount: null, note: null },
        );
      case 'PaymentFailed':
        return log(
          { ...doc, lastPaymentError: event.data.reason },
          { kind: 'payment-failed', tier: doc.pending?.tier ?? doc.tier, amount: null, note: event.data.reason },
        );
      case 'CancellationScheduled':
        return log(
          { ...doc, cancelAtPeriodEnd: true },
          { kind: 'cancellation-scheduled', tier: doc.tier, amount: null, note: null },
        );
      case 'CancellationWithdrawn':
        return log(
          { ...doc, cancelAtPeriodEnd: false },
          { kind: 'cancellation-withdrawn', tier: doc.tier, amount: null, note: null },
        );
      default: {
        const _exhaustive: never = event;
        return doc;
      }
    }
  },
});

/** The spec's rule for creating tokens (section 6): an active subscription, or the one-time Starter plan. */
export function canCreateTokens(doc: Pick<SubscriptionDoc, 'status' | 'tier'> | null): boolean {
  return !!doc && (doc.status === 'active' || doc.tier === 'starter');
}
