/**
 * The reconciliation on the real app: after an offering sells, closes, and the owner records a holder, every read
 * model agrees with the register (health says so); a read model document changed behind the app's back is drift
 * in /api/health, with the figure named on /api/operations/reconciliation.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Api } from '../../testing/api.js';
import { startTestServer } from '../../testing/api.js';
import { randomUUID } from 'node:crypto';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import { systemContext } from '../../platform/command-context.js';
import { assetStream } from '../assets/events.js';
import { offeringStream } from '../offerings/events.js';
import { offering } from '../offerings/offering.decider.js';
import { approvedAsset, offeringFor, verifiedInvestor } from '../../testing/offerings.js';
import { register, registerTotals } from './register.decider.js';
import { RegisterSweep } from './register-sweep.js';
import { ReconciliationSchedule } from './reconciliation-schedule.js';
import { JobRunner } from '../../platform/jobs/job-runner.js';
import { signUp } from '../../testing/users.js';
import { portfolioProjection, type PortfolioDoc } from '../../projections/portfolio.js';
import { registersProjection, type RegisterDoc } from '../../projections/registers.js';
import type { ReconciliationStatus } from './reconciliation.js';

describe('register reconciliation API', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let admin: Api;
  beforeAll(async () => {
    server = await startTestServer({ env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });
    admin = await signUp(server, { admin: true });
  });
  afterAll(() => server.close());

  /** Starts a run as an operator would and waits for it to finish. */
  async function reconcile(): Promise<ReconciliationStatus> {
    const started = await admin.post('/api/operations/reconciliation');
    expect(started.status).toBe(202);
    for (;;) {
      const status = (await admin.get('/api/operations/reconciliation')).body as ReconciliationStatus;
      if (!status.running) return status;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('health shows the register in agreement, then the drift of a tampered read model', async () => {
    const { owner, assetId, offeringId } = await offeringFor(server, admin, 1_000);
    const investor = await verifiedInvestor(server, admin);
    const bought = await investor.post('/api/invest', { offeringId, tokensRequested: 100, investmentAmount: 12_500 });
    expect([bought.status, bought.body.status]).toEqual([201, 'confirmed']);
    expect((await admin.post(`/api/admin/offerings/${offeringId}/close`)).status).toBe(200);
    const added = await owner.post(`/api/assets/${assetId}/investors`, { name: 'Aroha Ngata', tokens: 200 });
    expect(added.status).toBe(201);
    const register = await owner.get(`/api/assets/${assetId}/register`, {
      'x-read-after': String(added.body.position),
    });
    expect(register.body.totals).toEqual({
      supply: 1_000,
      ownerRetained: 700,
      offPlatform: 200,
      unsold: 0,
      issued: 100,
    });

    // Only an operator sees the drift list or starts a run.
    expect((await owner.get('/api/operations/reconciliation')).status).toBe(403);
    const clean = await reconcile();
    expect(clean).toMatchObject({ ok: true, drift: [], error: null });
    expect(clean.assets).toBeGreaterThanOrEqual(1);
    const healthy = (await server.ops.get('/api/health')).body;
    expect(healthy.status).toBe('ok');
    expect(healthy.register).toMatchObject({ ok: true, assets: clean.assets, drift: 0 });

    // A read model document changed behind the app's back (a bug, a bad migration, a hand edit).
    const registers = server.readStore.collection<RegisterDoc>(registersProjection.name);
    const doc = (await registers.get(assetId))!;
    await registers.upsert({ ...doc, totals: { ...doc.totals, ownerRetained: 900 } });
    const drifted = await reconcile();
    expect(drifted.ok).toBe(false);
    expect(drifted.drift).toEqual([
      { assetId, readModel: 'registers', offeringId: null, field: 'ownerRetained', expected: 700, actual: 900 },
    ]);
    const health = (await server.ops.get('/api/health')).body;
    expect(health.status).toBe('degraded');
    // Degraded, not unready: the replica still serves (every replica shares the register), and says why.
    expect(health).toMatchObject({ ready: true, reasons: ['Register drift 1 on 1 asset'] });
    // The operator's health counts the drift, naming no asset; anyone reads only that the register check fails.
    expect(health.register).toMatchObject({ ok: false, drift: 1 });
    expect(JSON.stringify(health)).not.toContain(assetId);
    expect((await server.api.get('/api/health')).body).toEqual({
      status: 'degraded',
      ready: true,
      failing: ['register'],
      chain: { ok: true, kind: 'off' },
    });

    // Rebuilt from the log, the read model agrees again.
    expect((await admin.post('/api/operations/projections/registers/rebuild')).status).toBe(202);
    for (;;) {
      const info = (await admin.get('/api/operations/projections')).body as { name: string; rebuild: unknown }[];
      if (!info.find((p) => p.name === 'registers')?.rebuild) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await registers.get(assetId))!.totals.ownerRetained).toBe(700);
    expect(await reconcile()).toMatchObject({ ok: true, drift: [] });
    expect((await server.ops.get('/api/health')).body.status).toBe('ok');
  }, 120_000);

  it('issue 28: after a holder is removed and a supply change approved, the dashboard agrees; a tampered dashboard is drift in health', async () => {
    const { owner, assetId, offeringId } = await offeringFor(server, admin, 1_000);
    const investor = await verifiedInvestor(server, admin);
    const bought = await investor.post('/api/invest', { offeringId, tokensRequested: 100, investmentAmount: 12_500 });
    expect(bought.status).toBe(201);
    expect((await admin.post(`/api/admin/offerings/${offeringId}/close`)).status).toBe(200);
    const holders = await Promise.all(
      ['Aroha Ngata', 'Mere Tane'].map((name) => owner.post(`/api/assets/${assetId}/investors`, { name, tokens: 50 })),
    );
    const removed = await owner.request('DELETE', `/api/assets/${assetId}/investors/${holders[0]!.body.id}`, {
      reason: 'Sold back to the owner',
    });
    expect(removed.status).toBe(200);
    const asked = await owner.post(`/api/assets/${assetId}/supply-changes`, { delta: 500, reason: 'Second building' });
    const approved = await admin.post(`/api/admin/assets/${assetId}/supply-changes/${asked.body.id}/approve`);
    expect(approved.status).toBe(200);
    const after = { 'x-read-after': String(approved.body.position) };
    // One platform investor and one off-platform holder left; 1,500 tokens.
    expect((await owner.get('/api/dashboard/stats', after)).body).toMatchObject({
      activeTokens: 1_500,
      totalInvestors: 2,
    });
    expect((await owner.get(`/api/assets/${assetId}/cap-table`, after)).body.supply).toBe(1_500);
    // The price an offering form prefills: NZD 1,000,000 over 1,500 tokens, to the cent.
    expect((await owner.get(`/api/assets/${assetId}/register`, after)).body.tokenPriceNow).toBe(666.67);
    expect(await reconcile()).toMatchObject({ ok: true, drift: [] });

    // The dashboard as it was before the fix: behind the app's back, the old figures.
    const portfolio = server.readStore.collection<PortfolioDoc>(portfolioProjection.name);
    const doc = (await portfolio.get(owner.user.id))!;
    await portfolio.upsert({ ...doc, activeTokens: 1_000, totalInvestors: 3 });
    const drifted = await reconcile();
    expect(drifted.drift).toEqual([
      expect.objectContaining({
        readModel: 'portfolio',
        ownerId: owner.user.id,
        field: 'activeTokens',
        expected: 1_500,
      }),
      expect.objectContaining({ readModel: 'portfolio', ownerId: owner.user.id, field: 'totalInvestors', expected: 2 }),
    ]);
    expect((await server.ops.get('/api/health')).body.register).toMatchObject({ ok: false, drift: 2 });
    await portfolio.upsert(doc);
    expect(await reconcile()).toMatchObject({ ok: true, drift: [] });
  });

  it('adopts an offering from before the register: allocated on its own terms, its sales settled, then in agreement', async () => {
    const { owner, assetId } = await approvedAsset(server, admin, 1_000);
    // Recorded as the app did before the register existed: on the offering's own stream, no allocation.
    const offeringId = randomUUID();
    const repository = server.app.get(AggregateRepository);
    await repository.handle(
      offering,
      offeringStream(offeringId),
      {
        type: 'CreateOffering',
        offeringId,
        assetId,
        // As that app did: the asset's owner, read from the asset's stream (the dashboard counts its investors).
        ownerId: owner.user.id,
        assetActive: true,
        limits: null,
        name: 'Harbour View Series A',
        description: 'Waterfront income',
        totalTokens: 400,
        tokenPrice: '125.00',
        minimumInvestment: '0',
        lockupDays: 365,
        adminId: 'legacy-admin',
      },
      systemContext('legacy', randomUUID()),
    );
    const investor = await verifiedInvestor(server, admin);
    const bought = await investor.post('/api/invest', { offeringId, tokensRequested: 40, investmentAmount: 5_000 });
    expect([bought.status, bought.body.status]).toEqual([201, 'confirmed']);
    await server.engine.waitFor(bought.body.position);
    expect((await reconcile()).ok).toBe(false); // sold tokens the register never allocated

    const sweep = server.app.get(RegisterSweep);
    expect(await sweep.sweep()).toMatchObject({ adopted: 1, refused: 0 });
    const { state } = await repository.load(register, assetStream(assetId));
    expect(registerTotals(state)).toEqual({
      supply: 1_000,
      ownerRetained: 600,
      offPlatform: 0,
      unsold: 360,
      issued: 40,
    });
    expect(await sweep.sweep()).toMatchObject({ adopted: 0, refused: 0 }); // once only
    await server.engine.caughtUp();
    expect(await reconcile()).toMatchObject({ ok: true, drift: [] });
  });

  it("the minute's run looks only at assets whose streams moved, and keeps what the whole runs found", async () => {
    const schedule = server.app.get(ReconciliationSchedule);
    // The app's own first run (5 s after boot) is over, and the next is a minute away: a run asked for while one is
    // under way joins it, and would answer with its scope instead of the one asked for here.
    const jobs = server.app.get(JobRunner);
    for (;;) {
      const job = (await jobs.status()).jobs.find((j) => j.name === 'register-reconciliation');
      if (job?.lastRun?.finishedAt) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const first = await approvedAsset(server, admin, 1_000);
    const second = await approvedAsset(server, admin, 1_000);
    await server.engine.caughtUp();
    const whole = await schedule.run('all');
    expect(whole).toMatchObject({ ok: true, total: whole.assets });
    expect(whole.assets).toBeGreaterThanOrEqual(2);

    // Changed behind the app's back, with nothing in the log: the next whole run sees it, the minute's does not.
    const registers = server.readStore.collection<RegisterDoc>(registersProjection.name);
    const doc = (await registers.get(first.assetId))!;
    await registers.upsert({ ...doc, totals: { ...doc.totals, ownerRetained: 1 } });
    expect(await schedule.run('changed')).toMatchObject({ ok: true, total: 0, checked: 0, assets: whole.assets });

    // The owner records a holder on the other asset: the minute's run compares that asset alone.
    const added = await second.owner.post(`/api/assets/${second.assetId}/investors`, { name: 'Mere Tane', tokens: 5 });
    expect(added.status).toBe(201);
    await server.engine.waitFor(added.body.position);
    expect(await schedule.run('changed')).toMatchObject({ ok: true, total: 1, checked: 1 });

    const found = await schedule.run('all');
    const expected = { assetId: first.assetId, readModel: 'registers', field: 'ownerRetained', actual: 1 };
    expect(found).toMatchObject({ ok: false, drift: [expect.objectContaining(expected)] });
    // Kept by the runs in between until a run compares that asset again.
    expect(await schedule.run('changed')).toMatchObject({ ok: false, total: 0, drift: found.drift });
    await registers.upsert(doc);
    expect(await schedule.run('all')).toMatchObject({ ok: true, drift: [] });
  });
});
