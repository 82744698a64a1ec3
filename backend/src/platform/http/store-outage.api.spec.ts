/**
 * PostgreSQL out of reach for a moment (a network cut, a failover), on the real app: the replica lives through it,
 * answers health 503 (not ready, the event store named) and a write 503 with Retry-After — never a 500, which reads as
 * a bug — and serves again by itself once the database is back. The cut is real: the app reaches PostgreSQL through a
 * TCP relay of this test's, whose connections are destroyed and whose port stops answering.
 */
import { createServer, connect, type Server as NetServer, type Socket } from 'node:net';
import { scratchDatabase } from '../event-store/scratch-database.js';
import { startTestServer } from '../../testing/api.js';
import { signUp, TEST_PASSWORD } from '../../testing/users.js';
import { STORE_UNREACHABLE } from './errors.filter.js';
import { untilWithin } from '../../testing/until.js';

type Server = Awaited<ReturnType<typeof startTestServer>>;

/** A TCP relay to the PostgreSQL server: `cut()` drops every connection and stops listening; `restore()` listens again. */
async function relayTo(target: URL) {
  const sockets = new Set<Socket>();
  let server: NetServer | null = null;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve) => {
      server = createServer((client) => {
        const upstream = connect(Number(target.port || 5432), target.hostname);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          socket.on('error', () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => {
        port = (server!.address() as { port: number }).port;
        resolve();
      });
    });
  await listen();
  return {
    port,
    cut: async () => {
      const closed = new Promise((resolve) => server!.close(resolve));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    restore: listen,
  };
}

const until = untilWithin(30_000);

describe('PostgreSQL out of reach for a moment', () => {
  const database = scratchDatabase('kauri_outage');
  let relay: Awaited<ReturnType<typeof relayTo>>;
  let server: Server;

  beforeAll(async () => {
    await database.create();
    relay = await relayTo(new URL(database.url));
    const url = Object.assign(new URL(database.url), { hostname: '127.0.0.1', port: String(relay.port) }).toString();
    server = await startTestServer({
      env: { EVENT_STORE: 'postgres', READ_STORE: 'postgres', DATABASE_URL: url, AUTH_RATE_LIMIT_PER_IP: '1000' },
    });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await relay?.cut();
    await database.drop();
  });

  it('answers 503 for health and for a write while it lasts, lives through it, and serves again after', async () => {
    const person = await signUp(server);
    await relay.cut();
    try {
      const health = await fetch(`${server.url}/api/health`, { headers: { authorization: `Ops ${server.opsToken}` } });
      const body = await health.json();
      expect([health.status, body.ready, body.eventStore.ok]).toEqual([503, false, false]);
      // A signed-in person's write (sign-in itself meets its attempt limits' store first, which says so itself).
      const write = await person.put('/api/tax-profile', { residency: 'non-resident' });
      expect([write.status, write.body.message, write.headers.get('retry-after')]).toEqual([
        503,
        STORE_UNREACHABLE,
        '5',
      ]);
      expect((await fetch(`${server.url}/api/health/live`)).status).toBe(200);
    } finally {
      await relay.restore();
    }
    await until(
      'health ready again',
      async () => (await fetch(`${server.url}/api/health`)).status,
      (status) => status === 200,
    );
    const again = await fetch(`${server.url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: person.user.email, password: TEST_PASSWORD }),
    });
    expect(again.status).toBe(200);
  });
});
