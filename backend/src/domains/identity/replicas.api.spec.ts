/**
 * Two replicas of the app on one PostgreSQL database (issue 29): the attempt limits are counted in that database, so
 * a client spreading its guesses over the replicas gets no more than from one.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { scratchDatabase } from '../../platform/event-store/scratch-database.js';
import { Api, startTestServer } from '../../testing/api.js';

type Server = Awaited<ReturnType<typeof startTestServer>>;
/** The client address, as the proxy in front of both replicas says it (TRUST_PROXY: the loopback). */
const from = (ip: string) => ({ 'x-forwarded-for': ip });

describe('attempt limits shared by two replicas on one postgres database', () => {
  const database = scratchDatabase('kauri_replicas');
  let replicas: Server[] = [];
  beforeAll(async () => {
    await database.create();
    const env = { EVENT_STORE: 'postgres', READ_STORE: 'postgres', DATABASE_URL: database.url };
    replicas = [await startTestServer({ env }), await startTestServer({ env })];
  }, 60_000);
  afterAll(async () => {
    for (const replica of replicas) await replica.close();
    replicas = [];
    await database.drop();
  });

  it('counts failed sign-ins alternating between the replicas once: after ten from an address, 429 on either', async () => {
    const login = (replica: Server, n: number) =>
      // A different account each time: only the per-address limit (AUTH_RATE_LIMIT_PER_IP, 10) is in play.
      new Api(replica.url).post(
        '/api/login',
        { email: `ghost-${n}@example.nz`, password: 'a wrong password' },
        from('203.0.113.50'),
      );
    const statuses = [];
    for (let n = 0; n < 10; n++) statuses.push((await login(replicas[n % 2]!, n)).status);
    expect(statuses).toEqual(Array<number>(10).fill(401));
    for (const [i, replica] of replicas.entries()) {
      const refused = await login(replica, 100 + i);
      expect(refused).toMatchObject({
        status: 429,
        body: { message: 'Too many attempts. Please try again in 15 minutes.' },
      });
    }
    // Another address is not affected.
    expect(
      (
        await new Api(replicas[1]!.url).post(
          '/api/login',
          { email: 'ghost-0@example.nz', password: 'x' },
          from('203.0.113.51'),
        )
      ).status,
    ).toBe(401);
  }, 60_000);

  it('counts registrations from one address across both replicas', async () => {
    const register = (replica: Server, n: number) =>
      new Api(replica.url).post(
        '/api/register',
        { email: `newcomer-${n}@example.nz`, password: 'a long enough password', firstName: 'New', lastName: 'Comer' },
        from('198.51.100.60'),
      );
    for (let n = 0; n < 10; n++) expect((await register(replicas[n % 2]!, n)).status).toBe(201);
    for (const [i, replica] of replicas.entries()) expect((await register(replica, 100 + i)).status).toBe(429);
  }, 60_000);
});
