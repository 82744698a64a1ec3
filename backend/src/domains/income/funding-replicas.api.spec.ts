/**
 * A pending card payment settled at once from every side, on two replicas of the app sharing one PostgreSQL database:
 * Stripe delivers its webhook to A (three times, as it may), B's funding check runs twice and the owner presses Fund
 * on B, all at the same moment. The attempt is recorded funded exactly once and the card confirmed once.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { systemContext } from '../../platform/command-context.js';
import { scratchDatabase } from '../../platform/event-store/scratch-database.js';
import { Api, startReplicas, type startTestServer } from '../../testing/api.js';
import { StripeStandIn } from '../../testing/stripe-stand-in.js';
import { signUp, TEST_PASSWORD } from '../../testing/users.js';
import { approvedOnApp } from './distribution.test-support.js';
import { FundingCheck } from './funding-check.js';

type Server = Awaited<ReturnType<typeof startTestServer>>;
const ASSET = '6e3f9b1d-4c5f-4d2e-9f0a-1b2c3d4e5f60';
const ID = 'fafafafa-1111-4111-8111-fafafafafafa';

describe('a pending funding settled by a webhook, the funding check and the owner at once, on two replicas', () => {
  const database = scratchDatabase('kauri_funding');
  let standIn: StripeStandIn;
  let a: Server;
  let b: Server;

  beforeAll(async () => {
    standIn = await StripeStandIn.start();
    await database.create();
    [a, b] = await startReplicas({
      ...standIn.env,
      EVENT_STORE: 'postgres',
      READ_STORE: 'postgres',
      DATABASE_URL: database.url,
    });
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await standIn?.close();
    await database.drop();
  });

  it('records it funded once, the card confirmed once', async () => {
    const owner = await signUp(a);
    const { url, after } = await approvedOnApp(a.eventStore, ID, owner.user.id, ASSET);
    standIn.processNextConfirm = true;
    expect((await owner.post(`${url}/fund`, { paymentMethodId: 'pm_card_visa' }, after)).status).toBe(409);
    const [intent] = standIn.paymentIntents().filter((i) => i.metadata.distributionId === ID);
    standIn.settle(intent!.id, 'succeeded');
    await b.engine.waitFor(await b.eventStore.headPosition());

    const webhook = standIn.intentEvent(intent!.id, 'payment_intent.succeeded');
    const onB = new Api(b.url);
    expect((await onB.post('/api/login', { email: owner.user.email, password: TEST_PASSWORD })).status).toBe(200);
    const check = b.app.get(FundingCheck);
    const answers = await Promise.all([
      ...[1, 2, 3].map(() => StripeStandIn.deliver(a.url, webhook).then((r) => r.status)),
      ...[1, 2].map((n) => check.check(systemContext('funding-check', `race-${n}`)).then(() => 'checked')),
      onB.post(`${url}/fund`, { paymentMethodId: 'pm_card_mastercard' }).then((r) => r.status),
    ]);
    expect(answers.slice(0, 5)).toEqual([200, 200, 200, 'checked', 'checked']);
    // The owner's Fund either recorded it or found it recorded: never a second charge.
    expect([200, 409]).toContain(answers[5]);

    const types = (await a.eventStore.readStream(`distribution-${ID}`)).map((e) => e.type);
    expect(types.filter((t) => t === 'DistributionFunded')).toHaveLength(1);
    expect(types.filter((t) => t === 'DistributionFundingFailed')).toHaveLength(0);
    expect(standIn.requests.filter((r) => r.path === `/v1/payment_intents/${intent!.id}/confirm`)).toHaveLength(1);
    expect(standIn.paymentIntents().filter((i) => i.metadata.distributionId === ID)).toHaveLength(1);
  });
});
