import Stripe from 'stripe';
import type { StripeConfig } from '../../platform/config.js';
import { DomainError } from '../../platform/errors.js';
import { PLANS, TIERS, type Tier } from '../plans/plans.js';
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
  ProviderChange,
  ProviderEvent,
  RefundOutcome,
  RefundStatus,
  WebhookNotice,
} from './payment-provider.js';
import { NO_PAYMENT_METHOD, PaymentAmountRefused } from './payment-provider.js';

const CURRENCY = 'nzd';
const cents = (nzd: number) => Math.round(nzd * 100);
const isTier = (value: unknown): value is Tier => TIERS.includes(value as Tier);

/**
 * Stripe on its SDK: a customer per user, a subscription for the monthly plans (paid through the Payment
 * Element with the first invoice's confirmation secret), a one-time PaymentIntent for Starter, the billing
 * portal, and webhooks verified on the raw body. Every object carries `metadata.userId` and `metadata.tier`,
 * which is how a webhook finds its user.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly kind = 'stripe' as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;

  constructor(private readonly config: StripeConfig) {
    this.publishableKey = config.publishableKey;
    const api = config.apiUrl ? new URL(config.apiUrl) : null;
    this.stripe = new Stripe(config.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      appInfo: { name: 'Kauri' },
      ...(api && {
        host: api.hostname,
        port: Number(api.port) || (api.protocol === 'http:' ? 80 : 443),
        protocol: api.protocol === 'http:' ? 'http' : 'https',
      }),
    });
  }

  /**
   * A PaymentIntent, not confirmed: amount, currency, description and metadata come from the attempt alone (never the
   * payment method), so within the 24 hours Stripe keeps an idempotency key the same key gives back the same intent,
   * whatever card the retry brings. The answer replayed for a key is the intent as it was created: its status now is
   * `paymentStatus`'s.
   */
  async createPayment({
    idempotencyKey,
    userId,
    amountCents,
    description,
    distributionId,
    attemptId,
  }: OneOffPayment): Promise<{ reference: string; status: PaymentStatus }> {
    const intent = await unavailableAsBadGateway(() =>
      amountAsRefusal(() =>
        this.stripe.paymentIntents.create(
          {
            amount: amountCents,
            currency: CURRENCY,
            description,
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            metadata: { userId, purpose: 'distribution', distributionId, attemptId },
          },
          { idempotencyKey },
        ),
      ),
    );
    return { reference: intent.id, status: statusOf(intent) };
  }

  async paymentStatus(reference: string): Promise<PaymentStatus> {
    return statusOf(await unavailableAsBadGateway(() => this.stripe.paymentIntents.retrieve(reference)));
  }

  /**
   * Confirms the intent with the browser's payment method. A decline is Stripe's card error (the intent goes back to
   * `requires_payment_method`); an intent no longer waiting for a payment method (paid, processing, cancelled by
   * another request meanwhile) is refused as `payment_intent_unexpected_state`, and its status is the answer.
   */
  /** Stripe.js checked the card form in the browser; what reaches here is a payment method or nothing. */
  checkPaymentMethod({ paymentMethodId }: PaymentMethodInput, required: boolean): void {
    if (!paymentMethodId && required)
      throw new DomainError(NO_PAYMENT_METHOD, 400, undefined, ERROR_TITLES.paymentFailed);
  }

  async confirmPayment(reference: string, { paymentMethodId }: PaymentMethodInput): Promise<PaymentStatus> {
    if (!paymentMethodId) throw new DomainError(NO_PAYMENT_METHOD, 400, undefined, ERROR_TITLES.paymentFailed);
    try {
      // use_stripe_sdk: a card whose bank asks for 3D Secure is then answered with the next action in the form
      // Stripe.js's handleNextAction runs in the payer's browser (Stripe: "Set to true when confirming server-side and
      // using Stripe.js … to handle the next actions").
      return statusOf(
        await this.stripe.paymentIntents.confirm(reference, { payment_method: paymentMethodId, use_stripe_sdk: true }),
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) return { kind: 'unpaid', declined: error.message };
      if (unexpectedState(error)) return this.paymentStatus(reference);
      return unavailableAsBadGateway(() => Promise.reject(error));
    }
  }

  /**
   * Cancels the intent unless Stripe has taken or is taking its payment (succeeded, processing: Stripe refuses to
   * cancel those, and the intent's status is the answer). Cancelled, it can never be paid.
   */
  async cancelPayment(reference: string): Promise<PaymentStatus> {
    const now = await this.paymentStatus(reference);
    if (now.kind === 'paid' || now.kind === 'processing' || now.kind === 'canceled') return now;
    try {
      return statusOf(await this.stripe.paymentIntents.cancel(reference));
    } catch (error) {
      if (unexpectedState(error)) return this.paymentStatus(reference);
      return unavailableAsBadGateway(() => Promise.reject(error));
    }
  }

  /**
   * A Refund of the PaymentIntent (Stripe keeps the idempotency key a day: a retry within it gets the same refund).
   * A refund Stripe refuses (already refunded, a disputed charge) is an answer; its network or API failing is not.
   */
  async refundOnce({ idempotencyKey, distributionId, reference, amountCents }: OneOffRefund): Promise<RefundOutcome> {
    try {
      const refund = await this.stripe.refunds.create(
        { payment_intent: reference, amount: amountCents, metadata: { purpose: 'distribution', distributionId } },
        { idempotencyKey },
      );
      return refund.status === 'failed' || refund.status === 'canceled'
        ? {
            kind: 'failed',
            reason: `The refund ${refund.status}${refund.failure_reason ? `: ${refund.failure_reason}` : ''}`,
          }
        : { kind: 'refunded', reference: refund.id };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeCardError)
        return { kind: 'failed', reason: error.message };
      return unavailableAsBadGateway(() => Promise.reject(error));
    }
  }

  async refundStatus(reference: string): Promise<RefundStatus> {
    const refund = await unavailableAsBadGateway(() => this.stripe.refunds.retrieve(reference));
    switch (refund.status) {
      case 'succeeded':
        return { kind: 'refunded' };
      case 'failed':
      case 'canceled':
        return {
          kind: 'failed',
          reason: `The refund ${refund.status}${refund.failure_reason ? `: ${refund.failure_reason}` : ''}`,
        };
      default:
        return { kind: 'pending' };
    }
  }

  startCheckout(request: CheckoutRequest): Promise<Checkout> {
    return unavailableAsBadGateway(() => this.checkout(request));
  }

  private async checkout({ userId, email, tier, customerId, amountDue }: CheckoutRequest): Promise<Checkout> {
    const customer = customerId ?? (await this.stripe.customers.create({ email, metadata: { userId } })).id;
    const metadata = { userId, tier };
    if (PLANS[tier].billing === 'one-time') {
      const intent = await this.stripe.paymentIntents.create({
        amount: cents(amountDue),
        currency: CURRENCY,
        customer,
        description: `Kauri ${PLANS[tier].name} plan (one-time)`,
        automatic_payment_methods: { enabled: true },
        metadata,
      });
      return {
        customerId: customer,
        reference: intent.id,
        clientSecret: required(intent.client_secret),
        intent: 'payment',
      };
    }
    const subscription = await this.stripe.subscriptions.create({
      customer,
      items: [{ price: this.config.prices[tier as 'professional' | 'enterprise'] }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      // The early-access waiver covers the first month: a one-month trial, for which the card is only saved.
      ...(amountDue === 0 && { trial_period_days: 30 }),
      metadata,
      expand: ['latest_invoice.confirmation_secret', 'pending_setup_intent'],
    });
    const invoice = subscription.latest_invoice;
    const paymentSecret = typeof invoice === 'object' ? invoice?.confirmation_secret?.client_secret : undefined;
    const setup = subscription.pending_setup_intent;
    const setupSecret = typeof setup === 'object' ? setup?.client_secret : undefined;
    return {
      customerId: customer,
      reference: subscription.id,
      clientSecret: required(paymentSecret ?? setupSecret),
      intent: paymentSecret ? 'payment' : 'setup',
    };
  }

  abandonCheckout(reference: string): Promise<'abandoned' | 'paid'> {
    return unavailableAsBadGateway(() => this.abandon(reference));
  }

  /** Starter's PaymentIntent is cancelled, a monthly plan's subscription still incomplete is cancelled. */
  private async abandon(reference: string): Promise<'abandoned' | 'paid'> {
    if (reference.startsWith('pi_')) {
      const intent = await this.stripe.paymentIntents.retrieve(reference);
      if (intent.status === 'succeeded' || intent.status === 'processing') return 'paid';
      if (intent.status !== 'canceled') await this.stripe.paymentIntents.cancel(reference);
      return 'abandoned';
    }
    const subscription = await this.stripe.subscriptions.retrieve(reference);
    if (subscription.status === 'incomplete') {
      await this.stripe.subscriptions.cancel(reference);
      return 'abandoned';
    }
    // Trialing (the waived first month) and active ones were paid for: their invoice.paid activates the plan.
    return subscription.status === 'incomplete_expired' || subscription.status === 'canceled' ? 'abandoned' : 'paid';
  }

  changePlan(request: PlanChangeRequest): Promise<PlanChange> {
    return unavailableAsBadGateway(() => this.moveSubscription(request));
  }

  /**
   * Swaps the subscription's one price for the new tier's. `always_invoice` settles the rest of the period at
   * once — an invoice for the difference on an upgrade, a credit to the customer's balance (taken off the next
   * invoices) on a downgrade — and `pending_if_incomplete` applies the change only if that invoice is paid: a
   * declined upgrade leaves the plan as it was (Stripe keeps it as a pending update, which expires).
   */
  private async moveSubscription({ reference, to }: PlanChangeRequest): Promise<PlanChange> {
    const current = await this.stripe.subscriptions.retrieve(reference);
    const item = current.items.data[0];
    if (!item) throw new DomainError('The payment provider has no price on this subscription', 502);
    const updated = await this.stripe.subscriptions.update(reference, {
      items: [{ id: item.id, price: this.config.prices[to as 'professional' | 'enterprise'] }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
      expand: ['latest_invoice'],
    });
    if (updated.pending_update)
      throw new DomainError(
        'The payment for the new plan failed. Update your payment method and try again.',
        402,
        undefined,
        ERROR_TITLES.paymentFailed,
      );
    const invoice = typeof updated.latest_invoice === 'object' ? updated.latest_invoice : null;
    const periodEnd = updated.items?.data?.[0]?.current_period_end ?? item.current_period_end ?? null;
    return { proration: (invoice?.total ?? 0) / 100, currentPeriodEnd: periodEnd };
  }

  /** The subscription as Stripe holds it now: its item's price, read back through the configured price ids. */
  async subscriptionTier(reference: string): Promise<Tier | null> {
    const subscription = await unavailableAsBadGateway(() => this.stripe.subscriptions.retrieve(reference));
    const price = subscription.items?.data?.[0]?.price?.id;
    return price ? tierOfPrice(this.config.prices, price) : null;
  }

  async scheduleCancellation(reference: string): Promise<void> {
    await unavailableAsBadGateway(() => this.stripe.subscriptions.update(reference, { cancel_at_period_end: true }));
  }

  async portalUrl(customerId: string, returnUrl: string): Promise<string> {
    const session = await unavailableAsBadGateway(() =>
      this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl }),
    );
    return session.url;
  }

  /**
   * Verifies the signature on the raw body (Stripe's tolerance of 5 minutes refuses replays of old
   * deliveries) and reduces the event to what Kauri acts on (a plan's event, or a distribution's funding payment);
   * null for events it does not use.
   */
  parseWebhook(rawBody: Buffer, signature: string | undefined): WebhookNotice | null {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature ?? '', this.config.webhookSecret);
    } catch {
      throw new DomainError('Invalid webhook signature', 400);
    }
    return toWebhookNotice(event);
  }
}

