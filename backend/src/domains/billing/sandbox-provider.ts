import { randomBytes } from 'node:crypto';
import { DomainError, requireValidFields } from '../../platform/errors.js';
import { PLANS, type Tier } from '../plans/plans.js';
import { ERROR_TITLES } from '../../messages.js';
import type {
  Checkout,
  CheckoutRequest,
  OneOffPayment,
  OneOffRefund,
  PaymentMethodInput,
  PaymentProvider,
  PaymentStatus,
  PlanChange,
  PlanChangeRequest,
  ProviderEvent,
  RefundOutcome,
  RefundStatus,
} from './payment-provider.js';
import { LARGEST_CHARGE_CENTS, NO_PAYMENT_METHOD, PaymentAmountRefused } from './payment-provider.js';

/** Stripe's well-known test cards that decline, with Stripe's messages; any other valid number is approved. */
export const DECLINING_TEST_CARDS: ReadonlyMap<string, string> = new Map([
  ['4000000000000002', 'Your card was declined.'],
  ['4000000000009995', 'Your card has insufficient funds.'],
  ['4000000000000069', 'Your card has expired.'],
  ['4000000000000127', "Your card's security code is incorrect."],
]);

/**
 * Stripe's test card whose bank asks the payer to authenticate (3D Secure): a one-off payment confirmed with it waits
 * for that (`action-required`), which the sandbox's test-card forms cannot do (Stripe's dialog can). A subscription's
 * checkout in the sandbox has no such step: there it pays as any other card.
 */
export const AUTHENTICATION_TEST_CARD = '4000002500003155';

export interface TestCard {
  number: string;
  /** MM/YY */
  expiry: string;
  cvc: string;
}

const id = (prefix: string) => `${prefix}_sandbox_${randomBytes(12).toString('hex')}`;

/** Card-form mistakes are refused before anything is recorded (like Stripe's client-side checks), all at once. */
export function checkTestCard(card: TestCard, now: Date): void {
  const digits = card.number.replace(/[\s-]/g, '');
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry.trim());
  const month = Number(expiry?.[1]);
  const year = 2000 + Number(expiry?.[2]);
  const incomplete = !expiry || month < 1 || month > 12;
  const past = year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
  requireValidFields(
    [
      !(/^\d{13,19}$/.test(digits) && luhn(digits)) && { field: 'number', message: 'Your card number is incorrect.' },
      incomplete && { field: 'expiry', message: "Your card's expiration date is incomplete." },
      !incomplete && past && { field: 'expiry', message: "Your card's expiration year is in the past." },
      !/^\d{3,4}$/.test(card.cvc.trim()) && { field: 'cvc', message: "Your card's security code is incomplete." },
    ],
    { title: ERROR_TITLES.paymentFailed },
  );
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** One calendar month on, in Unix seconds (the 31st becomes the last day of a shorter month). */
export function oneMonthAfter(now: Date): number {
  const next = new Date(
    Date.UTC(
      now.getUTCFullYear(),
      now.getUTCMonth() + 1,
      1,
      now.getUTCHours(),
      now.getUTCMinutes(),
      now.getUTCSeconds(),
    ),
  );
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(now.getUTCDate(), lastDay));
  return Math.floor(next.getTime() / 1000);
}

/** One calendar month before, in Unix seconds (the start of the period that ends at `end`). */
export function oneMonthBefore(end: number): number {
  const at = new Date(end * 1000);
  const previous = new Date(
    Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - 1, 1, at.getUTCHours(), at.getUTCMinutes(), at.getUTCSeconds()),
  );
  const lastDay = new Date(Date.UTC(previous.getUTCFullYear(), previous.getUTCMonth() + 1, 0)).getUTCDate();
  previous.setUTCDate(Math.min(at.getUTCDate(), lastDay));
  return Math.floor(previous.getTime() / 1000);
}

/**
 * Stripe's proration: the price difference for the unused part of the period, to the cent — charged for an
 * upgrade, credited for a downgrade. Nothing is prorated without a period (a trial's end is the period's).
 */
export function prorate(from: Tier, to: Tier, currentPeriodEnd: number | null, now: Date): number {
  if (currentPeriodEnd === null) return 0;
  const start = oneMonthBefore(currentPeriodEnd);
  const left = Math.min(1, Math.max(0, (currentPeriodEnd - now.getTime() / 1000) / (currentPeriodEnd - start)));
  return Math.round((PLANS[to].price - PLANS[from].price) * left * 100) / 100;
}

