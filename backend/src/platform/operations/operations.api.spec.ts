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
});
