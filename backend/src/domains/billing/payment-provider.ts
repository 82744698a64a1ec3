import type { Tier } from '../plans/plans.js';
import type { ProviderKind } from './events.js';

/**
 * The port to a payment provider: Stripe when its keys are set, the in-process sandbox otherwise. The
 * provider holds customers, cards and invoices; Kauri records only what it learns from the provider's events.
 */
export interface PaymentProvider {
  readonly kind: ProviderKind;
  /** Browser-side key for the provider's payment form (Stripe's publishable key); null for the sandbox. */
  readonly publishableKey: string | null;
  startCheckout(request: CheckoutRequest): Promise<Checkout>;
  /**
   * Makes a started checkout impossible to pay, before a newer one replaces it: 'abandoned', or 'paid' when the
   * provider has already taken (or is taking) its payment — then nothing is changed and its event is on its way.
   */
  abandonCheckout(reference: string): Promise<'abandoned' | 'paid'>;
  /**
   * Move a monthly subscription to another monthly tier, prorating the rest of the period at once (charged for an
   * upgrade, credited to the next invoices for a downgrade). Throws (402) and changes nothing when the charge fails.
   */
  changePlan(request: PlanChangeRequest): Promise<PlanChange>;
  /** Ask the provider to end a monthly subscription at the close of the paid period. */
  scheduleCancellation(reference: string): Promise<void>;
  /** A billing portal page (invoices, payment method, history) for the customer. */
  portalUrl(customerId: string, returnUrl: string): Promise<string>;
  /**
   * One charge, paid at once (an owner funding a distribution to their token's holders). The same idempotency key
   * never charges twice: a retry after a crash gets the first answer. A declined card is an answer, not an error;
   * a card form that is not even complete is refused (400) and nothing is charged.
   */
  chargeOnce(request: OneOffCharge): Promise<OneOffOutcome>;
  /**
   * Gives back (part of) a one-off charge (a cancelled distribution's funding). The same idempotency key never
   * refunds twice. A refund the provider refuses is an answer (`failed`); an unreachable provider throws (502) and
   * nothing is known: ask again with the same key.
   */
  refundOnce(request: OneOffRefund): Promise<RefundOutcome>;
}

export interface OneOffRefund {
  idempotencyKey: string;
  /** The charge's reference (`chargeOnce`'s: Stripe's PaymentIntent id). */
  reference: string;
  amountCents: number;
}

export type RefundOutcome = { kind: 'refunded'; reference: string } | { kind: 'failed'; reason: string };

export interface OneOffCharge {
  idempotencyKey: string;
  userId: string;
  /** Cents (NZD). */
  amountCents: number;
  description: string;
  /** The sandbox's card form (one of Stripe's test cards). */
  card: { number: string; expiry: string; cvc: string } | null;
  /** Stripe: the payment method the browser's Payment Element created (pm_…). */
  paymentMethodId: string | null;
}

export type OneOffOutcome = { kind: 'paid'; reference: string } | { kind: 'failed'; reason: string };

export interface CheckoutRequest {
  userId: string;
  email: string;
  tier: Tier;
  /** Reused when the user has paid before. */
  customerId: string | null;
  /** NZD charged now; 0 when the early-access waiver covers the first payment. */
  amountDue: number;
}

export interface PlanChangeRequest {
  reference: string;
  from: Tier;
  to: Tier;
  /** Unix seconds: the end of the period being prorated (the sandbox's own record; Stripe knows its own). */
  currentPeriodEnd: number | null;
  now: Date;
}

export interface PlanChange {
  /** NZD charged now (positive) or credited (negative). */
  proration: number;
  currentPeriodEnd: number | null;
}

export interface Checkout {
  customerId: string;
  reference: string;
  /** What the browser's payment form confirms; `intent` says whether it takes a payment or saves a card. */
  clientSecret: string;
  intent: 'payment' | 'setup';
}

/** A provider's event, reduced to what billing acts on. `created` is Unix seconds. */
export interface ProviderEvent {
  id: string;
  created: number;
  userId: string;
  reference: string;
  change: ProviderChange;
}

export type ProviderChange =
  | { kind: 'activated'; tier: Tier; currentPeriodEnd: number | null; amountPaid: number }
  | { kind: 'renewed'; currentPeriodEnd: number; amountPaid: number }
  | { kind: 'past_due' }
  | { kind: 'canceled' }
  | { kind: 'payment_failed'; reason: string }
  | { kind: 'cancel_at_period_end'; cancelAtPeriodEnd: boolean; currentPeriodEnd: number | null };

export const PAYMENT_PROVIDER = Symbol('PaymentProvider');
