import { randomBytes } from 'node:crypto';
import { scratchDatabase } from '../../platform/event-store/scratch-database.js';
import { HEAD_READ_INTERVAL_MS } from '../../platform/http/read-your-writes.js';
import { Api, startReplicas, type startTestServer } from '../../testing/api.js';
import { signUp, TEST_PASSWORD } from '../../testing/users.js';
import { IdentityService } from './identity.service.js';

/**
 * Issue 29: two replicas of the app on one PostgreSQL database (events and read models), as in production
 * behind a load balancer. Each has its own projection engine, so a session written through one is known to the
 * other only once that engine has applied the event: the guard of a replica that does not know a token waits for
 * its read models to reach the log's head before answering 401, and sign-outs and role changes answer a position
 * for `X-Read-After`.
 */
type Server = Awaited<ReturnType<typeof startTestServer>>;

const ENV = { EVENT_STORE: 'postgres', READ_STORE: 'postgres', AUTH_RATE_LIMIT_PER_IP: '1000' } as const;

/** A request on `server` with nothing but the session cookie: no X-Read-After, as a client new to it would send. */
async function statusWithCookie(server: Server, sid: string, path = '/api/user', headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${path}`, { headers: { cookie: `kauri.sid=${sid}`, ...headers } });
  await res.arrayBuffer();
  return res.status;
}

const readAfter = (position: number) => ({ 'x-read-after': String(position) });

/** The operator's role change (`npm run admin -- grant|revoke`) through `server`. */
async function changeRole(server: Server, email: string, action: 'grant' | 'revoke') {
  const res = await fetch(`${server.url}/api/operations/roles`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Ops ${server.opsToken}` },
    body: JSON.stringify({ email, role: 'admin', action }),
  });
  return (await res.json()) as { changed: boolean; roles: string[]; position: number };
}

describe('sessions across two replicas on one PostgreSQL database', () => {
  const database = scratchDatabase('kauri_sessions');
  let a: Server;
  let b: Server;

  beforeAll(async () => {
    await database.create();
    [a, b] = await startReplicas({ ...ENV, DATABASE_URL: database.url });
  }, 60_000);
  afterAll(async () => {
    await b?.close();
    await a?.close();
    await database.drop();
  });

  it('a sign-in on A is honoured on B at once, every time', async () => {
    const user = await signUp(a);
    const refused: number[] = [];
    const positions: unknown[] = [];
    for (let round = 0; round < 20; round++) {
      const login = new Api(a.url);
      const res = await login.post('/api/login', { email: user.user.email, password: TEST_PASSWORD });
      expect(res.status).toBe(200);
      positions.push(res.body.position);
      const status = await statusWithCookie(b, login.cookie('kauri.sid')!);
      if (status !== 200) refused.push(round);
    }
    expect(refused).toEqual([]);
    for (const position of positions) expect(position).toEqual(expect.any(Number));
  });

  it('a sign-out on A is refused on B with the position it answered', async () => {
    const user = await signUp(a);
    const sid = user.cookie('kauri.sid')!;
    expect(await statusWithCookie(b, sid)).toBe(200);
    const out = await user.post('/api/logout');
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true, position: expect.any(Number) });
    expect(await statusWithCookie(b, sid, '/api/user', readAfter(out.body.position))).toBe(401);
  });

  it('a role revoked on A is refused on B with the position it answered', async () => {
    const admin = await signUp(a);
    const sid = admin.cookie('kauri.sid')!;
    const granted = await changeRole(a, admin.user.email, 'grant');
    expect(granted).toMatchObject({ changed: true, roles: ['admin'], position: expect.any(Number) });
    expect(await statusWithCookie(b, sid, '/api/admin/registrations', readAfter(granted.position))).toBe(200);
    const revoked = await changeRole(a, admin.user.email, 'revoke');
    expect(revoked).toMatchObject({ changed: true, roles: [], position: expect.any(Number) });
    expect(await statusWithCookie(b, sid, '/api/admin/registrations', readAfter(revoked.position))).toBe(403);
  });

  it('a profile change on A is seen on B with the position it answered', async () => {
    const user = await signUp(a);
    const changed = await user.patch('/api/user', { firstName: 'Aroha', lastName: 'Ngata' });
    expect(changed.body).toMatchObject({ firstName: 'Aroha', position: expect.any(Number) });
    const onB = await fetch(`${b.url}/api/user`, {
      headers: { cookie: `kauri.sid=${user.cookie('kauri.sid')}`, ...readAfter(changed.body.position) },
    });
    expect(await onB.json()).toMatchObject({ firstName: 'Aroha', lastName: 'Ngata' });
  });

  it('made-up tokens get 401 on B after one shared look at the head, and malformed ones after none', async () => {
    const identity = b.app.get(IdentityService);
    const before = identity.head.reads;
    const started = Date.now();
    const statuses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        i % 2 === 0
          ? statusWithCookie(b, randomBytes(32).toString('base64url'))
          : fetch(`${b.url}/api/user`, {
              headers: { authorization: `Bearer ${randomBytes(32).toString('base64url')}` },
            }).then((res) => res.status),
      ),
    );
    const elapsed = Date.now() - started;
    expect(new Set(statuses)).toEqual(new Set([401]));
    const reads = identity.head.reads - before;
    // One read at a time, at most one per HEAD_READ_INTERVAL_MS, whatever the number of requests.
    expect(reads).toBeGreaterThanOrEqual(1);
    expect(reads).toBeLessThanOrEqual(Math.ceil(elapsed / HEAD_READ_INTERVAL_MS) + 1);
    expect(reads).toBeLessThan(statuses.length);
    // Bounded: no request waited out the 2 s for read models that were already at the head.
    expect(elapsed).toBeLessThan(10_000);

    const malformed = identity.head.reads;
    const refused = await Promise.all(
      ['x', 'a'.repeat(42), `${'a'.repeat(42)}!`, 'a'.repeat(44), 'a'.repeat(300)].map((token) =>
        statusWithCookie(b, token),
      ),
    );
    expect(refused).toEqual([401, 401, 401, 401, 401]);
    expect(identity.head.reads).toBe(malformed);
  });
});
