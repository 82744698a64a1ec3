/**
 * Upgrading and downgrading a monthly plan over HTTP on the real app in sandbox mode: the prorated amount, the
 * plan the user then has, the history, the refusals — and what a downgrade does to the plan's asset limit.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer } from '../../testing/api.js';
import { subscribe } from '../../testing/billing.js';
import { signUp } from '../../testing/users.js';
import { CHANGE_TO_STARTER, NO_PLAN_TO_CHANGE, SAME_PLAN } from './billing.decider.js';

describe('changing plans (sandbox provider)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('upgrades Professional to Enterprise with a prorated charge, and downgrades back with a credit', async () => {
    const user = await signUp(server);
    const paid = await subscribe(user, 'professional');
    const before = (await user.get('/api/billing', { 'x-read-after': String(paid) })).body;
    expect(before).toMatchObject({ status: 'active', tier: 'professional' });

    const up = await user.post('/api/subscription/change', { tier: 'enterprise' });
    expect(up.status).toBe(200);
    // The period has just begun: nearly the whole difference (999 - 199) is charged now.
    expect(up.body).toMatchObject({ tier: 'enterprise', currentPeriodEnd: before.currentPeriodEnd });
    expect(up.body.proration).toBeGreaterThan(790);
    expect(up.body.proration).toBeLessThanOrEqual(800);
    const afterUp = (await user.get('/api/billing', { 'x-read-after': String(up.body.position) })).body;
    expect(afterUp).toMatchObject({ status: 'active', tier: 'enterprise', currentPeriodEnd: before.currentPeriodEnd });
    expect(afterUp.history[0]).toMatchObject({ kind: 'plan-changed', tier: 'enterprise', amount: up.body.proration });
    expect((await user.get('/api/user', { 'x-read-after': String(up.body.position) })).body).toMatchObject({
      subscriptionStatus: 'active',
      subscriptionTier: 'enterprise',
    });

    const down = await user.post('/api/subscription/change', { tier: 'professional' });
    expect(down.status).toBe(200);
    expect(down.body.proration).toBeLessThan(-790);
    const afterDown = (await user.get('/api/subscription/status', { 'x-read-after': String(down.body.position) })).body;
    expect(afterDown).toMatchObject({ status: 'active', tier: 'professional', cancelAtPeriodEnd: false });
  });

  it('refuses a change without a monthly plan, to the same plan or to Starter, recording nothing', async () => {
    const free = await signUp(server);
    const head = await server.eventStore.headPosition();
    const none = await free.post('/api/subscription/change', { tier: 'enterprise' });
    expect(none).toMatchObject({ status: 409, body: { message: NO_PLAN_TO_CHANGE } });
    expect((await free.post('/api/subscription/change', { tier: 'gold' })).status).toBe(400);
    expect(await server.eventStore.headPosition()).toBe(head);

    const user = await signUp(server);
    await subscribe(user, 'professional');
    const same = await user.post('/api/subscription/change', { tier: 'professional' });
    expect(same).toMatchObject({ status: 409, body: { message: SAME_PLAN('professional') } });
    const starter = await user.post('/api/subscription/change', { tier: 'starter' });
    expect(starter).toMatchObject({ status: 409, body: { message: CHANGE_TO_STARTER } });
  });

  it('after a downgrade, the assets already drafted stay, and no new draft passes the new limit', async () => {
    const owner = await signUp(server);
    await subscribe(owner, 'enterprise');
    const draft = (n: number) =>
      owner.post('/api/assets', {
        name: `Kiosk ${n}`,
        description: 'A coffee kiosk on the waterfront',
        assetType: 'business',
        totalValue: 100_000,
        tokenCount: 1000,
      });
    for (let n = 1; n <= 6; n++) expect((await draft(n)).status).toBe(201);

    const down = await owner.post('/api/subscription/change', { tier: 'professional' });
    expect(down.status).toBe(200);
    const after = { 'x-read-after': String(down.body.position) };
    expect((await owner.get('/api/assets', after)).body).toHaveLength(6);
    const seventh = await draft(7);
    expect(seventh).toMatchObject({
      status: 403,
      body: { message: 'Your plan covers 5 tokenized assets. Upgrade your plan to add another.' },
    });
    // Back on Enterprise, drafting works again.
    await owner.post('/api/subscription/change', { tier: 'enterprise' });
    expect((await draft(7)).status).toBe(201);
  });
});
