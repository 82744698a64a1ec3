import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import type { StripeConfig } from '../platform/config.js';

/** Signs test deliveries with the SDK's own test header. */
const signer = new Stripe('sk_test_kauri');

/** An HTTP status, a JSON body, and any other headers. */
type Answer = [number, unknown, Record<string, string>?];

export interface StripeRequest {
  method: string;
  path: string;
  /** The form-encoded body as Stripe's SDK sent it, e.g. { 'items[0][price]': 'price_pro' }. */
  form: Record<string, string>;
  authorization: string | undefined;
  idempotencyKey: string | undefined;
}

/**
 * A local HTTP server standing in for api.stripe.com: it records every request the real `stripe` SDK sends
 * and answers with the minimal objects Kauri reads. Not a mock of the SDK — the SDK runs for real.
 */
export class StripeStandIn {
  readonly requests: StripeRequest[] = [];
  /** What it answered, in the same order (e.g. the subscription's id). */
  readonly responses: { id?: string }[] = [];
  private server!: Server;
  private counter = 0;
  /** Each subscription's current price, and the prices' monthly amounts in cents (for the proration). */
  private readonly subscriptionPrices = new Map<string, string>();
  /** Each subscription's metadata as created (`userId`, `tier`: how a webhook finds its user). */
  private readonly subscriptionMetadata = new Map<string, Record<string, string>>();
  /**
   * The `customer.subscription.updated` events Stripe would send, in order: one for each price change it applied.
   * Nothing is delivered by itself: a test posts them to the webhook (signed), when and as often as it means to.
   */
  readonly sentEvents: { id: string; type: string; created: number; data: { object: Record<string, unknown> } }[] = [];
  static readonly PRICES: ReadonlyMap<string, number> = new Map([
    ['price_pro', 19_900],
    ['price_ent', 99_900],
  ]);
  /** Half of the period is left whenever a plan changes: the proration is half the price difference. */
  static readonly PERIOD_END = 1_900_000_000;
  /** When set, the next refund is refused with this message (as Stripe refuses one: an invalid request). */
  refuseNextRefund: string | null = null;
  /**
   * When set, awaited once after the next price change is applied and before Stripe answers it, with the event Stripe
   * sends for it: its webhook arriving before the caller has its answer.
   */
  beforePlanChangeAnswer: ((sent: StripeStandIn['sentEvents'][number]) => Promise<void>) | null = null;
  /** When set, the next plan change's invoice is declined (Stripe keeps the change as a pending update). */
  declineNextPlanChange = false;
  /** Each PaymentIntent's and subscription's status, as Stripe would report it. */
  private readonly statuses = new Map<string, string>();
  /** What each PaymentIntent was created with, and why its last confirmation was declined. */
  private readonly intents = new Map<
    string,
    { amount: number; currency: string; description: string; metadata: Record<string, string>; declined: string | null }
  >();
  /**
   * Stripe's idempotency: the first answer to a key is saved and given back to a request with the same key and the
   * same parameters; the same key with other parameters is refused (`idempotency_error`). Stripe prunes keys once
   * they are 24 hours old: `forgetIdempotencyKeys` is that day passing.
   */
  private readonly idempotent = new Map<string, { request: string; answer: Answer }>();
  /** When set, the next confirmation leaves its PaymentIntent `processing` (the card network has not answered). */
  processNextConfirm = false;
  /**
   * When set, the next confirmation charges and then answers Stripe's 500 (telling the SDK not to retry): the
   * caller answers 502 and knows nothing of the charge.
   */
  failNextConfirmAfterCharging = false;

  forgetIdempotencyKeys(): void {
    this.idempotent.clear();
  }

  /** A PaymentIntent moves on outside Kauri (a processing payment succeeds or fails, Stripe cancels one). */
  settle(reference: string, status: 'succeeded' | 'requires_payment_method' | 'canceled'): void {
    this.statuses.set(reference, status);
  }

  /** The customer paid this checkout in their browser (Stripe.js), whatever Kauri has heard of it yet. */
  markPaid(reference: string): void {
    this.statuses.set(reference, reference.startsWith('pi_') ? 'succeeded' : 'active');
  }

  /** Every PaymentIntent created, with its status and metadata (what a test counts charges by). */
  paymentIntents(): { id: string; status: string; metadata: Record<string, string> }[] {
    return [...this.intents].map(([id, data]) => ({ id, status: this.statuses.get(id)!, metadata: data.metadata }));
  }

  /** The subscription as Stripe answers it now. */
  private subscription(id: string) {
    return {
      id,
      object: 'subscription',
      status: this.statuses.get(id),
      cancel_at_period_end: false,
      metadata: this.subscriptionMetadata.get(id) ?? {},
      items: { object: 'list', data: [this.subscriptionItem(id, this.subscriptionPrices.get(id) ?? '')] },
    };
  }

