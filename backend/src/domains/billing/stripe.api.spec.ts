/**
 * Stripe mode on the real app: the `stripe` SDK talks to a local stand-in for Stripe's API (we assert the
 * requests it sends), and webhooks are signed with the SDK's own test header — valid, invalid, stale, repeated
 * and out of order.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { systemContext } from '../../platform/command-context.js';
import { startTestServer } from '../../testing/api.js';
import { StripeStandIn } from '../../testing/stripe-stand-in.js';
import { signUp } from '../../testing/users.js';
import { EARLIER_CHECKOUT_PAID } from './billing.handlers.js';
import { billingStream, type PlanChanged } from './events.js';
import { PAYMENT_PROVIDER, type PaymentProvider } from './payment-provider.js';
import { PlanCheck } from './plan-check.js';

describe('billing API (Stripe)', () => {
  let standIn: StripeStandIn;
  let server: Awaited<ReturnType<typeof startTestServer>>;

  beforeAll(async () => {
    standIn = await StripeStandIn.start();
    server = await startTestServer({
      env: {
        ...standIn.env,
        // The portal sends people back to PUBLIC_URL, whatever Host the request named.
        PUBLIC_URL: 'https://kauri.example',
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await standIn?.close();
  });

  /** POSTs a Stripe event to the webhook, signed as Stripe would sign it (optionally with another secret or time). */
  const deliver = (event: object, options: { secret?: string; timestamp?: number } = {}) =>
    StripeStandIn.deliver(server.url, event, options);

  const invoicePaid = (
    id: string,
    created: number,
    userId: string,
    subscription: string,
    reason: string,
    periodEnd: number,
  ) => ({
    id,
    object: 'event',
    type: 'invoice.paid',
    created,
    data: {
      object: {
        id: `in_${id}`,
        object: 'invoice',
        billing_reason: reason,
        amount_paid: 19_900,
        parent: {
          type: 'subscription_details',
          subscription_details: { subscription, metadata: { userId, tier: 'professional' } },
        },
        lines: { data: [{ period: { start: periodEnd - 2_592_000, end: periodEnd } }] },
      },
    },
  });

  /** A new user whose Professional plan runs: its first invoice paid (webhook `paidEventId`). */
  async function runningProfessional(paidEventId: string) {
    const user = await signUp(server);
    await user.post('/api/create-subscription', { tier: 'professional' });
    const subscription = standIn.responses.at(-1)!.id!;
    const t = Math.floor(Date.now() / 1000);
    await deliver(invoicePaid(paidEventId, t, user.user.id, subscription, 'subscription_create', t + 2_592_000));
    await waitForStatus(user, 'active');
    return { user, subscription };
  }

  /** The plan moves recorded in a user's billing stream. */
  async function planMoves(userId: string) {
    return (await server.eventStore.readStream(billingStream(userId)))
      .filter((e) => e.type === 'PlanChanged')
      .map((e) => e.data as PlanChanged['data']);
  }

  /** A plan change Stripe makes whose recording fails once (the process dying after Stripe moved it): 500. */
  async function changeUnrecorded(user: Awaited<ReturnType<typeof signUp>>, tier: string) {
    const append = server.eventStore.append.bind(server.eventStore);
    const spy = jest.spyOn(server.eventStore, 'append').mockImplementationOnce((streamId, ...rest) => {
      if (streamId === billingStream(user.user.id)) return Promise.reject(new Error('the process died here'));
      return append(streamId, ...rest);
    });
    try {
      expect((await user.post('/api/subscription/change', { tier })).status).toBe(500);
    } finally {
      spy.mockRestore();
    }
  }

  it('creates the customer and a default-incomplete subscription, and returns the first invoice’s client secret', async () => {
    const user = await signUp(server);
    const res = await user.post('/api/create-subscription', { tier: 'professional' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      clientSecret: expect.stringMatching(/_secret_/),
      intent: 'payment',
      amountDue: 199,
    });
    const [customer, subscription] = standIn.requests.slice(-2);
    expect(customer).toMatchObject({
      method: 'POST',
      path: '/v1/customers',
      form: { email: user.user.email, 'metadata[userId]': user.user.id },
      authorization: 'Bearer sk_test_kauri',
    });
    expect(subscription).toMatchObject({
      method: 'POST',
      path: '/v1/subscriptions',
      form: {
        customer: standIn.responses.at(-2)!.id,
        'items[0][price]': 'price_pro',
        payment_behavior: 'default_incomplete',
        'payment_settings[save_default_payment_method]': 'on_subscription',
        'metadata[userId]': user.user.id,
        'metadata[tier]': 'professional',
        'expand[0]': 'latest_invoice.confirmation_secret',
      },
    });
    expect((await user.get('/api/billing')).body).toMatchObject({
      provider: 'stripe',
      publishableKey: 'pk_test_kauri',
      status: 'incomplete',
    });
  });

  it('abandons a waiting checkout at Stripe before starting another, so only the newest can be paid; one paid meanwhile is not replaced', async () => {
    const user = await signUp(server);
    expect((await user.post('/api/create-subscription', { tier: 'professional' })).status).toBe(200);
    const first = standIn.responses.at(-1)!.id!;
    expect(standIn.statusOf(first)).toBe('incomplete');
    // Another plan chosen (another tab, or back and again): the waiting subscription is cancelled first.
    const second = await user.post('/api/create-subscription', { tier: 'starter' });
    expect(second.status).toBe(200);
    expect(standIn.statusOf(first)).toBe('canceled');
    const intent = second.body.clientSecret.split('_secret_')[0];
    expect(
      standIn.requests.filter((r) => r.path.startsWith(`/v1/subscriptions/${first}`)).map((r) => r.method),
    ).toEqual(['GET', 'DELETE']);
    // The Starter payment goes through in the browser before Kauri hears of it: a third checkout is refused and
    // nothing new is made at Stripe; the payment's own event then activates the plan.
    standIn.markPaid(intent);
    const made = standIn.requests.length;
    const third = await user.post('/api/create-subscription', { tier: 'professional' });
    expect(third.status).toBe(409);
    expect(third.body.message).toBe(EARLIER_CHECKOUT_PAID);
    expect(standIn.statusOf(intent)).toBe('succeeded');
    expect(standIn.requests.slice(made).map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v1/payment_intents/${intent}`,
    ]);
    expect((await user.get('/api/billing')).body).toMatchObject({ status: 'incomplete' });
  });

  it('charges Starter once through a PaymentIntent in NZD cents, and activates it from payment_intent.succeeded', async () => {
    const user = await signUp(server);
    const res = await user.post('/api/create-subscription', { tier: 'starter' });
    const intent = standIn.requests.at(-1)!;
    expect(intent).toMatchObject({
      path: '/v1/payment_intents',
      form: { amount: '500000', currency: 'nzd', 'metadata[tier]': 'starter' },
    });
    expect(intent.form['automatic_payment_methods[enabled]']).toBe('true');
    const reference = res.body.clientSecret.split('_secret_')[0];
    const now = Math.floor(Date.now() / 1000);
    const delivered = await deliver({
      id: 'evt_pi_ok',
      object: 'event',
      type: 'payment_intent.succeeded',
      created: now,
      data: {
        object: {
          id: reference,
          object: 'payment_intent',
          amount_received: 500_000,
          metadata: { userId: user.user.id, tier: 'starter' },
        },
      },
    });
    expect(delivered).toEqual({ status: 200, body: { received: true } });
    await expect(waitForStatus(user, 'active')).resolves.toMatchObject({ tier: 'starter', currentPeriodEnd: null });
  });

  it('verifies signatures on the raw body: a wrong secret, a stale timestamp or a missing header is refused with 400 and records nothing', async () => {
    const head = await server.eventStore.headPosition();
    const event = {
      id: 'evt_x',
      object: 'event',
      type: 'customer.subscription.deleted',
      created: 1,
      data: { object: { id: 'sub_x', metadata: { userId: 'u-x' } } },
    };
    expect((await deliver(event, { secret: 'whsec_wrong' })).status).toBe(400);
    expect((await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 600 })).status).toBe(400); // a replay outside Stripe's 5-minute tolerance
    const unsigned = await fetch(`${server.url}/api/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(event),
    });
    expect(unsigned.status).toBe(400);
    expect((await unsigned.json()).message).toBe('Invalid webhook signature');
    // Text a customer typed at Stripe (a bidi override in a name) is not refused at the edge: the signature decides,
    // and an event the app does not act on is acknowledged, or Stripe would retry it for days and then drop it.
    const typed = {
      ...event,
      id: 'evt_typed',
      type: 'customer.updated',
      data: { object: { id: 'cus_x', name: 'An\u202eaa' } },
    };
    expect((await deliver(typed)).status).toBe(200);
    expect(await server.eventStore.headPosition()).toBe(head);
  });

  it('applies a webhook once however often it is delivered, and never lets an older event undo a newer state; cancels through the SDK; opens the portal', async () => {
    const user = await signUp(server);
    const res = await user.post('/api/create-subscription', { tier: 'professional' });
    expect(res.status).toBe(200);
    expect(standIn.requests.at(-1)!.path).toBe('/v1/subscriptions');
    const subscription = standIn.responses.at(-1)!.id!;
    const t = Math.floor(Date.now() / 1000);
    const periodEnd = t + 30 * 86_400;

    const paid = invoicePaid('evt_paid_1', t, user.user.id, subscription, 'subscription_create', periodEnd);
    expect((await deliver(paid)).status).toBe(200);
    await expect(waitForStatus(user, 'active')).resolves.toMatchObject({
      tier: 'professional',
      currentPeriodEnd: periodEnd,
    });
    const head = await server.eventStore.headPosition();
    expect((await deliver(paid)).status).toBe(200); // Stripe retries: the same event again
    expect(await server.eventStore.headPosition()).toBe(head);

    // A past-due update created before the payment arrives late: the plan stays active.
    const latePastDue = {
      id: 'evt_late',
      object: 'event',
      type: 'customer.subscription.updated',
      created: t - 60,
      data: {
        object: {
          id: subscription,
          object: 'subscription',
          status: 'past_due',
          cancel_at_period_end: false,
          metadata: { userId: user.user.id },
          items: { data: [] },
        },
      },
    };
    expect((await deliver(latePastDue)).status).toBe(200);
    expect(await server.eventStore.headPosition()).toBe(head);
    expect((await user.get('/api/subscription/status')).body.status).toBe('active');

    // Next month's invoice renews it.
    expect(
      (
        await deliver(
          invoicePaid('evt_paid_2', t + 1, user.user.id, subscription, 'subscription_cycle', periodEnd + 30 * 86_400),
        )
      ).status,
    ).toBe(200);
    await expect(waitFor(user, (s) => s.currentPeriodEnd === periodEnd + 30 * 86_400)).resolves.toMatchObject({
      status: 'active',
    });

    const canceled = await user.post('/api/subscription/cancel');
    expect(canceled.status).toBe(200);
    expect(standIn.requests.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/subscriptions/${subscription}`,
      form: { cancel_at_period_end: 'true' },
    });
    expect(
      (await user.get('/api/subscription/status', { 'x-read-after': String(canceled.body.position) })).body,
    ).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });

    const portal = await user.post('/api/billing/portal');
    expect(portal.body.url).toMatch(/^https:\/\/billing\.stripe\.test\/session\//);
    expect(standIn.requests.at(-1)).toMatchObject({
      path: '/v1/billing_portal/sessions',
      form: { return_url: 'https://kauri.example/billing' },
    });

    expect(
      (
        await deliver({
          id: 'evt_end',
          object: 'event',
          type: 'customer.subscription.deleted',
          created: t + 2,
          data: {
            object: {
              id: subscription,
              object: 'subscription',
              status: 'canceled',
              metadata: { userId: user.user.id },
            },
          },
        })
      ).status,
    ).toBe(200);
    await expect(waitForStatus(user, 'canceled')).resolves.toMatchObject({ cancelAtPeriodEnd: false });
  });

  it('upgrades through subscriptions.update with always_invoice proration (applied only if paid), and downgrades with a credit', async () => {
    const { user, subscription } = await runningProfessional('evt_change_paid');

    // A declined upgrade: Stripe keeps it pending, the plan stays as it was, nothing is recorded.
    standIn.declineNextPlanChange = true;
    const head = await server.eventStore.headPosition();
    const declined = await user.post('/api/subscription/change', { tier: 'enterprise' });
    expect(declined).toMatchObject({ status: 402, body: { title: 'Payment Failed' } });
    expect(await server.eventStore.headPosition()).toBe(head);

    const up = await user.post('/api/subscription/change', { tier: 'enterprise' });
    expect(up.status).toBe(200);
    const [retrieve, update] = standIn.requests.slice(-2);
    expect(retrieve).toMatchObject({ method: 'GET', path: `/v1/subscriptions/${subscription}` });
    expect(update).toMatchObject({
      method: 'POST',
      path: `/v1/subscriptions/${subscription}`,
      form: {
        'items[0][id]': `si_${subscription}`,
        'items[0][price]': 'price_ent',
        proration_behavior: 'always_invoice',
        payment_behavior: 'pending_if_incomplete',
        'expand[0]': 'latest_invoice',
      },
    });
    // Half the period left: half of (999 - 199) charged now, from the proration invoice.
    expect(up.body).toMatchObject({ tier: 'enterprise', proration: 400, currentPeriodEnd: StripeStandIn.PERIOD_END });
    const billing = (await user.get('/api/billing', { 'x-read-after': String(up.body.position) })).body;
    expect(billing).toMatchObject({ tier: 'enterprise', status: 'active' });
    expect(billing.history[0]).toMatchObject({ kind: 'plan-changed', amount: 400 });

    const down = await user.post('/api/subscription/change', { tier: 'professional' });
    expect(down.body).toMatchObject({ tier: 'professional', proration: -400 });
    expect(standIn.requests.at(-1)!.form['items[0][price]']).toBe('price_pro');
  });

  it('a crash after Stripe moved the plan: the subscription.updated webhook makes the log catch up, once; a late copy of it never undoes a later change', async () => {
    const { user, subscription } = await runningProfessional('evt_crash_paid');
    const moves = () => planMoves(user.user.id);

    // Stripe moves the subscription to Enterprise (and charges the proration); recording it fails once.
    const sent = standIn.sentEvents.length;
    await changeUnrecorded(user, 'enterprise');
    expect(standIn.requests.at(-1)!.form['items[0][price]']).toBe('price_ent');
    expect(await moves()).toEqual([]);
    expect((await user.get('/api/subscription/status')).body.tier).toBe('professional');

    // Stripe's webhook for the update: Kauri reads the subscription back and records the tier Stripe bills.
    const [updated] = standIn.sentEvents.slice(sent);
    expect(updated).toMatchObject({ type: 'customer.subscription.updated' });
    const asked = standIn.requests.length;
    expect(await deliver({ object: 'event', ...updated })).toEqual({ status: 200, body: { received: true } });
    expect(standIn.requests.slice(asked).map((r) => `${r.method} ${r.path}`)).toEqual([
      `GET /v1/subscriptions/${subscription}`,
    ]);
    expect(await moves()).toEqual([
      expect.objectContaining({ toTier: 'enterprise', requestedBy: 'provider', amountCharged: null }),
    ]);
    const billing = (await waitFor(user, (s) => s.tier === 'enterprise')) as Status;
    expect(billing).toMatchObject({ status: 'active', tier: 'enterprise' });
    expect((await user.get('/api/billing')).body.history[0]).toMatchObject({
      kind: 'plan-changed',
      tier: 'enterprise',
      amount: null,
    });

    // Stripe delivers it again: nothing more.
    expect((await deliver({ object: 'event', ...updated })).status).toBe(200);
    expect(await moves()).toHaveLength(1);

    // The user moves back to Professional; a late copy of the Enterprise webhook then changes nothing, since the
    // tier is read from Stripe (Professional), not from the webhook's payload (Enterprise).
    const down = await user.post('/api/subscription/change', { tier: 'professional' });
    expect(down.body).toMatchObject({ tier: 'professional', proration: -400 });
    expect((await deliver({ object: 'event', ...updated, id: `${updated!.id}_late` })).status).toBe(200);
    expect((await moves()).map((m) => [m.toTier, m.requestedBy])).toEqual([
      ['enterprise', 'provider'],
      ['professional', 'user'],
    ]);
    expect((await user.get('/api/subscription/status', { 'x-read-after': String(down.body.position) })).body.tier).toBe(
      'professional',
    );
  });

  it('a crash after Stripe moved the plan and no webhook ever: the plan check asks Stripe and records the move, once', async () => {
    const { user, subscription } = await runningProfessional('evt_lost_paid');
    const moves = () => planMoves(user.user.id);

    await changeUnrecorded(user, 'enterprise');
    expect(await moves()).toEqual([]);

    // Stripe's webhook for the update is never delivered. The plan check (every 6 h on the job's holder) asks.
    const planCheck = server.app.get(PlanCheck);
    const asked = standIn.requests.length;
    const first = await planCheck.check(systemContext('plan-check', 'check-1'));
    expect(first.recorded).toBeGreaterThanOrEqual(1);
    expect(standIn.requests.slice(asked).map((r) => `${r.method} ${r.path}`)).toContain(
      `GET /v1/subscriptions/${subscription}`,
    );
    expect(await moves()).toEqual([
      expect.objectContaining({ toTier: 'enterprise', requestedBy: 'provider', providerEventId: null }),
    ]);
    const status = await user.get('/api/subscription/status', { 'x-read-after': String(first.position) });
    expect(status.body).toMatchObject({ status: 'active', tier: 'enterprise' });

    // Checked again: Stripe and the log agree, nothing more.
    await planCheck.check(systemContext('plan-check', 'check-2'));
    expect(await moves()).toHaveLength(1);
  });

  it('a plan Stripe cannot answer for does not stop the plan check of the others; the run says how many failed', async () => {
    for (const n of [1, 2]) await runningProfessional(`evt_down_${n}`);
    const provider = server.app.get<PaymentProvider>(PAYMENT_PROVIDER);
    const ask = jest.spyOn(provider, 'subscriptionTier').mockRejectedValueOnce(new Error('Stripe is unreachable'));
    try {
      await expect(server.app.get(PlanCheck).check(systemContext('plan-check', 'check-down'))).rejects.toThrow(
        /^1 of \d+ running plans could not be checked$/,
      );
      expect(ask.mock.calls.length).toBeGreaterThanOrEqual(2);
    } finally {
      ask.mockRestore();
    }
  });

  it("the webhook before the handler's own record: one move, the change answered 200", async () => {
    const { user } = await runningProfessional('evt_first_paid');
    // Stripe's webhook is delivered (and recorded) before Stripe's answer reaches the handler.
    standIn.beforePlanChangeAnswer = async (updated) => {
      expect((await deliver({ object: 'event', ...updated })).status).toBe(200);
    };
    const up = await user.post('/api/subscription/change', { tier: 'enterprise' });
    expect(up).toMatchObject({ status: 200, body: { tier: 'enterprise', proration: 400 } });
    expect((await planMoves(user.user.id)).map((m) => m.requestedBy)).toEqual(['provider']);
    expect(
      (await user.get('/api/subscription/status', { 'x-read-after': String(up.body.position) })).body,
    ).toMatchObject({ tier: 'enterprise' });
  });

  it('answers 200 to events billing does not use, without recording anything', async () => {
    const head = await server.eventStore.headPosition();
    expect(
      (
        await deliver({
          id: 'evt_other',
          object: 'event',
          type: 'charge.refunded',
          created: 1,
          data: { object: { id: 'ch_1' } },
        })
      ).status,
    ).toBe(200);
    expect(await server.eventStore.headPosition()).toBe(head);
  });
});

type Status = { status: string; tier: string | null; currentPeriodEnd: number | null; cancelAtPeriodEnd: boolean };

/** Webhooks answer before the read model moves: poll the status briefly. */
async function waitFor(
  user: { get: (path: string) => Promise<{ body: Status }> },
  done: (s: Status) => boolean,
): Promise<Status> {
  for (let i = 0; i < 100; i++) {
    const { body } = await user.get('/api/subscription/status');
    if (done(body)) return body;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error('subscription status did not change');
}
const waitForStatus = (user: Parameters<typeof waitFor>[0], status: string) =>
  waitFor(user, (s) => s.status === status);
