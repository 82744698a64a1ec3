/**
 * Funding a distribution by card in Stripe mode, on the real app: the `stripe` SDK talks to a local stand-in for
 * Stripe's API (we assert the requests it sends). The PaymentIntent is created without the card and recorded, then
 * confirmed with the Payment Element's pm_…; a 502 after Stripe charged, a retry with a new pm_, a payment still
 * processing, a declined card — each funds once and charges once. The approved distribution is written to the app's
 * log directly (declaring and approving over HTTP is distribution.api.spec's, and needs an asset and its plan).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DISTRIBUTION_MESSAGES as M } from '../../messages.js';
import { systemContext } from '../../platform/command-context.js';
import { startTestServer } from '../../testing/api.js';
import { StripeStandIn } from '../../testing/stripe-stand-in.js';
import { signUp } from '../../testing/users.js';
import { approvedOnApp } from './distribution.test-support.js';
import { FundingCheck } from './funding-check.js';
import { RefundCheck } from './refund-check.js';

const ASSET = '5d2f8a0c-3b4e-4c1d-8e9f-0a1b2c3d4e5f';
/** A distribution's stream after its declaration and approval: a funding attempt with its payment recorded… */
const AWAITING = ['DistributionFundingStarted', 'DistributionFundingIntentCreated'];
/** …and that payment recorded taken, once. */
const FUNDED = [...AWAITING, 'DistributionFunded'];