  private subscriptionItem(subscription: string, price: string) {
    return {
      id: `si_${subscription}`,
      object: 'subscription_item',
      price: { id: price, object: 'price' },
      current_period_end: StripeStandIn.PERIOD_END,
    };
  }

  /** Stripe's event for a subscription as it is now (as it sends one when the subscription changes). */
  private send(type: string, subscription: string): void {
    this.sentEvents.push({
      id: `evt_${type.replaceAll('.', '_')}_${++this.counter}`,
      type,
      created: Math.floor(Date.now() / 1000),
      data: { object: this.subscription(subscription) },
    });
  }

  /** Every refund made, as Stripe answers it (`GET /v1/refunds/:id`). */
  private readonly refundRecords = new Map<
    string,
    {
      id: string;
      object: 'refund';
      status: string;
      failure_reason: string | null;
      amount: number;
      payment_intent: string;
      metadata: Record<string, string>;
    }
  >();

  /** Every refund made, in order. */
  refunds() {
    return [...this.refundRecords.values()];
  }

  /** A refund Stripe accepted fails later (the card's account was closed): `refund.failed` follows. */
  failRefund(id: string, reason: string): void {
    const refund = this.refundRecords.get(id)!;
    this.refundRecords.set(id, { ...refund, status: 'failed', failure_reason: reason });
  }

  /** Stripe's event for a refund as it is now (e.g. `refund.failed` once `failRefund` failed it). */
  refundEvent(id: string, type: string) {
    return this.event(type, { ...this.refundRecords.get(id)! });
  }

  /** Stripe's event for a PaymentIntent as it is now (e.g. `payment_intent.succeeded` once `settle` moved it). */
  intentEvent(reference: string, type: string) {
    return this.event(type, this.intent(reference));
  }

  /** An event as Stripe sends one, about `object`. */
  private event<T>(type: string, object: T) {
    const created = Math.floor(Date.now() / 1000);
    return {
      id: `evt_${type.replaceAll('.', '_')}_${++this.counter}`,
      object: 'event',
      type,
      created,
      data: { object },
    };
  }

