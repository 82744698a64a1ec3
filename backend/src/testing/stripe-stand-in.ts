import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

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
  static readonly PRICES: ReadonlyMap<string, number> = new Map([
    ['price_pro', 19_900],
    ['price_ent', 99_900],
  ]);
  /** Half of the period is left whenever a plan changes: the proration is half the price difference. */
  static readonly PERIOD_END = 1_900_000_000;
  /** When set, the next refund is refused with this message (as Stripe refuses one: an invalid request). */
  refuseNextRefund: string | null = null;
  /** When set, the next plan change's invoice is declined (Stripe keeps the change as a pending update). */
  declineNextPlanChange = false;
  /** Each PaymentIntent's and subscription's status, as Stripe would report it. */
  private readonly statuses = new Map<string, string>();

  /** The customer paid this checkout in their browser (Stripe.js), whatever Kauri has heard of it yet. */
  markPaid(reference: string): void {
    this.statuses.set(reference, reference.startsWith('pi_') ? 'succeeded' : 'active');
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
            ([status, body]) =>
              standIn.responses.push(body as { id?: string }) &&
              res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body)),
          ),
    );
    await new Promise<void>((resolve) => standIn.server.listen(0, '127.0.0.1', resolve));
    return standIn;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage): Promise<[number, unknown]> {
    let text = '';
    for await (const chunk of req) text += chunk;
    const url = new URL(req.url ?? '/', 'http://stand-in');
    const form = Object.fromEntries(new URLSearchParams(req.method === 'GET' ? url.search : text));
    const path = url.pathname;
    this.requests.push({
      method: req.method ?? '',
      path,
      form,
      authorization: req.headers.authorization,
      idempotencyKey: req.headers['idempotency-key'] as string | undefined,
    });
    const n = ++this.counter;
    if (req.method === 'POST' && path === '/v1/customers')
      return [200, { id: `cus_${n}`, object: 'customer', email: form.email }];
    if (req.method === 'POST' && path === '/v1/payment_intents') {
      this.statuses.set(`pi_${n}`, form.confirm === 'true' ? 'succeeded' : 'requires_payment_method');
      return [
        200,
        {
          id: `pi_${n}`,
          object: 'payment_intent',
          client_secret: `pi_${n}_secret_x`,
          amount: Number(form.amount),
          currency: form.currency,
          metadata: {},
          // Confirmed at once with a payment method (a distribution's funding): Stripe's test card pays.
          status: this.statuses.get(`pi_${n}`),
        },
      ];
    }
    const intentId = /^\/v1\/payment_intents\/(pi_[^/]+)/.exec(path)?.[1] ?? '';
    if (this.statuses.has(intentId)) {
      if (req.method === 'POST' && path.endsWith('/cancel')) {
        if (this.statuses.get(intentId) === 'succeeded')
          return [400, { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state' } }];
        this.statuses.set(intentId, 'canceled');
      }
      return [200, { id: intentId, object: 'payment_intent', status: this.statuses.get(intentId) }];
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      const refused = this.refuseNextRefund;
      this.refuseNextRefund = null;
      if (refused)
        return [400, { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: refused } }];
      return [
        200,
        {
          id: `re_${n}`,
          object: 'refund',
          status: 'succeeded',
          amount: Number(form.amount),
          payment_intent: form.payment_intent,
        },
      ];
    }
    if (req.method === 'POST' && path === '/v1/subscriptions') {
      const waived = form.trial_period_days !== undefined;
      this.subscriptionPrices.set(`sub_${n}`, form['items[0][price]'] ?? '');
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
    const item = (price: string) => ({
      id: `si_${subscriptionId}`,
      object: 'subscription_item',
      price: { id: price, object: 'price' },
      current_period_end: StripeStandIn.PERIOD_END,
    });
    if (req.method === 'DELETE' && this.statuses.has(subscriptionId)) {
      this.statuses.set(subscriptionId, 'canceled');
      return [200, { id: subscriptionId, object: 'subscription', status: 'canceled' }];
    }
    if (req.method === 'GET' && this.subscriptionPrices.has(subscriptionId))
      return [
        200,
        {
          id: subscriptionId,
          object: 'subscription',
          status: this.statuses.get(subscriptionId),
          items: { object: 'list', data: [item(this.subscriptionPrices.get(subscriptionId)!)] },
        },
      ];
    if (req.method === 'POST' && form['items[0][price]'] && this.subscriptionPrices.has(subscriptionId)) {
      const from = this.subscriptionPrices.get(subscriptionId)!;
      const to = form['items[0][price]'];
      const total = Math.round(((StripeStandIn.PRICES.get(to) ?? 0) - (StripeStandIn.PRICES.get(from) ?? 0)) / 2);
      const declined = this.declineNextPlanChange && total > 0;
      this.declineNextPlanChange = false;
      if (!declined) this.subscriptionPrices.set(subscriptionId, to);
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
