/**
 * The hot reads (hot-reads.ts) against the Nest path, on one app and one state: every request is sent twice, once
 * with the hot path on and once with it off, and both answers must agree in status, every header but Date and body.
 * The cases the issue names (signed in, signed out, an expired session, another role, HEAD, If-None-Match, bad
 * query input) and the rest the hot path hands to Nest; `answered` shows which of them the hot path answered itself.
 */
import { request as httpRequest } from 'node:http';
import { jest } from '@jest/globals';
import { IdentityService } from './domains/identity/identity.service.js';
import { type Api, startTestServer } from './testing/api.js';
import { assetWithHolder } from './testing/income.js';
import { signUp } from './testing/users.js';

type Server = Awaited<ReturnType<typeof startTestServer>>;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request with exactly these headers (no client adds its own but Host), and its whole answer. */
function send(url: string, method: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const { date: _date, ...rest } = res.headers;
        resolve({ status: res.statusCode!, headers: rest, body: Buffer.concat(chunks).toString('utf8') });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const HOUR_MS = 60 * 60 * 1000;

describe('the hot reads answer exactly as the Nest path does', () => {
  let server: Server;
  let investorCookie: string;
  let adminCookie: string;
  let investorId: string;
  let investor: Api;

  beforeAll(async () => {
    server = await startTestServer();
    const admin = await signUp(server, { admin: true });
    ({ investor } = await assetWithHolder(server, admin));
    investorCookie = `kauri.sid=${investor.cookie('kauri.sid')}`;
    adminCookie = `kauri.sid=${admin.cookie('kauri.sid')}`;
    investorId = (await investor.get('/api/user')).body.id;
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await server.close();
  });
  afterEach(() => {
    jest.restoreAllMocks();
    server.hotReads.enabled = true;
  });

  /**
   * The request through the hot path, then through Nest, with the same correlation id; both answers, and whether
   * the hot path answered the first itself.
   */
  async function bothWays(path: string, headers: Record<string, string> = {}, method = 'GET', body?: string) {
    const given = { 'x-correlation-id': 'hot-reads-equivalence', ...headers };
    const before = server.hotReads.answered;
    server.hotReads.enabled = true;
    const hot = await send(server.url + path, method, given, body);
    const hotAnswered = server.hotReads.answered > before;
    server.hotReads.enabled = false;
    const nest = await send(server.url + path, method, given, body);
    server.hotReads.enabled = true;
    expect(server.hotReads.answered - before).toBe(hotAnswered ? 1 : 0);
    return { hot, nest, hotAnswered };
  }

  async function expectSame(path: string, headers: Record<string, string> = {}, method = 'GET', body?: string) {
    const { hot, nest, hotAnswered } = await bothWays(path, headers, method, body);
    expect(hot).toEqual(nest);
    return { answer: nest, hotAnswered };
  }

  it('early-access, signed out: answered by the hot path with the same status, headers and body', async () => {
    const { answer, hotAnswered } = await expectSame('/api/early-access');
    expect(hotAnswered).toBe(true);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({ waivedPlaces: 100, placesLeft: 100, registrations: 0 });
    expect(answer.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      etag: expect.stringMatching(/^"[\w-]{22}"$/),
      'x-correlation-id': 'hot-reads-equivalence',
      'x-frame-options': 'DENY',
      'x-content-type-options': 'nosniff',
      'content-security-policy': expect.stringContaining("frame-ancestors 'none'"),
    });
    expect(answer.headers['set-cookie']).toBeUndefined();
    // Without a correlation id of its own the request gets a new one either way.
    const fresh = await send(`${server.url}/api/early-access`, 'GET', {});
    expect(fresh.headers['x-correlation-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('early-access, signed in: the hot path checks the session as the guard does', async () => {
    const { hotAnswered } = await expectSame('/api/early-access', { cookie: investorCookie });
    expect(hotAnswered).toBe(true);
    // A token nobody was given: the guard looks it up against the log's head first; Nest answers.
    const unknown = await expectSame('/api/early-access', { cookie: `kauri.sid=${'A'.repeat(43)}` });
    expect(unknown).toMatchObject({ hotAnswered: false, answer: { status: 200 } });
  });

  it('early-access: HEAD, If-None-Match, query strings and X-Read-After are left to Nest, and answered the same', async () => {
    const { answer } = await expectSame('/api/early-access');
    const etag = answer.headers.etag as string;
    const cases: [string, Record<string, string>, string][] = [
      ['/api/early-access', {}, 'HEAD'],
      ['/api/early-access', { 'if-none-match': etag }, 'GET'],
      ['/api/early-access', { 'if-none-match': '"other"' }, 'GET'],
      ['/api/early-access?__proto__=1', {}, 'GET'],
      ['/api/early-access?x=%00', {}, 'GET'],
      ['/api/early-access?fresh=1', {}, 'GET'],
      ['/API/Early-Access', {}, 'GET'],
      ['/api/early-access/', {}, 'GET'],
      ['/api/early-access', { 'x-read-after': '1' }, 'GET'],
      ['/api/early-access', { 'x-forwarded-proto': 'https' }, 'GET'],
      ['/api/early-access', { 'content-type': 'text/plain', 'content-length': '2' }, 'GET'],
      ['/api/early-access', {}, 'POST'],
    ];
    const statuses: number[] = [];
    for (const [path, headers, method] of cases) {
      const body = headers['content-length'] ? 'hi' : undefined;
      const { answer: got, hotAnswered } = await expectSame(path, headers, method, body);
      expect(hotAnswered).toBe(false);
      statuses.push(got.status);
    }
    expect(statuses).toEqual([200, 304, 200, 400, 400, 200, 200, 200, 200, 200, 415, 405]);
  });

  it('holdings, signed in: answered by the hot path, each person their own', async () => {
    const { answer, hotAnswered } = await expectSame('/api/holdings', { cookie: investorCookie });
    expect(hotAnswered).toBe(true);
    expect(answer.status).toBe(200);
    const { holdings } = JSON.parse(answer.body) as { holdings: { investorId?: string; tokens?: number }[] };
    expect(holdings).toHaveLength(1);
    expect(answer.headers['set-cookie']).toBeUndefined();
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    // Another role (an admin, who holds nothing): their own empty list, never the investor's.
    const admin = await expectSame('/api/holdings', { cookie: adminCookie });
    expect(admin.hotAnswered).toBe(true);
    expect(JSON.parse(admin.answer.body)).toEqual({ holdings: [] });
    expect(admin.answer.body).not.toContain(investorId);
  });

  it('holdings kept as text: a new investment shows on both paths at once', async () => {
    const first = await expectSame('/api/holdings', { cookie: investorCookie });
    const offeringId = JSON.parse(first.answer.body).holdings[0].offeringId as string;
    const invested = await investor.post('/api/invest', { offeringId, tokensRequested: 5, investmentAmount: 50 });
    expect(invested.status).toBe(201);
    await server.engine.waitFor(invested.body.position);
    const { answer, hotAnswered } = await expectSame('/api/holdings', { cookie: investorCookie });
    expect(hotAnswered).toBe(true);
    expect(JSON.parse(answer.body).holdings).toHaveLength(2);
  });

  it('holdings, signed out or with a token that lets nobody in: 401 from Nest, the same either way', async () => {
    const cases: Record<string, string>[] = [
      {},
      { cookie: 'kauri.sid=not-a-token' },
      { cookie: `kauri.sid=${'B'.repeat(43)}` },
      { cookie: 'other=1' },
      { authorization: `Bearer ${'C'.repeat(43)}` },
    ];
    for (const headers of cases) {
      const { answer, hotAnswered } = await expectSame('/api/holdings', headers);
      expect(hotAnswered).toBe(false);
      expect(answer.status).toBe(401);
    }
  });

  it('holdings with an expired session: 401, and a session due for extension is extended by the guard', async () => {
    const realNow = Date.now.bind(Date);
    // 13 hours on: past the 12-hour idle deadline.
    jest.spyOn(Date, 'now').mockImplementation(() => realNow() + 13 * HOUR_MS);
    const expired = await expectSame('/api/holdings', { cookie: investorCookie });
    expect(expired).toMatchObject({ hotAnswered: false, answer: { status: 401 } });
    // 7 hours on: less than 6 left, so the guard records an extension (the hot path never writes).
    jest.spyOn(Date, 'now').mockImplementation(() => realNow() + 7 * HOUR_MS);
    const before = (await server.eventStore.readAll()).filter((e) => e.type === 'SessionExtended').length;
    const { hot, hotAnswered } = await bothWays('/api/holdings', { cookie: investorCookie });
    expect(hotAnswered).toBe(false);
    expect(hot.status).toBe(200);
    const after = (await server.eventStore.readAll()).filter((e) => e.type === 'SessionExtended').length;
    expect(after).toBe(before + 1);
  });

  it('holdings on a replica behind a sign-out: 503 from Nest either way', async () => {
    jest.spyOn(server.app.get(IdentityService), 'mayServeSignedIn').mockResolvedValue(false);
    const { answer, hotAnswered } = await expectSame('/api/holdings', { cookie: investorCookie });
    expect(hotAnswered).toBe(false);
    expect(answer.status).toBe(503);
  });

  it('holdings: HEAD, other spellings, query strings, bodies and other methods are left to Nest', async () => {
    const cases: [string, Record<string, string>, string][] = [
      ['/api/holdings', { cookie: investorCookie }, 'HEAD'],
      ['/API/HOLDINGS', { cookie: investorCookie }, 'GET'],
      ['/api/holdings?constructor=1', { cookie: investorCookie }, 'GET'],
      ['/api/holdings?a=1', { cookie: investorCookie }, 'GET'],
      ['/api/holdings', { cookie: investorCookie, 'x-read-after': '999999' }, 'GET'],
      ['/api/holdings', { cookie: investorCookie, 'x-forwarded-proto': 'https' }, 'GET'],
      ['/api/holdings', { cookie: investorCookie, 'content-type': 'application/json', 'content-length': '2' }, 'GET'],
      ['/api/holdings', { cookie: investorCookie }, 'POST'],
    ];
    const statuses: number[] = [];
    for (const [path, headers, method] of cases) {
      const body = headers['content-length'] ? '{}' : undefined;
      const { answer, hotAnswered } = await expectSame(path, headers, method, body);
      expect(hotAnswered).toBe(false);
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([200, 200, 400, 200, 200, 200, 200, 405]);
  });

  it('after a sign-out the session reads nothing, on either path', async () => {
    const someone = await signUp(server);
    const cookie = `kauri.sid=${someone.cookie('kauri.sid')}`;
    expect((await expectSame('/api/holdings', { cookie })).hotAnswered).toBe(true);
    const out = await someone.post('/api/logout', {});
    expect(out.status).toBeLessThan(300);
    const { answer, hotAnswered } = await expectSame('/api/holdings', { cookie });
    expect(hotAnswered).toBe(false);
    expect(answer.status).toBe(401);
  });
});
