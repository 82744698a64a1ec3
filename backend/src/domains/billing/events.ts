import {
  boolean,
  eventTypesOf,
  id,
  int,
  literal,
  nullable,
  number,
  object,
  oneOf,
  string,
  type EventSchemas,
} from '../../platform/event-schema.js';
import { TIERS, type Tier } from '../plans/plans.js';

/**
 * Events of one user's plan, in the stream `billing-<userId>`. No card data ever reaches Kauri: the payment
 * provider holds it, and events name the provider's references (customer, subscription or payment) only.
 * Events that come from the provider carry its event id and creation time (Unix seconds), which is what
 * makes webhooks idempotent and keeps a late, older event from undoing a newer state.
 */
export type ProviderKind = 'stripe' | 'sandbox';

/** Where a change came from: the provider's event, or Kauri itself (a waived plan, a user's request). */
export interface ProviderStamp {
  providerEventId: string;
  providerCreatedAt: number;
}

export interface CheckoutStarted {
  type: 'CheckoutStarted';
  data: {
    userId: string;
    tier: Tier;
    provider: ProviderKind;
    /** The provider's subscription (monthly tiers) or one-time payment (starter). */
    reference: string;
    /** The provider's customer; null when nothing was charged (a waived Starter plan). */
    customerId: string | null;
    /** NZD charged now: the plan price, or 0 when the early-access waiver covers the first payment. */
    amountDue: number;
    setupFeeWaived: boolean;
  };
}

export interface SubscriptionActivated {
  type: 'SubscriptionActivated';
  data: ProviderStamp & {
    userId: string;
    tier: Tier;
    reference: string;
    currentPeriodEnd: number | null;
    amountPaid: number;
  };
}

export interface SubscriptionRenewed {
  type: 'SubscriptionRenewed';
  data: ProviderStamp & { userId: string; reference: string; currentPeriodEnd: number; amountPaid: number };
}

export interface SubscriptionPastDue {
  type: 'SubscriptionPastDue';
  data: ProviderStamp & { userId: string; reference: string };
}

export interface SubscriptionCanceled {
  type: 'SubscriptionCanceled';
  data: ProviderStamp & { userId: string; reference: string };
}

export interface PaymentFailed {
  type: 'PaymentFailed';
  data: ProviderStamp & { userId: string; reference: string; reason: string };
}

/** The plan ends at the close of the paid period instead of renewing. */
export interface CancellationScheduled {
  type: 'CancellationScheduled';
  data: {
    userId: string;
    reference: string;
    currentPeriodEnd: number | null;
    requestedBy: 'user' | 'provider';
    providerEventId: string | null;
  };
}

/** A scheduled cancellation was withdrawn (in the provider's billing portal): the plan renews again. */
export interface CancellationWithdrawn {
  type: 'CancellationWithdrawn';
  data: ProviderStamp & { userId: string; reference: string };
}

/**
 * The monthly plan moved to another monthly tier (an upgrade or a downgrade) on the same provider subscription.
 * `requestedBy: 'user'`: recorded from the provider's answer to the user's change; the rest of the period is prorated
 * at once: `amountCharged` is what the provider charged now (an upgrade), `amountCredited` what it credited to the
 * next invoices (a downgrade), NZD; the other is 0. `requestedBy: 'provider'`: the provider's own record of the
 * subscription (read when its webhook `providerEventId` came) bills another tier than the log held — a change whose
 * answer was never recorded (a crash after the provider moved it), or one made at the provider; the amounts are then
 * null (the provider's invoice holds the proration). Version 2; version 1 (no `requestedBy`, `providerEventId`) was
 * always the user's (upcasters.ts).
 */
export interface PlanChanged {
  type: 'PlanChanged';
  data: {
    userId: string;
    reference: string;
    fromTier: Tier;
    toTier: Tier;
    amountCharged: number | null;
    amountCredited: number | null;
    currentPeriodEnd: number | null;
    requestedBy: 'user' | 'provider';
    providerEventId: string | null;
  };
}

export type BillingEvent =
  | CheckoutStarted
  | PlanChanged
  | SubscriptionActivated
  | SubscriptionRenewed
  | SubscriptionPastDue
  | SubscriptionCanceled
  | PaymentFailed
  | CancellationScheduled
  | CancellationWithdrawn;

/** Field shapes shared by the events and the decider's own checks. */
export const BILLING_FIELDS = {
  tier: oneOf(TIERS),
  provider: literal('stripe', 'sandbox'),
  reference: id(),
  customerId: nullable(id()),
  /** NZD. */
  amount: number({ min: 0 }),
  /** NZD: charged (positive) or credited (negative) for the rest of the period. */
  proration: number({ min: -1_000_000, max: 1_000_000 }),
  /** Unix seconds. */
  time: int(),
  periodEnd: nullable(int()),
  providerEventId: id(),
  reason: string({ nonEmpty: true, max: 1000 }),
};
const { reference, amount, time, periodEnd } = BILLING_FIELDS;
const stamped = { providerEventId: BILLING_FIELDS.providerEventId, providerCreatedAt: time, userId: id(), reference };

export const billingEventSchemas = {
  CheckoutStarted: object({
    userId: id(),
    tier: BILLING_FIELDS.tier,
    provider: BILLING_FIELDS.provider,
    reference,
    customerId: BILLING_FIELDS.customerId,
    amountDue: amount,
    setupFeeWaived: boolean(),
  }),
  PlanChanged: object({
    userId: id(),
    reference,
    fromTier: BILLING_FIELDS.tier,
    toTier: BILLING_FIELDS.tier,
    amountCharged: nullable(amount),
    amountCredited: nullable(amount),
    currentPeriodEnd: periodEnd,
    requestedBy: literal('user', 'provider'),
    providerEventId: nullable(BILLING_FIELDS.providerEventId),
  }),
  SubscriptionActivated: object({
    ...stamped,
    tier: BILLING_FIELDS.tier,
    currentPeriodEnd: periodEnd,
    amountPaid: amount,
  }),
  SubscriptionRenewed: object({ ...stamped, currentPeriodEnd: time, amountPaid: amount }),
  SubscriptionPastDue: object(stamped),
  SubscriptionCanceled: object(stamped),
  PaymentFailed: object({ ...stamped, reason: BILLING_FIELDS.reason }),
  CancellationScheduled: object({
    userId: id(),
    reference,
    currentPeriodEnd: periodEnd,
    requestedBy: literal('user', 'provider'),
    providerEventId: nullable(BILLING_FIELDS.providerEventId),
  }),
  CancellationWithdrawn: object(stamped),
} satisfies EventSchemas<BillingEvent>;

export const BILLING_EVENT_TYPES = eventTypesOf(billingEventSchemas);

export const billingStream = (userId: string) => `billing-${userId}`;
