/** Subscriptions over HTTP on the real app in sandbox mode (no Stripe keys): the whole flow a user walks. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer } from '../../testing/api.js';
import { registerInterest } from '../../testing/interest.js';
import { waitForEmailLink } from '../../testing/mail.js';
import { signUp } from '../../testing/users.js';
import { NOTHING_TO_CANCEL, STARTER_NOT_CANCELLABLE, ALREADY_SUBSCRIBED } from './billing.decider.js';
import { CHOOSE_A_PLAN } from './billing.dto.js';

const card = { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };

describe('billing API (sandbox provider)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('requires sign-in, and refuses an unknown plan without recording anything', async () => {
    expect((await server.api.post('/api/create-subscription', { tier: 'professional' })).status).toBe(401);
    expect((await server.api.get('/api/subscription/status')).status).toBe(401);
    const user = await signUp(server);
    const head = await server.eventStore.headPosition();
    const res = await user.post('/api/create-subscription', { tier: 'gold' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(CHOOSE_A_PLAN);
    expect(await server.eventStore.headPosition()).toBe(head);
  });

  it('subscribes to Professional: a declined test card, then a good one; renews monthly; cancels at period end', async () => {
    const user = await signUp(server);
    expect((await user.get('/api/subscription/status')).body).toEqual({
      status: 'inactive',
      tier: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
    });

    const created = await user.post('/api/create-subscription', { tier: 'professional' });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      tier: 'professional',
      amountDue: 199,
      setupFeeWaived: false,
      status: 'incomplete',
      intent: 'payment',
    });
    const { clientSecret } = created.body;
    expect(clientSecret).toMatch(/^sub_sandbox_\w+_secret_\w+$/);
    expect(
      (await user.get('/api/subscription/status', { 'x-read-after': String(created.body.position) })).body.status,
    ).toBe('incomplete');

    // A form mistake is refused before anything is recorded; a declining card is recorded as PaymentFailed.
    let head = await server.eventStore.headPosition();
    const typo = await user.post('/api/billing/sandbox/confirm', {
      clientSecret,
      ...card,
      number: '4242 4242 4242 4241',
    });
    expect(typo.status).toBe(400);
    expect(typo.body.message).toBe('Your card number is incorrect.');
    expect(await server.eventStore.headPosition()).toBe(head);
    const declined = await user.post('/api/billing/sandbox/confirm', {
      clientSecret,
      ...card,
      number: '4000 0000 0000 0002',
    });
    expect(declined.status).toBe(402);
    expect(declined.body).toMatchObject({ message: 'Your card was declined.', title: 'Payment Failed' });

    const paid = await user.post('/api/billing/sandbox/confirm', { clientSecret, ...card });
    expect(paid.status).toBe(200);
    const status = (await user.get('/api/subscription/status', { 'x-read-after': String(paid.body.position) })).body;
    expect(status).toMatchObject({ status: 'active', tier: 'professional', cancelAtPeriodEnd: false });
    const days = (status.currentPeriodEnd - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);
    expect((await user.get('/api/user')).body).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionTier: 'professional',
    });

    // The same secret cannot pay twice, and a second plan is refused while this one runs.
    expect((await user.post('/api/billing/sandbox/confirm', { clientSecret, ...card })).status).toBe(409);
    const second = await user.post('/api/create-subscription', { tier: 'enterprise' });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe(ALREADY_SUBSCRIBED('professional'));

    const canceled = await user.post('/api/subscription/cancel');
    expect(canceled.status).toBe(200);
    const after = (await user.get('/api/billing', { 'x-read-after': String(canceled.body.position) })).body;
    expect(after).toMatchObject({
      status: 'active',
      cancelAtPeriodEnd: true,
      provider: 'sandbox',
      publishableKey: null,
    });
    expect(after.history.map((h: { kind: string }) => h.kind)).toEqual([
      'cancellation-scheduled',
      'payment',
      'payment-failed',
      'checkout',
    ]);
    head = await server.eventStore.headPosition();
    expect((await user.post('/api/subscription/cancel')).status).toBe(200);
    expect(await server.eventStore.headPosition()).toBe(head);
    expect((await user.post('/api/billing/portal')).body).toEqual({ url: '/billing/portal' });
  });

  it('refuses to cancel the one-time Starter plan, and cancelling with no plan', async () => {
    const user = await signUp(server);
    const none = await user.post('/api/subscription/cancel');
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(NOTHING_TO_CANCEL);
    const created = await user.post('/api/create-subscription', { tier: 'starter' });
    expect(created.body).toMatchObject({ amountDue: 5000, intent: 'payment' });
    expect(created.body.clientSecret).toMatch(/^pi_sandbox_/);
    expect(
      (await user.post('/api/billing/sandbox/confirm', { clientSecret: created.body.clientSecret, ...card })).status,
    ).toBe(200);
    const starter = await user.post('/api/subscription/cancel');
    expect(starter.status).toBe(409);
    expect(starter.body.message).toBe(STARTER_NOT_CANCELLABLE);
  });

  it('gives an early-access registrant the Starter plan without a payment, and a first month free on a monthly plan', async () => {
    const email = `early-${Date.now()}@example.nz`;
    await registerInterest(server, { email });
    // The registrant's own account, its address confirmed with the mailed link (as the waiver needs).
    const user = await signUp(server, { email, verifyEmail: true });
    const monthly = await user.post('/api/create-subscription', { tier: 'enterprise' });
    expect(monthly.body).toMatchObject({ amountDue: 0, setupFeeWaived: true, intent: 'setup' });

    const other = await signUp(server, { email: `early2-${Date.now()}@example.nz`, verifyEmail: true });
    await registerInterest(server, { email: other.user.email });
    const starter = await other.post('/api/create-subscription', { tier: 'starter' });
    expect(starter.body).toMatchObject({ clientSecret: null, status: 'active', amountDue: 0, setupFeeWaived: true });
    expect(
      (await other.get('/api/subscription/status', { 'x-read-after': String(starter.body.position) })).body,
    ).toMatchObject({ status: 'active', tier: 'starter', currentPeriodEnd: null });
  });

  it('waives nothing for an account whose address is a registrant’s but unproven: whoever registered it first pays (found by an outside probe)', async () => {
    const email = `early4-${Date.now()}@example.nz`;
    await registerInterest(server, { email });
    // Someone without the registrant's mailbox registers the address: signed in, never confirmed.
    const squatter = await signUp(server, { email, verifyEmail: false });
    expect(squatter.user.emailVerified).toBe(false);
    const priced = await squatter.post('/api/pricing/calculate', { assetValue: 1_000_000, tier: 'professional' });
    expect(priced.body.setupFeeWaived).toBe(false);
    const checkout = await squatter.post('/api/create-subscription', { tier: 'starter' });
    expect(checkout.body).toMatchObject({ setupFeeWaived: false, status: 'incomplete' });
    expect(checkout.body.amountDue).toBeGreaterThan(0);
    // The mailbox's holder opens the link: from then on the waiver is the account's.
    const { token } = await waitForEmailLink(server.config.dataDir, email);
    expect((await server.api.post('/api/email-verification', { token })).status).toBe(200);
    const waived = await squatter.post('/api/create-subscription', { tier: 'starter' });
    expect(waived.body).toMatchObject({ setupFeeWaived: true, amountDue: 0, status: 'active' });
  });

  it('waives one first payment per registrant, not every checkout after a cancellation', async () => {
    const email = `early3-${Date.now()}@example.nz`;
    await registerInterest(server, { email });
    const user = await signUp(server, { email, verifyEmail: true });
    const first = await user.post('/api/create-subscription', { tier: 'professional' });
    expect(first.body).toMatchObject({ amountDue: 0, setupFeeWaived: true });
    expect(
      (await user.post('/api/billing/sandbox/confirm', { clientSecret: first.body.clientSecret, ...card })).status,
    ).toBe(200);
    expect((await user.post('/api/subscription/cancel')).status).toBe(200);
    // Subscribed again (found by an outside probe: every checkout was waived, a free first month each time).
    for (const tier of ['enterprise', 'starter']) {
      const again = await user.post('/api/create-subscription', { tier });
      expect(again.body).toMatchObject({ setupFeeWaived: false, status: 'incomplete' });
      expect(again.body.amountDue).toBeGreaterThan(0);
    }
  });

  it('has no Stripe webhook in sandbox mode', async () => {
    expect((await server.api.post('/api/stripe/webhook', { id: 'evt_1' })).status).toBe(404);
  });
});