/** The monthly tier a Stripe price id is configured for (`STRIPE_PRICE_*`, the prices checkout and changes use); null for another. */
export function tierOfPrice(prices: StripeConfig['prices'], price: string): Tier | null {
  for (const tier of ['professional', 'enterprise'] as const) if (prices[tier] && prices[tier] === price) return tier;
  return null;
}

/** Stripe's own errors (network, API) become a 502 the client can show; nothing is recorded for them. */
async function unavailableAsBadGateway<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError)
      throw new DomainError(`The payment provider could not complete the request: ${error.message}`, 502);
    throw error;
  }
}

/** Stripe's refusal of an amount under its smallest or over its largest charge, as the port's `PaymentAmountRefused`. */
async function amountAsRefusal<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (
      error instanceof Stripe.errors.StripeInvalidRequestError &&
      (error.code === 'amount_too_small' || error.code === 'amount_too_large')
    )
      throw new PaymentAmountRefused(error.message, error.code === 'amount_too_large');
    throw error;
  }
}

/** Stripe refused an operation the intent's status no longer allows (confirming a paid one, cancelling a processing one). */
const unexpectedState = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'payment_intent_unexpected_state';

/** A PaymentIntent's status, as funding reads it (payment-provider.ts's `PaymentStatus`). */
function statusOf(intent: Stripe.PaymentIntent): PaymentStatus {
  switch (intent.status) {
    case 'succeeded':
      return { kind: 'paid' };
    // Authorised and not yet captured (never with automatic capture) is no more final than processing.
    case 'processing':
    case 'requires_capture':
      return { kind: 'processing' };
    case 'requires_action':
      return intent.client_secret
        ? { kind: 'action-required', clientSecret: intent.client_secret }
        : { kind: 'action-required' };
    case 'requires_payment_method':
    case 'requires_confirmation':
      return { kind: 'unpaid', declined: intent.last_payment_error?.message ?? null };
    case 'canceled':
      return { kind: 'canceled' };
    default:
      throw new DomainError(`The payment provider reported an unknown payment status: ${intent.status}`, 502);
  }
}