describe('funding a distribution (Stripe)', () => {
  let standIn: StripeStandIn;
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let owner: Awaited<ReturnType<typeof signUp>>;

  beforeAll(async () => {
    standIn = await StripeStandIn.start();
    server = await startTestServer({
      env: standIn.env,
    });
    owner = await signUp(server);
  });
  afterAll(async () => {
    await server?.close();
    await standIn?.close();
  });

  /** An approved $75.00 distribution of the owner's, on the app's log; answers its URL and the log's position. */
  const approved = (id: string) => approvedOnApp(server.eventStore, id, owner.user.id, ASSET);
  const intentsOf = (id: string) => standIn.paymentIntents().filter((i) => i.metadata.distributionId === id);
  const requestsOf = (id: string) =>
    standIn.requests.filter(
      (r) =>
        (r.path === '/v1/payment_intents' && r.form['metadata[distributionId]'] === id) ||
        intentsOf(id).some((i) => r.path.startsWith(`/v1/payment_intents/${i.id}`)),
    );
  const eventTypes = async (id: string) =>
    (await server.eventStore.readStream(`distribution-${id}`)).map((e) => e.type).slice(2);
  /** Once Stripe has taken the payment, Fund again finds it paid: recorded once, the card confirmed only the first time. */
  async function fundsAgainFoundPaid(id: string, url: string, paymentMethodId: string) {
    const funded = await owner.post(`${url}/fund`, { paymentMethodId });
    expect(funded.status).toBe(200);
    expect(requestsOf(id).filter((r) => r.path.endsWith('/confirm'))).toHaveLength(1);
    expect(await eventTypes(id)).toEqual(FUNDED);
  }

  it('creates the PaymentIntent without the card, with the attempt’s key, then confirms it with the pm_ for Stripe.js', async () => {
    const id = 'd1d1d1d1-1111-4111-8111-111111111111';
    const { url, after } = await approved(id);
    const res = await owner.post(`${url}/fund`, { paymentMethodId: 'pm_card_visa' }, after);
    expect(res.status).toBe(200);
    const [intent] = intentsOf(id);
    const [create, confirm] = requestsOf(id);
    expect(create).toMatchObject({
      method: 'POST',
      path: '/v1/payment_intents',
      idempotencyKey: expect.stringMatching(new RegExp(`^distribution-${id}-[0-9a-f-]{36}$`)),
      form: { amount: '7500', currency: 'nzd', 'metadata[userId]': owner.user.id, 'metadata[distributionId]': id },
    });
    expect(create!.form).not.toHaveProperty('payment_method');
    expect(create!.form).not.toHaveProperty('confirm');
    expect(create!.form['metadata[attemptId]']).toBe(create!.idempotencyKey!.slice(`distribution-${id}-`.length));
    expect(confirm).toMatchObject({
      method: 'POST',
      path: `/v1/payment_intents/${intent!.id}/confirm`,
      form: { payment_method: 'pm_card_visa', use_stripe_sdk: 'true' },
    });
    expect((await owner.get(url, { 'x-read-after': String(res.body.position) })).body).toMatchObject({
      status: 'funded',
      fundingFailure: null,
    });
  });

  it('a 502 after Stripe charged, then a retry with a new pm_: the recorded intent is found paid, charged once', async () => {
    const id = 'd2d2d2d2-2222-4222-8222-222222222222';
    const { url, after } = await approved(id);
    standIn.failNextConfirmAfterCharging = true;
    const failed = await owner.post(`${url}/fund`, { paymentMethodId: 'pm_card_visa' }, after);
    expect(failed.status).toBe(502);
    expect(await eventTypes(id)).toEqual(AWAITING);
    // The Payment Element made a new payment method for the retry.
    const retried = await owner.post(`${url}/fund`, { paymentMethodId: 'pm_card_mastercard' });
    expect(retried.status).toBe(200);
    const [intent] = intentsOf(id);
    expect(intentsOf(id)).toHaveLength(1);
    expect(requestsOf(id).map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/payment_intents',
      `POST /v1/payment_intents/${intent!.id}/confirm`,
      `GET /v1/payment_intents/${intent!.id}`,
    ]);
    expect(await eventTypes(id)).toEqual(FUNDED);
    expect((await owner.get(url, { 'x-read-after': String(retried.body.position) })).body.status).toBe('funded');
  });

  it('a payment still processing: 409 saying so, nothing failed, no cancellation; funded once when Stripe says succeeded', async () => {
    const id = 'd3d3d3d3-3333-4333-8333-333333333333';
    const { url, after } = await approved(id);
    standIn.processNextConfirm = true;
    const processing = await owner.post(`${url}/fund`, { paymentMethodId: 'pm_card_visa' }, after);
    expect(processing.status).toBe(409);
    expect(processing.body).toMatchObject({ message: M.fundingProcessing, title: 'Payment Processing' });
    const view = (await owner.get(url)).body;
    expect(view).toMatchObject({ status: 'approved', fundingFailure: null, fundingPending: true });
    const cancel = await owner.post(`${url}/cancel`, { reason: 'Changed my mind' });
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe(M.fundingUnderWay);
    const [intent] = intentsOf(id);
    standIn.settle(intent!.id, 'succeeded');
    await fundsAgainFoundPaid(id, url, 'pm_card_mastercard');
  });

  it('a card whose bank asks to authenticate: 409 with the payment’s client secret for the browser; authenticated, the next Fund records it once', async () => {
    const id = 'd7d7d7d7-7777-4777-8777-777777777777';
    const { url, after } = await approved(id);
    // Someone else funding it learns nothing, and no payment is made: the secret is only ever the owner's.
    const stranger = await signUp(server);
    const refused = await stranger.post(`${url}/fund`, { paymentMethodId: 'pm_card_authenticationRequired' }, after);
    expect(refused.status).toBe(404);
    expect(refused.body).not.toHaveProperty('clientSecret');
    expect(intentsOf(id)).toEqual([]);
    expect(await eventTypes(id)).toEqual([]);
    const asked = await owner.post(`${url}/fund`, { paymentMethodId: 'pm_card_authenticationRequired' }, after);
    expect(asked.status).toBe(409);
    const [intent] = intentsOf(id);
    expect(asked.body).toEqual({
      message: M.fundingActionRequired,
      title: 'Payment Processing',
      clientSecret: `${intent!.id}_secret_x`,
    });
    expect((await owner.get(url)).body).toMatchObject({
      status: 'approved',
      fundingFailure: null,
      fundingPending: true,
    });
    // The owner authenticates in their browser (Stripe.js's handleNextAction with that secret): Stripe takes the payment.
    standIn.settle(intent!.id, 'succeeded');
    await fundsAgainFoundPaid(id, url, 'pm_card_authenticationRequired');
  });

  it('a declined card: 402 with Stripe’s words, the intent cancelled at Stripe, and the next card pays a new intent', async () => {
    const id = 'd4d4d4d4-4444-4444-8444-444444444444';
    const { url, after } = await approved(id);
    const declined = await owner.post(`${url}/fund`, { paymentMethodId: 'pm_card_chargeDeclined' }, after);
    expect(declined.status).toBe(402);
    expect(declined.body.message).toBe('Your card was declined.');
    expect((await owner.get(url)).body).toMatchObject({
      status: 'approved',
      fundingFailure: 'Your card was declined.',
    });
    expect((await owner.post(`${url}/fund`, { paymentMethodId: 'pm_card_visa' })).status).toBe(200);
    expect(intentsOf(id).map((i) => i.status)).toEqual(['canceled', 'succeeded']);
  });

  it('a funding due below Stripe’s smallest charge: 422 in Stripe’s words, no payment at Stripe, the attempt failed, and the distribution can be cancelled', async () => {
    const id = 'dcdcdcdc-cccc-4ccc-8ccc-dcdcdcdcdcdc';
    // $0.40 declared, three of four tokens with another holder: $0.30 due.
    const { url, after } = await approvedOnApp(server.eventStore, id, owner.user.id, ASSET, '0.40');
    const tooSmall = await owner.post(`${url}/fund`, { paymentMethodId: 'pm_card_visa' }, after);
    expect(tooSmall.status).toBe(422);
    expect(tooSmall.body.message).toBe(M.fundingTooSmall('Amount must be at least $0.50 nzd'));
    expect(intentsOf(id)).toEqual([]);
    expect(await eventTypes(id)).toEqual(['DistributionFundingStarted', 'DistributionFundingFailed']);
    const cancelled = await owner.post(`${url}/cancel`, { reason: 'Too small to pay by card' });
    expect(cancelled.status).toBe(200);
    expect(standIn.requests.filter((r) => r.path.startsWith('/v1/refunds'))).toEqual([]);
  });

  it('a funding due above Stripe’s largest charge: 422 in Stripe’s words, no payment at Stripe, the attempt failed', async () => {
    const id = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
    // $2,000,000 declared, three of four tokens with another holder: $1,500,000 due, over $999,999.99.
    const { url, after } = await approvedOnApp(server.eventStore, id, owner.user.id, ASSET, '2000000.00');
    const tooLarge = await owner.post(`${url}/fund`, { paymentMethodId: 'pm_card_visa' }, after);
    expect([tooLarge.status, tooLarge.body.message]).toEqual([
      422,
      M.fundingTooLarge('Amount must be no more than $999,999.99 nzd'),
    ]);
    expect(intentsOf(id)).toEqual([]);
    expect(await eventTypes(id)).toEqual(['DistributionFundingStarted', 'DistributionFundingFailed']);
  });

  /** An approved distribution whose card payment Stripe is still processing after the owner's Fund (409). */
  async function processing(id: string) {
    const { url, after } = await approved(id);
    standIn.processNextConfirm = true;
    expect((await owner.post(`${url}/fund`, { paymentMethodId: 'pm_card_visa' }, after)).status).toBe(409);
    const [intent] = intentsOf(id);
    return { url, reference: intent!.id };
  }
  const deliver = (event: object) => StripeStandIn.deliver(server.url, event);
  const statusOf = async (url: string) =>
    (await owner.get(url, { 'x-read-after': String(await server.eventStore.headPosition()) })).body;

  it('a processing payment that succeeds is recorded funded by its webhook, without the owner: once, however often delivered', async () => {
    const id = 'd5d5d5d5-5555-4555-8555-555555555555';
    const { url, reference } = await processing(id);
    // A delivery that claims success before Stripe has it: the status is asked of Stripe, so nothing is recorded.
    const early = { ...standIn.intentEvent(reference, 'payment_intent.succeeded') };
    early.data.object.status = 'succeeded';
    expect(await deliver(early)).toEqual({ status: 200, body: { received: true } });
    expect(await eventTypes(id)).toEqual(AWAITING);

    standIn.settle(reference, 'succeeded');
    const succeeded = standIn.intentEvent(reference, 'payment_intent.succeeded');
    expect((await deliver(succeeded)).status).toBe(200);
    expect((await deliver(succeeded)).status).toBe(200);
    expect(await eventTypes(id)).toEqual(FUNDED);
    const [funded] = (await server.eventStore.readStream(`distribution-${id}`)).slice(-1);
    expect(funded!.metadata.actor).toEqual({ kind: 'system', name: 'stripe-webhook' });
    expect(await statusOf(url)).toMatchObject({ status: 'funded', fundingPending: false });
    // Charged once: the webhook confirmed nothing, and a Fund now finds nothing to pay.
    expect(requestsOf(id).filter((r) => r.path.endsWith('/confirm'))).toHaveLength(1);
    expect((await owner.post(`${url}/fund`, { paymentMethodId: 'pm_card_visa' })).status).toBe(409);
    expect(intentsOf(id)).toHaveLength(1);
  });

  it('a webhook about another payment than the pending attempt’s records nothing, and one Stripe cancelled is recorded failed', async () => {
    const id = 'd6d6d6d6-6666-4666-8666-666666666666';
    const { url, reference } = await processing(id);
    const other = 'e7e7e7e7-7777-4777-8777-777777777777';
    const { reference: othersPayment } = await processing(other);
    standIn.settle(othersPayment, 'succeeded');
    // The other distribution's paid intent, delivered with this distribution's id (a forged or misrouted copy).
    const misrouted = standIn.intentEvent(othersPayment, 'payment_intent.succeeded');
    misrouted.data.object.metadata = { ...misrouted.data.object.metadata, distributionId: id };
    expect((await deliver(misrouted)).status).toBe(200);
    expect(await eventTypes(id)).toEqual(AWAITING);

    standIn.settle(reference, 'canceled');
    expect((await deliver(standIn.intentEvent(reference, 'payment_intent.canceled'))).status).toBe(200);
    expect(await eventTypes(id)).toEqual([...AWAITING, 'DistributionFundingFailed']);
    expect(await statusOf(url)).toMatchObject({ status: 'approved', fundingFailure: M.fundingCancelled });
    expect((await owner.post(`${url}/fund`, { paymentMethodId: 'pm_card_visa' })).status).toBe(200);
    expect(intentsOf(id).map((i) => i.status)).toEqual(['canceled', 'succeeded']);
  });

  it('the funding check records a payment Stripe took whose webhook never came; nothing for one still processing or a second check', async () => {
    const taken = 'd8d8d8d8-8888-4888-8888-888888888888';
    const { url, reference } = await processing(taken);
    const still = 'd9d9d9d9-9999-4999-8999-999999999999';
    await processing(still);
    standIn.settle(reference, 'succeeded');
    // The check finds the approved distributions in their read model: caught up with the log first.
    await server.engine.waitFor(await server.eventStore.headPosition());
    const check = server.app.get(FundingCheck);
    const first = await check.check(systemContext('funding-check', 'check-1'));
    expect(first.funded).toBeGreaterThanOrEqual(1);
    expect(await eventTypes(taken)).toEqual(FUNDED);
    expect(await eventTypes(still)).toEqual(AWAITING);
    expect(await statusOf(url)).toMatchObject({ status: 'funded' });
    const second = await check.check(systemContext('funding-check', 'check-2'));
    expect(second).toMatchObject({ funded: 0, failed: 0 });
    expect(await eventTypes(taken)).toHaveLength(3);
  });

  it('the refund check reopens an accepted refund Stripe failed whose webhook never came; once, and not one older than 30 days', async () => {
    const id = 'dbdbdbdb-bbbb-4bbb-8bbb-dbdbdbdbdbdb';
    const { url, after } = await approved(id);
    expect((await owner.post(`${url}/fund`, { paymentMethodId: 'pm_card_visa' }, after)).status).toBe(200);
    expect((await owner.post(`${url}/cancel`, { reason: 'Sold the building' })).status).toBe(200);
    const [refund] = standIn.refunds().filter((r) => r.metadata.distributionId === id);
    // The check reads the refunds from the distributions' read model: caught up with the log first.
    await server.engine.waitFor(await server.eventStore.headPosition());
    const check = server.app.get(RefundCheck);
    expect(await check.check(systemContext('refund-check', 'check-1'))).toMatchObject({ reopened: 0 });
    expect(await statusOf(url)).toMatchObject({ refund: { status: 'refunded' } });

    standIn.failRefund(refund!.id, 'expired_or_canceled_card');
    // 31 days on, a refund is no longer followed (Stripe fails one within 30): nothing asked, nothing recorded.
    const later = new Date(Date.now() + 31 * 24 * 60 * 60 * 1000).toISOString();
    const asked = () => standIn.requests.filter((r) => r.path === `/v1/refunds/${refund!.id}`).length;
    const before = asked();
    await check.check(systemContext('refund-check', 'check-late', later));
    expect(asked()).toBe(before);
    expect(await statusOf(url)).toMatchObject({ refund: { status: 'refunded' } });

    const found = await check.check(systemContext('refund-check', 'check-2'));
    expect(found.reopened).toBeGreaterThanOrEqual(1);
    expect(asked()).toBe(before + 1);
    expect(await statusOf(url)).toMatchObject({
      refund: {
        status: 'failed',
        failure: `The refund ${refund!.id} failed after it was accepted: The refund failed: expired_or_canceled_card`,
      },
    });
    await server.engine.waitFor(await server.eventStore.headPosition());
    await check.check(systemContext('refund-check', 'check-3'));
    expect((await eventTypes(id)).filter((t) => t === 'DistributionRefundFailed')).toHaveLength(1);
  });

  it('a refund Stripe accepted that fails later (refund.failed) is owed back again, and operations refund it anew', async () => {
    const id = 'dadadada-aaaa-4aaa-8aaa-dadadadadada';
    const { url, after } = await approved(id);
    expect((await owner.post(`${url}/fund`, { paymentMethodId: 'pm_card_visa' }, after)).status).toBe(200);
    expect((await owner.post(`${url}/cancel`, { reason: 'Sold the building' })).status).toBe(200);
    const [first] = standIn.refunds().filter((r) => r.metadata.distributionId === id);
    expect(first).toMatchObject({ status: 'succeeded', amount: 7500, metadata: { purpose: 'distribution' } });
    expect(await statusOf(url)).toMatchObject({ status: 'cancelled', refund: { status: 'refunded' } });

    // Days later the card's account is closed: Stripe fails the refund and says so.
    const notice = standIn.refundEvent(first!.id, 'refund.failed');
    // A copy sent before Stripe failed it records nothing: the status is asked of Stripe.
    expect((await deliver(notice)).status).toBe(200);
    expect(await statusOf(url)).toMatchObject({ refund: { status: 'refunded' } });
    standIn.failRefund(first!.id, 'expired_or_canceled_card');
    expect((await deliver(standIn.refundEvent(first!.id, 'refund.failed'))).status).toBe(200);
    expect((await deliver(standIn.refundEvent(first!.id, 'refund.failed'))).status).toBe(200);
    const types = await eventTypes(id);
    expect(types.filter((t) => t === 'DistributionRefundFailed')).toHaveLength(1);
    expect(await statusOf(url)).toMatchObject({
      refund: {
        status: 'failed',
        failure: `The refund ${first!.id} failed after it was accepted: The refund failed: expired_or_canceled_card`,
      },
    });

    // Operations ask again: a new refund, with the next key.
    const operator = await signUp(server, { admin: true });
    const again = await operator.post(`/api/admin/distributions/${id}/refund`);
    expect(again.status).toBe(200);
    const made = standIn.refunds().filter((r) => r.metadata.distributionId === id);
    expect(made).toHaveLength(2);
    const keys = standIn.requests.filter((r) => r.path === '/v1/refunds').map((r) => r.idempotencyKey);
    expect(keys.slice(-2)).toEqual([`distribution-${id}-refund-0`, `distribution-${id}-refund-1`]);
    expect(await statusOf(url)).toMatchObject({ refund: { status: 'refunded', reference: made[1]!.id } });
  });
});
