import { randomUUID } from 'node:crypto';
import { startTestServer } from '../../testing/api.js';
import { registerInterest } from '../../testing/interest.js';

describe('operations API (real app)', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('refuses anyone without the ops token or an admin session', async () => {
    expect((await server.api.get('/api/operations/projections')).status).toBe(401);
    expect((await server.api.get('/api/operations/projections', { authorization: 'Ops wrong-token' })).status).toBe(
      401,
    );
    // The token and nothing after it.
    const trailing = { authorization: `Ops ${server.opsToken} junk` };
    expect((await server.api.get('/api/operations/projections', trailing)).status).toBe(401);
  });

  it('reports status and rebuilds a projection through blue/green, leaving the read model equal', async () => {
    const ops = { authorization: `Ops ${server.opsToken}` };
    for (let i = 0; i < 5; i++) await registerInterest(server, { email: `ops${i}@example.nz` });
    const started = await server.api.post('/api/operations/projections/early-access/rebuild', {}, ops);
    expect(started).toMatchObject({ status: 202, body: { started: true, requestedAt: expect.any(String) } });
    let info: { rebuild: unknown; lastRebuild: { startedAt: string } | null } | undefined;
    for (let i = 0; i < 50; i++) {
      info = (await server.api.get('/api/operations/projections', ops)).body.find(
        (p: { name: string }) => p.name === 'early-access',
      );
      if (!info?.rebuild && info?.lastRebuild) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(info).toMatchObject({ status: 'live', lag: 0, rebuild: null });
    // What the screen shows after the rebuild, however fast it was: what was replayed, into what, how long, when.
    expect(info!.lastRebuild).toMatchObject({
      outcome: 'swapped',
      eventsReplayed: expect.any(Number),
      documents: 1,
      durationMs: expect.any(Number),
      error: null,
    });
    expect(info!.lastRebuild!.startedAt >= started.body.requestedAt).toBe(true);
    expect((await server.api.get('/api/early-access')).body).toEqual({
      waivedPlaces: 100,
      placesLeft: 95,
      registrations: 5,
    });
    expect((await server.api.post('/api/operations/projections/nope/rebuild', {}, ops)).status).toBe(404);
  });

  it('answers liveness always and readiness 503 naming the projection that stopped (last: it leaves a projection failed)', async () => {
    expect(await server.api.get('/api/health/live')).toMatchObject({
      status: 200,
      body: { status: 'ok', pid: process.pid, uptimeSeconds: expect.any(Number) },
    });
    expect(await server.ops.get('/api/health')).toMatchObject({
      status: 200,
      body: { status: 'ok', ready: true, reasons: [] },
    });
    // An event the early-access projection cannot fold (written past the schema checks, as a bad migration might).
    const { position } = await server.eventStore.append(
      `interest-${randomUUID()}`,
      [
        {
          type: 'InterestConfirmed',
          data: null,
          metadata: {
            eventId: randomUUID(),
            schemaVersion: 1,
            occurredAt: new Date().toISOString(),
            actor: { kind: 'system', name: 'test' },
            correlationId: randomUUID(),
            causationId: null,
          },
        },
      ],
      'no_stream',
    );
    let health = await server.ops.get('/api/health');
    for (let i = 0; i < 200 && health.status !== 503; i++) {
      await new Promise((r) => setTimeout(r, 20));
      health = await server.ops.get('/api/health');
    }
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({
      status: 'degraded',
      ready: false,
      // Every read model that folds the event stopped at it (registrations and the mail queue as well).
      reasons: expect.arrayContaining([`Projection early-access stopped at position ${position} (InterestConfirmed)`]),
    });
    // Alive all the same: restarting the process is not what it needs.
    expect((await server.api.get('/api/health/live')).status).toBe(200);
  });
});