function required(secret: string | null | undefined): string {
  if (!secret)
    throw new DomainError(
      'The payment provider did not return a payment to confirm',
      502,
      undefined,
      ERROR_TITLES.paymentRequired,
    );
  return secret;
}

/** Stripe's event → what Kauri acts on: a plan's event, a distribution's funding payment that moved on, or its refund that failed. */
export function toWebhookNotice(event: Stripe.Event): WebhookNotice | null {
  if (event.type === 'payment_intent.succeeded' || event.type === 'payment_intent.canceled') {
    const intent = event.data.object;
    const { purpose, distributionId } = intent.metadata ?? {};
    if (purpose === 'distribution' && distributionId)
      return { kind: 'one-off-payment', payment: { distributionId, reference: intent.id } };
  }
  if (event.type === 'refund.failed') {
    const { purpose, distributionId } = event.data.object.metadata ?? {};
    if (purpose === 'distribution' && distributionId)
      return { kind: 'one-off-refund', refund: { distributionId, reference: event.data.object.id } };
  }
  const subscription = toProviderEvent(event);
  return subscription && { kind: 'subscription', event: subscription };
}

/** Stripe's event → billing's view of it (null when it is not about a Kauri plan). */
export function toProviderEvent(event: Stripe.Event): ProviderEvent | null {
  const stamp = { id: event.id, created: event.created };
  const object = event.data.object as unknown as Record<string, unknown>;
  switch (event.type) {
    case 'invoice.paid':
    case 'invoice.payment_failed': {
      const invoice = object as unknown as Stripe.Invoice;
      const details = invoice.parent?.subscription_details;
      const subscription = typeof details?.subscription === 'string' ? details.subscription : details?.subscription?.id;
      const meta = details?.metadata ?? {};
      if (!subscription || !meta.userId) return null;
      let change: ProviderChange;
      if (event.type === 'invoice.payment_failed') {
        change = { kind: 'payment_failed', reason: 'The payment for your subscription failed.' };
      } else {
        const periodEnd = invoice.lines?.data?.[0]?.period?.end ?? null;
        const amountPaid = invoice.amount_paid / 100;
        if (invoice.billing_reason === 'subscription_create') {
          if (!isTier(meta.tier)) return null;
          change = { kind: 'activated', tier: meta.tier, currentPeriodEnd: periodEnd, amountPaid };
        } else if (invoice.billing_reason === 'subscription_cycle' && periodEnd) {
          change = { kind: 'renewed', currentPeriodEnd: periodEnd, amountPaid };
        } else return null;
      }
      return { ...stamp, userId: meta.userId, reference: subscription, change };
    }
    case 'payment_intent.succeeded':
    case 'payment_intent.payment_failed': {
      const intent = object as unknown as Stripe.PaymentIntent;
      const { userId, tier } = intent.metadata ?? {};
      if (!userId || !isTier(tier)) return null; // subscription invoices' intents are handled through invoice.*
      const change: ProviderChange =
        event.type === 'payment_intent.succeeded'
          ? { kind: 'activated', tier, currentPeriodEnd: null, amountPaid: intent.amount_received / 100 }
          : { kind: 'payment_failed', reason: intent.last_payment_error?.message ?? 'The payment failed.' };
      return { ...stamp, userId, reference: intent.id, change };
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = object as unknown as Stripe.Subscription;
      const userId = subscription.metadata?.userId;
      if (!userId) return null;
      const base = { ...stamp, userId, reference: subscription.id };
      if (event.type === 'customer.subscription.deleted') return { ...base, change: { kind: 'canceled' } };
      if (subscription.status === 'past_due' || subscription.status === 'unpaid')
        return { ...base, change: { kind: 'past_due' } };
      const currentPeriodEnd = subscription.items?.data?.[0]?.current_period_end ?? null;
      return {
        ...base,
        change: {
          kind: 'cancel_at_period_end',
          cancelAtPeriodEnd: subscription.cancel_at_period_end,
          currentPeriodEnd,
        },
      };
    }
    default:
      return null;
  }
}