  /**
   * POSTs a Stripe event to the app's webhook at `appUrl`, signed as Stripe would sign it (optionally with another
   * secret or time), and answers the app's status and body.
   */
  static async deliver(appUrl: string, event: object, options: { secret?: string; timestamp?: number } = {}) {
    const payload = JSON.stringify(event);
    const signature = signer.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? StripeStandIn.WEBHOOK_SECRET,
      timestamp: options.timestamp,
    });
    const res = await fetch(`${appUrl}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    return { status: res.status, body: await res.json() };
  }

  statusOf(reference: string): string | undefined {
    return this.statuses.get(reference);
  }

  static async start(): Promise<StripeStandIn> {
    const standIn = new StripeStandIn();
    standIn.server = createServer(
      (req, res) =>
        void standIn
          .handle(req)
          .then(
            ([status, body, headers]) =>
              standIn.responses.push(body as { id?: string }) &&
              res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body)),
          ),
    );
    await new Promise<void>((resolve) => standIn.server.listen(0, '127.0.0.1', resolve));
    return standIn;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** The webhook signing secret of the configurations below (a test signs the events it posts with it). */
  static readonly WEBHOOK_SECRET = 'whsec_kauri_test';

  /** A Stripe configuration that talks to this stand-in (for a `StripePaymentProvider` made in the test). */
  get config(): StripeConfig {
    return {
      secretKey: 'sk_test_kauri',
      publishableKey: 'pk_test_kauri',
      webhookSecret: StripeStandIn.WEBHOOK_SECRET,
      prices: { professional: 'price_pro', enterprise: 'price_ent' },
      apiUrl: this.url,
    };
  }

  /** The same configuration as an app's environment (`startTestServer({ env })`). */
  get env(): Record<string, string> {
    const { secretKey, publishableKey, webhookSecret, prices, apiUrl } = this.config;
    return {
      STRIPE_SECRET_KEY: secretKey,
      STRIPE_PUBLISHABLE_KEY: publishableKey,
      STRIPE_WEBHOOK_SECRET: webhookSecret,
      STRIPE_PRICE_PROFESSIONAL: prices.professional,
      STRIPE_PRICE_ENTERPRISE: prices.enterprise,
      STRIPE_API_URL: apiUrl!,
    };
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage): Promise<Answer> {
    let text = '';
    for await (const chunk of req) text += chunk;
    const key = req.headers['idempotency-key'] as string | undefined;
    const request = `${req.method} ${req.url} ${text}`;
    const saved = key && req.method === 'POST' ? this.idempotent.get(key) : undefined;
    if (saved && saved.request !== request) {
      this.record(req, text);
      return [
        400,
        {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          },
        },
      ];
    }
    if (saved) {
      this.record(req, text);
      return saved.answer;
    }
    const answer = await this.route(req, text);
    if (key && req.method === 'POST' && answer[0] !== 404) this.idempotent.set(key, { request, answer });
    return answer;
  }

  private record(req: IncomingMessage, text: string): void {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    this.requests.push({
      method: req.method ?? '',
      path: url.pathname,
      form: Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : text)),
      authorization: req.headers.authorization,
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
    });
  }

  /** A PaymentIntent as Stripe answers it. */
  private intent(id: string) {
    const data = this.intents.get(id);
    const declined = data?.declined ?? null;
    return {
      id,
      object: 'payment_intent',
      client_secret: `${id}_secret_x`,
      amount: data?.amount,
      currency: data?.currency,
      description: data?.description,
      metadata: data?.metadata ?? {},
      status: this.statuses.get(id),
      last_payment_error: declined ? { type: 'card_error', code: 'card_declined', message: declined } : null,
    };
  }

  private async route(req: IncomingMessage, text: string): Promise<Answer> {
    this.record(req, text);
    const { path, form } = this.requests.at(-1)!;
    const n = ++this.counter;
    if (req.method === 'POST' && path === '/v1/customers')
      return [200, { id: `cus_${n}`, object: 'customer', email: form.email }];
    if (req.method === 'POST' && path === '/v1/payment_intents') {
      // Stripe's smallest charge in NZD.
      if (Number(form.amount) < 50)
        return [
          400,
          {
            error: {
              type: 'invalid_request_error',
              code: 'amount_too_small',
              param: 'amount',
              message: 'Amount must be at least $0.50 nzd',
            },
          },
        ];
      // And its largest.
      if (Number(form.amount) > 99_999_999)
        return [
          400,
          {
            error: {
              type: 'invalid_request_error',
              code: 'amount_too_large',
              param: 'amount',
              message: 'Amount must be no more than $999,999.99 nzd',
            },
          },
        ];
      const metadata = Object.fromEntries(
        Object.entries(form).flatMap(([k, v]) => {
          const name = /^metadata\[(.+)\]$/.exec(k)?.[1];
          return name ? [[name, v]] : [];
        }),
      );
      this.intents.set(`pi_${n}`, {
        amount: Number(form.amount),
        currency: form.currency ?? '',
        description: form.description ?? '',
        metadata,
        declined: null,
      });
      // Confirmed at once with a payment method (`confirm=true`): Stripe's test card pays.
      this.statuses.set(`pi_${n}`, form.confirm === 'true' ? 'succeeded' : 'requires_payment_method');
      return [200, this.intent(`pi_${n}`)];
    }
    const intentId = /^\/v1\/payment_intents\/(pi_[^/]+)/.exec(path)?.[1] ?? '';
    if (this.statuses.has(intentId)) {
      const status = this.statuses.get(intentId)!;
      const unexpected = (action: string): Answer => [
        400,
        {
          error: {
            type: 'invalid_request_error',
            code: 'payment_intent_unexpected_state',
            message: `You cannot ${action} this PaymentIntent because it has a status of ${status}.`,
            payment_intent: this.intent(intentId),
          },
        },
      ];
      if (req.method === 'POST' && path.endsWith('/confirm')) {
        if (status !== 'requires_payment_method' && status !== 'requires_confirmation') return unexpected('confirm');
        const data = this.intents.get(intentId);
        // Stripe's test payment methods: one declines, one asks for 3D Secure; any other pays.
        if (form.payment_method === 'pm_card_chargeDeclined') {
          if (data) data.declined = 'Your card was declined.';
          this.statuses.set(intentId, 'requires_payment_method');
          return [
            402,
            {
              error: {
                type: 'card_error',
                code: 'card_declined',
                decline_code: 'generic_decline',
                message: 'Your card was declined.',
                payment_intent: this.intent(intentId),
              },
            },
          ];
        }
        const processing = this.processNextConfirm;
        this.processNextConfirm = false;
        this.statuses.set(
          intentId,
          processing
            ? 'processing'
            : form.payment_method === 'pm_card_authenticationRequired'
              ? 'requires_action'
              : 'succeeded',
        );
        if (data) data.declined = null;
        if (this.failNextConfirmAfterCharging) {
          this.failNextConfirmAfterCharging = false;
          return [
            500,
            { error: { type: 'api_error', message: 'An unknown error occurred' } },
            { 'stripe-should-retry': 'false' },
          ];
        }
        return [200, this.intent(intentId)];
      }
      if (req.method === 'POST' && path.endsWith('/cancel')) {
        // Stripe cancels an intent waiting for a payment method, a confirmation, an action or a capture; no other.
        if (status === 'succeeded' || status === 'processing' || status === 'canceled') return unexpected('cancel');
        this.statuses.set(intentId, 'canceled');
      }
      return [200, this.intent(intentId)];
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      const refused = this.refuseNextRefund;
      this.refuseNextRefund = null;
      if (refused)
        return [400, { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: refused } }];
      const metadata = Object.fromEntries(
        Object.entries(form).flatMap(([k, v]) => (k.startsWith('metadata[') ? [[k.slice(9, -1), v]] : [])),
      );
      this.refundRecords.set(`re_${n}`, {
        id: `re_${n}`,
        object: 'refund',
        status: 'succeeded',
        failure_reason: null,
        amount: Number(form.amount),
        payment_intent: form.payment_intent ?? '',
        metadata,
      });
      return [200, this.refundRecords.get(`re_${n}`)];
    }
    const refund = /^\/v1\/refunds\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && refund) {
      const found = this.refundRecords.get(refund[1]!);
      return found
        ? [200, found]
        : [404, { error: { type: 'invalid_request_error', message: `No such refund: '${refund[1]}'` } }];
    }
    if (req.method === 'POST' && path === '/v1/subscriptions') {
      const waived = form.trial_period_days !== undefined;
      this.subscriptionPrices.set(`sub_${n}`, form['items[0][price]'] ?? '');
      this.subscriptionMetadata.set(`sub_${n}`, {
        userId: form['metadata[userId]'] ?? '',
        tier: form['metadata[tier]'] ?? '',
      });
      this.statuses.set(`sub_${n}`, waived ? 'trialing' : 'incomplete');
      return [
        200,
        {
          id: `sub_${n}`,
          object: 'subscription',
          status: this.statuses.get(`sub_${n}`),
          latest_invoice: {
            id: `in_${n}`,
            object: 'invoice',
            confirmation_secret: waived ? null : { client_secret: `pi_in_${n}_secret_y`, type: 'payment_intent' },
          },
          pending_setup_intent: waived
            ? { id: `seti_${n}`, object: 'setup_intent', client_secret: `seti_${n}_secret_z` }
            : null,
        },
      ];
    }
    const subscriptionId = path.startsWith('/v1/subscriptions/') ? path.split('/').pop()! : '';
    const item = (price: string) => this.subscriptionItem(subscriptionId, price);
    if (req.method === 'DELETE' && this.statuses.has(subscriptionId)) {
      this.statuses.set(subscriptionId, 'canceled');
      return [200, { id: subscriptionId, object: 'subscription', status: 'canceled' }];
    }
    if (req.method === 'GET' && this.subscriptionPrices.has(subscriptionId))
      return [200, this.subscription(subscriptionId)];
    if (req.method === 'POST' && form['items[0][price]'] && this.subscriptionPrices.has(subscriptionId)) {
      const from = this.subscriptionPrices.get(subscriptionId)!;
      const to = form['items[0][price]'];
      const total = Math.round(((StripeStandIn.PRICES.get(to) ?? 0) - (StripeStandIn.PRICES.get(from) ?? 0)) / 2);
      const declined = this.declineNextPlanChange && total > 0;
      this.declineNextPlanChange = false;
      if (!declined) this.subscriptionPrices.set(subscriptionId, to);
      if (!declined && to !== from) {
        this.send('customer.subscription.updated', subscriptionId);
        const hook = this.beforePlanChangeAnswer;
        this.beforePlanChangeAnswer = null;
        await hook?.(this.sentEvents.at(-1)!);
      }
      return [
        200,
        {
          id: subscriptionId,
          object: 'subscription',
          items: { object: 'list', data: [item(declined ? from : to)] },
          latest_invoice: { id: `in_${n}`, object: 'invoice', total, status: declined ? 'open' : 'paid' },
          pending_update: declined ? { subscription_items: [item(to)], expires_at: StripeStandIn.PERIOD_END } : null,
        },
      ];
    }
    if (req.method === 'POST' && path.startsWith('/v1/subscriptions/'))
      return [
        200,
        {
          id: path.split('/').pop(),
          object: 'subscription',
          cancel_at_period_end: form.cancel_at_period_end === 'true',
        },
      ];
    if (req.method === 'POST' && path === '/v1/billing_portal/sessions')
      return [
        200,
        { id: `bps_${n}`, object: 'billing_portal.session', url: `https://billing.stripe.test/session/${n}` },
      ];
    return [
      404,
      { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path})` } },
    ];
  }
}
