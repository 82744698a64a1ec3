/**
 * Who reads what of /api/health, on the real app: anyone (a load balancer, a healthcheck, a probe) the verdict, the
 * failing checks by name and the chain's kind and ok; an investor the same (the token and wallet screens read the
 * chain's); an operator, the ops token or a signed-in admin, every figure. The HTTP status is the same for all.
 */
import { jest } from '@jest/globals';
import type { Api } from '../../testing/api.js';
import { startTestServer } from '../../testing/api.js';
import { signUp } from '../../testing/users.js';
import { HealthChecks } from '../operations/health-checks.js';
import { StoresHealth } from '../operations/store-health.js';

/** What a body may carry that counts the platform's activity or names its parts. */
const DETAILS = ['reasons', 'eventStore', 'readStore', 'projections', 'register', 'probe'];

describe('GET /api/health: the verdict for anyone, the figures for operators', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let viewers: { who: string; api: Api; headers?: Record<string, string> }[];
  beforeAll(async () => {
    server = await startTestServer();
    const investor = await signUp(server);
    const admin = await signUp(server, { admin: true });
    viewers = [
      { who: 'anonymous', api: server.api },
      // Not the token: anyone, answered as anyone (never refused).
      { who: 'a wrong ops token', api: server.api, headers: { authorization: 'Ops wrong' } },
      { who: 'an investor', api: investor },
      { who: 'an admin', api: admin },
      { who: 'the ops token', api: server.ops },
    ];
  }, 60_000);
  afterAll(() => server.close());

  /** Each viewer's answer. */
  const answers = () =>
    Promise.all(
      viewers.map(async ({ who, api, headers }) => {
        const res = await api.get('/api/health', headers);
        return { who, status: res.status, body: res.body, cacheControl: res.headers.get('cache-control') };
      }),
    );
  const operator = (who: string) => who === 'an admin' || who === 'the ops token';

  it('ok: anyone and an investor read the verdict and the chain’s kind and ok only; operators read everything', async () => {
    for (const { who, status, body, cacheControl } of await answers()) {
      // Never kept by a cache: what it says depends on who asks.
      expect({ who, status, cacheControl }).toEqual({ who, status: 200, cacheControl: 'no-store' });
      if (!operator(who)) {
        expect({ who, body }).toEqual({
          who,
          body: { status: 'ok', ready: true, failing: [], chain: { ok: true, kind: 'off' } },
        });
        continue;
      }
      expect({ who, body }).toMatchObject({
        who,
        body: {
          status: 'ok',
          ready: true,
          failing: [],
          reasons: [],
          eventStore: { ok: true, kind: 'memory' },
          readStore: { ok: true, kind: 'memory' },
          chain: { ok: true, kind: 'off', chainId: null, head: null, drift: null },
          register: expect.objectContaining({ assets: expect.any(Number) }),
        },
      });
      expect(body.projections).toEqual(
        expect.arrayContaining([expect.objectContaining({ name: 'early-access', head: expect.any(Number), lag: 0 })]),
      );
    }
  });

  it('degraded: anyone reads which check fails by name, never its reason, with the same status', async () => {
    // A domain check that fails with a figure in its reason, as the register's drift does.
    server.app.get(HealthChecks).add('probe', () => ({ ok: false, reason: 'Probe found 42 at position 7', seen: 42 }));
    try {
      for (const { who, status, body } of await answers()) {
        expect({ who, status, verdict: body.status, ready: body.ready, failing: body.failing }).toEqual({
          who,
          status: 200,
          verdict: 'degraded',
          ready: true,
          failing: ['probe'],
        });
        if (operator(who))
          expect(body).toMatchObject({ reasons: ['Probe found 42 at position 7'], probe: { seen: 42 } });
        else for (const field of DETAILS) expect({ who, [field]: body[field] }).toEqual({ who });
      }
    } finally {
      server.app.get(HealthChecks).add('probe', () => ({ ok: true }));
    }
  });

  it('not ready: 503 for everyone, naming the store to anyone, its detail to operators', async () => {
    const stores = server.app.get(StoresHealth);
    const check = jest.spyOn(stores, 'check').mockResolvedValue({
      eventStore: { ok: false, kind: 'memory', detail: 'connection refused at 10.0.0.7' },
      readStore: { ok: true, kind: 'memory' },
    });
    try {
      for (const { who, status, body } of await answers()) {
        expect({ who, status, ready: body.ready, failing: body.failing }).toEqual({
          who,
          status: 503,
          ready: false,
          failing: ['eventStore'],
        });
        if (operator(who))
          expect(body.reasons).toContain('Event store (memory) is not answering: connection refused at 10.0.0.7');
        else expect({ who, text: JSON.stringify(body).includes('10.0.0.7') }).toEqual({ who, text: false });
      }
    } finally {
      check.mockRestore();
    }
  });

  it('the anonymous answer holds no log position, lag or projection name', async () => {
    const { body } = await server.api.get('/api/health');
    const text = JSON.stringify(body);
    for (const word of ['position', 'head', 'lag', 'checkpoint', 'early-access', 'pending', 'assets'])
      expect({ word, found: text.includes(word) }).toEqual({ word, found: false });
  });
});