/**
 * The embedded default when no Stripe keys are set: the same checkout and the same billing events, with
 * Stripe's test cards, and nothing leaves the machine. Its payment form is marked as test mode.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly kind = 'sandbox' as const;
  readonly publishableKey = null;

  async startCheckout({ tier, customerId, amountDue }: CheckoutRequest): Promise<Checkout> {
    const reference = id(PLANS[tier].billing === 'monthly' ? 'sub' : 'pi');
    return {
      customerId: customerId ?? id('cus'),
      reference,
      clientSecret: `${reference}_secret_${randomBytes(12).toString('hex')}`,
      intent: amountDue === 0 ? 'setup' : 'payment',
    };
  }

  /** Nothing to undo here: only the checkout the billing stream has pending can be paid (its client secret). */
  async abandonCheckout(): Promise<'abandoned'> {
    return 'abandoned';
  }

  /** Each monthly subscription's tier as this process last set it (activated, or moved); forgotten on a restart. */
  private readonly tiers = new Map<string, Tier>();

  /** The card on file is the test card that paid the plan: the prorated charge goes through, as Stripe's would. */
  async changePlan({ reference, from, to, currentPeriodEnd, now }: PlanChangeRequest): Promise<PlanChange> {
    this.tiers.set(reference, to);
    return { proration: prorate(from, to, currentPeriodEnd, now), currentPeriodEnd };
  }

  /**
   * The tier it bills a subscription at, as Stripe's record would say; null for one it does not know (made before a
   * restart: its record went with the process, and the log is then all there is).
   */
  async subscriptionTier(reference: string): Promise<Tier | null> {
    return this.tiers.get(reference) ?? null;
  }

  async scheduleCancellation(): Promise<void> {
    // The sandbox has no remote state: the CancellationScheduled event is the whole of it.
  }

  async portalUrl(): Promise<string> {
    return '/billing/portal';
  }

  /** The payments created, by idempotency key, and each one's status (kept for the process's life). */
  private readonly createdByKey = new Map<string, string>();
  private readonly payments = new Map<string, PaymentStatus>();

  async createPayment({
    idempotencyKey,
    amountCents,
  }: OneOffPayment): Promise<{ reference: string; status: PaymentStatus }> {
    // Stripe's smallest and largest charge in NZD, as Stripe's test mode refuses them: the sandbox behaves as Stripe will.
    if (amountCents < 50) throw new PaymentAmountRefused('Amount must be at least $0.50 nzd', false);
    if (amountCents > LARGEST_CHARGE_CENTS)
      throw new PaymentAmountRefused('Amount must be no more than $999,999.99 nzd', true);
    let reference = this.createdByKey.get(idempotencyKey);
    if (!reference) {
      reference = id('pi');
      this.createdByKey.set(idempotencyKey, reference);
      this.payments.set(reference, { kind: 'unpaid', declined: null });
    }
    return { reference, status: { kind: 'unpaid', declined: null } };
  }

  /** A payment this process did not create (the sandbox forgets them on a restart) was never confirmed here. */
  async paymentStatus(reference: string): Promise<PaymentStatus> {
    return this.payments.get(reference) ?? { kind: 'unpaid', declined: null };
  }

  checkPaymentMethod({ card }: PaymentMethodInput, required: boolean): void {
    if (card) checkTestCard(card, new Date());
    else if (required) throw new DomainError(NO_PAYMENT_METHOD, 400, undefined, ERROR_TITLES.paymentFailed);
  }

  /** Stripe's test cards: the declining ones decline with Stripe's words, any other valid card pays. */
  async confirmPayment(reference: string, { card }: PaymentMethodInput): Promise<PaymentStatus> {
    const now = await this.paymentStatus(reference);
    if (now.kind !== 'unpaid') return now;
    if (!card) throw new DomainError(NO_PAYMENT_METHOD, 400, undefined, ERROR_TITLES.paymentFailed);
    checkTestCard(card, new Date());
    const number = card.number.replace(/[\s-]/g, '');
    const declined = DECLINING_TEST_CARDS.get(number);
    const status: PaymentStatus =
      number === AUTHENTICATION_TEST_CARD
        ? { kind: 'action-required' }
        : declined
          ? { kind: 'unpaid', declined }
          : { kind: 'paid' };
    this.payments.set(reference, status);
    return status;
  }

  async cancelPayment(reference: string): Promise<PaymentStatus> {
    const now = await this.paymentStatus(reference);
    if (now.kind === 'paid' || now.kind === 'processing' || now.kind === 'canceled') return now;
    this.payments.set(reference, { kind: 'canceled' });
    return { kind: 'canceled' };
  }

  private readonly refunds = new Map<string, RefundOutcome>();

  /**
   * Refunds a payment (its charges are not kept across restarts, so any PaymentIntent reference, `pi_…`, is taken
   * as one it made); another reference is refused as Stripe refuses an unknown payment.
   */
  /** The sandbox's refunds go through and stay so; one it never made is unknown, as to Stripe. */
  async refundStatus(reference: string): Promise<RefundStatus> {
    const made = [...this.refunds.values()].some((r) => r.kind === 'refunded' && r.reference === reference);
    return made ? { kind: 'refunded' } : { kind: 'failed', reason: `No such refund: '${reference}'` };
  }

  async refundOnce({ idempotencyKey, reference }: OneOffRefund): Promise<RefundOutcome> {
    const earlier = this.refunds.get(idempotencyKey);
    if (earlier) return earlier;
    const outcome: RefundOutcome = /^pi_/.test(reference)
      ? { kind: 'refunded', reference: id('re') }
      : { kind: 'failed', reason: `No such payment: '${reference}'` };
    this.refunds.set(idempotencyKey, outcome);
    return outcome;
  }

  /** What the provider reports for a test card on a pending checkout: activation, or the decline. */
  confirm(
    checkout: { userId: string; reference: string; tier: Tier; amountDue: number },
    card: TestCard,
    now: Date,
  ): ProviderEvent {
    const created = Math.floor(now.getTime() / 1000);
    const base = { id: id('evt'), created, userId: checkout.userId, reference: checkout.reference };
    const declined = DECLINING_TEST_CARDS.get(card.number.replace(/[\s-]/g, ''));
    if (declined) return { ...base, change: { kind: 'payment_failed', reason: declined } };
    const monthly = PLANS[checkout.tier].billing === 'monthly';
    if (monthly) this.tiers.set(checkout.reference, checkout.tier);
    const currentPeriodEnd = monthly ? oneMonthAfter(now) : null;
    return {
      ...base,
      change: { kind: 'activated', tier: checkout.tier, currentPeriodEnd, amountPaid: checkout.amountDue },
    };
  }
}
