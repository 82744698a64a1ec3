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
  /**
   * The tier the provider bills a monthly subscription at now (Stripe: its item's price, by the configured price
   * ids); null when it names no price of Kauri's, or the provider does not know the subscription.
   */
  subscriptionTier(reference: string): Promise<Tier | null>;
  /** Ask the provider to end a monthly subscription at the close of the paid period. */
  scheduleCancellation(reference: string): Promise<void>;
  /** A billing portal page (invoices, payment method, history) for the customer. */
  portalUrl(customerId: string, returnUrl: string): Promise<string>;
  /**
   * A one-off payment (an owner funding a distribution to their token's holders), created but not confirmed. Its
   * parameters come from the attempt alone (never the card), so the same idempotency key gives back the same
   * payment — Stripe keeps a key 24 hours, the sandbox for its process's life. What is recorded is the answer's
   * `reference`: every later question about the attempt is asked of that payment (`paymentStatus`), never of the key.
   */
  createPayment(request: OneOffPayment): Promise<{ reference: string; status: PaymentStatus }>;
  /** Where a created payment stands now. */
  paymentStatus(reference: string): Promise<PaymentStatus>;
  /**
   * Refuses, before anything is recorded, a payment method the owner's form got wrong (400, each field's message):
   * a card form with a mistake, or no method at all when one is `required` (nothing yet to ask the provider about).
   * So a mistyped card never leaves an attempt that reads as a payment under way.
   */
  checkPaymentMethod(method: PaymentMethodInput, required: boolean): void;
  /**
   * Confirms an unpaid payment with the owner's card: a declined card is an answer (`unpaid`, with why); a card form
   * that is not even complete, or none, is refused (400) and nothing is charged. A payment that is no longer unpaid
   * (paid, processing, cancelled meanwhile) is not confirmed again: its status is the answer.
   */
  confirmPayment(reference: string, method: PaymentMethodInput): Promise<PaymentStatus>;
  /**
   * Makes a payment impossible to pay: `canceled`, or — when the provider has taken or is taking it — what it is
   * (`paid`, `processing`), and nothing is changed.
   */
  cancelPayment(reference: string): Promise<PaymentStatus>;
  /**
   * Gives back (part of) a one-off charge (a cancelled distribution's funding). The same idempotency key never
   * refunds twice. A refund the provider refuses is an answer (`failed`); an unreachable provider throws (502) and
   * nothing is known: ask again with the same key.
   */
  refundOnce(request: OneOffRefund): Promise<RefundOutcome>;
  /**
   * What became of a refund the provider accepted (`refundOnce`'s reference): a card refund can still fail days later
   * (the card's account closed), and the money is then the platform's again, owed back once more.
   */
  refundStatus(reference: string): Promise<RefundStatus>;
}

export interface OneOffRefund {
  idempotencyKey: string;
  /** What the refund is for, kept with it at the provider (Stripe's metadata: how its webhook finds it). */
  distributionId: string;
  /** The payment's reference (`createPayment`'s: Stripe's PaymentIntent id). */
  reference: string;
  amountCents: number;
}

export type RefundStatus = { kind: 'refunded' } | { kind: 'pending' } | { kind: 'failed'; reason: string };

export type RefundOutcome = { kind: 'refunded'; reference: string } | { kind: 'failed'; reason: string };

/**
 * The provider refused to create a payment of this amount: below its smallest charge (Stripe's: NZD 0.50, or its
 * equivalent in the account's settlement currency) or above its largest (Stripe's: NZD 999,999.99 a charge). Nothing
 * was created, so nothing can be charged.
 */
export class PaymentAmountRefused extends Error {
  constructor(
    readonly providerMessage: string,
    readonly tooLarge: boolean,
  ) {
    super(`payment amount refused: ${providerMessage}`);
  }
}

/** Stripe's largest charge in NZD cents (its `amount_too_large`), which its test mode and the sandbox refuse too. */
export const LARGEST_CHARGE_CENTS = 99_999_999;

export interface OneOffPayment {
  idempotencyKey: string;
  userId: string;
  /** Cents (NZD). */
  amountCents: number;
  description: string;
  /** What the payment is for, kept with it at the provider (Stripe's metadata). */
  distributionId: string;
  attemptId: string;
}

/** The refusal of a payment without a card (or Stripe's payment method). */
export const NO_PAYMENT_METHOD = 'Enter a card to pay with';

export interface PaymentMethodInput {
  /** The sandbox's card form (one of Stripe's test cards). */
  card: { number: string; expiry: string; cvc: string } | null;
  /** Stripe: the payment method the browser's Payment Element created (pm_…). */
  paymentMethodId: string | null;
}

/**
 * A one-off payment's state, as the provider reports it (Stripe's PaymentIntent statuses, grouped by what funding
 * does with them): `paid` (succeeded), `processing` (the card network has not answered yet: neither paid nor
 * failed), `action-required` (the card's bank asks the payer to authenticate: not paid yet), `unpaid` (never
 * confirmed, or declined — `declined` says why — and can be confirmed with another card), `canceled` (can never be
 * paid).
 */
export type PaymentStatus =
  | { kind: 'paid' }
  | { kind: 'processing' }
  | {
      kind: 'action-required';
      /** Stripe: the intent's client secret, with which the payer's browser authenticates (Stripe.js). */
      clientSecret?: string;
    }
  | { kind: 'unpaid'; declined: string | null }
  | { kind: 'canceled' };

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
  | { kind: 'cancel_at_period_end'; cancelAtPeriodEnd: boolean; currentPeriodEnd: number | null }
  /**
   * The tier the provider bills the subscription at, from its own record read after the stream was loaded
   * (`subscriptionTier`, asked when a webhook says the subscription changed) — not from a webhook's payload, which
   * may be a late or repeated delivery of an older state. Neither the seen list nor the ordering applies to it.
   */
  | { kind: 'plan_changed'; tier: Tier };

/**
 * The provider says a one-off payment moved on (a distribution's funding: Stripe's `payment_intent.succeeded` or
 * `.canceled`). Only which payment it is about: its status is asked of the provider when the notice is acted on,
 * never taken from the delivery, which may be a late or repeated copy.
 */
export interface OneOffPaymentNotice {
  distributionId: string;
  /** The payment named (Stripe's PaymentIntent id); null: whichever payment the pending attempt recorded. */
  reference: string | null;
}

/** The provider says a refund it had accepted failed (Stripe's `refund.failed`): which refund, nothing more. */
export interface OneOffRefundNotice {
  distributionId: string;
  reference: string;
}

/** A verified webhook delivery, reduced to what Kauri acts on. */
export type WebhookNotice =
  | { kind: 'subscription'; event: ProviderEvent }
  | { kind: 'one-off-payment'; payment: OneOffPaymentNotice }
  | { kind: 'one-off-refund'; refund: OneOffRefundNotice };

export const PAYMENT_PROVIDER = Symbol('PaymentProvider');
