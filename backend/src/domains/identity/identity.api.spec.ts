import { randomUUID } from 'node:crypto';
import { EmailKeys, legacyEmailKey } from '../../platform/email-key.js';
import type { PersonalDataProtection } from '../../platform/privacy/personal-data.js';
import { Secrets } from '../../platform/secrets.js';
import { startTestServer, Api } from '../../testing/api.js';
import { registerInterest } from '../../testing/interest.js';
import { signUp, TEST_PASSWORD } from '../../testing/users.js';
import { emailStream } from './reservations.decider.js';
import { CROSS_SITE } from './identity.guard.js';

type Server = Awaited<ReturnType<typeof startTestServer>>;

/** The keyed e-mail key the server uses (its secret is in its vault). */
const keyOf = (server: Server, email: string) => new EmailKeys(new Secrets(server.vault)).of(email);
/** A client at another address (X-Forwarded-For is honoured from loopback, as from a trusted proxy). */
const from = (ip: string) => ({ 'x-forwarded-for': ip });

describe('identity API: register, login, session, logout (real app, memory stores)', () => {
  let server: Server;
  beforeEach(async () => {
    server = await startTestServer({ env: { AUTH_RATE_LIMIT_PER_IP: '1000', AUTH_RATE_LIMIT_PER_ACCOUNT: '1000' } });
  });
  afterEach(async () => {
    await server.close();
  });

  it('registers, answers the User and is signed in on the very next request', async () => {
    const res = await server.api.post('/api/register', {
      email: 'Aroha@Example.nz',
      password: 'a long enough secret',
      firstName: 'Aroha',
      lastName: 'Ngata',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      firstName: 'Aroha',
      lastName: 'Ngata',
      email: 'Aroha@Example.nz',
      profileImageUrl: null,
      role: 'user',
      roles: [],
      // Signed in at once, the address not proven until the mailed link is used.
      emailVerified: false,
      subscriptionStatus: 'inactive',
      subscriptionTier: null,
      // The session's: the next requests send it (X-Read-After), so any replica knows the session.
      position: expect.any(Number),
    });
    const cookies = res.headers.getSetCookie();
    expect(cookies.find((c) => c.startsWith('kauri.sid='))).toMatch(/HttpOnly/);
    expect(cookies.find((c) => c.startsWith('kauri.sid='))).toMatch(/SameSite=Lax/);
    expect(cookies.find((c) => c.startsWith('kauri.sid='))).not.toMatch(/Secure/);
    expect(cookies.find((c) => c.startsWith('kauri.csrf='))).not.toMatch(/HttpOnly/);
    const { position: _position, ...user } = res.body;
    expect((await server.api.get('/api/user')).body).toEqual(user);
  });

  it('marks the cookies Secure behind an HTTPS proxy (X-Forwarded-Proto from loopback)', async () => {
    const res = await new Api(server.url).post(
      '/api/register',
      { email: 'tls@example.nz', password: TEST_PASSWORD },
      { 'x-forwarded-proto': 'https' },
    );
    expect(res.status).toBe(201);
    for (const name of ['kauri.sid=', 'kauri.csrf='])
      expect(res.headers.getSetCookie().find((c) => c.startsWith(name))).toMatch(/; Secure/);
  });

  it('records UserRegistered with personal data only under data.personal, and never the password or the token', async () => {
    const res = await server.api.post('/api/register', {
      email: 'mere@example.nz',
      password: 'mere has a long password',
      firstName: 'Mere',
    });
    const events = await server.eventStore.readAll();
    const userEvents = events.filter((e) => e.streamId === `user-${res.body.id}`);
    expect(userEvents.map((e) => e.type)).toEqual([
      'UserRegistered',
      'EmailVerificationRequested',
      'EmailVerificationMailSent',
      'UserSignedIn',
      'SessionStarted',
    ]);
    const key = await keyOf(server, 'mere@example.nz');
    expect(key).not.toBe(legacyEmailKey('mere@example.nz'));
    expect(userEvents[0]!.data).toEqual({
      userId: res.body.id,
      subjectId: res.body.id,
      emailKey: key,
      method: 'password',
      personal: { email: 'mere@example.nz', firstName: 'Mere', lastName: null },
    });
    const everything = JSON.stringify(events);
    expect(everything).not.toContain('mere has a long password');
    expect(everything).not.toContain(server.api.cookie('kauri.sid'));
    for (const e of events) expect(e.streamId + e.type).not.toMatch(/mere|example/i);
    expect(events.map((e) => e.streamId)).toContain(emailStream(key));
    expect(everything + events.map((e) => e.streamId).join()).not.toContain(legacyEmailKey('mere@example.nz'));
    // scrypt with N = 2^PASSWORD_HASH_COST (the test servers' cheaper cost; production's 2^15: config.spec.ts).
    const n = 2 ** server.config.identity.passwordHashCost;
    expect(await server.vault.get('password', res.body.id)).toMatch(new RegExp(`^scrypt\\$${n}\\$8\\$1\\$`));
  });

  it('refuses a short password, a bad e-mail and a repeated e-mail with the messages', async () => {
    const short = await server.api.post('/api/register', { email: 'a@example.nz', password: 'elevenchars' });
    expect(short).toMatchObject({ status: 400, body: { message: 'Password must be at least 12 characters' } });
    const bad = await server.api.post('/api/register', { email: 'nope', password: TEST_PASSWORD });
    expect(bad).toMatchObject({ status: 400, body: { message: 'Please enter a valid email address' } });
    expect(
      (await new Api(server.url).post('/api/register', { email: 'a@example.nz', password: TEST_PASSWORD })).status,
    ).toBe(201);
    const again = await new Api(server.url).post('/api/register', { email: ' A@EXAMPLE.NZ ', password: TEST_PASSWORD });
    expect(again).toMatchObject({ status: 409, body: { message: 'An account with this email already exists' } });
    // Full-width letters key as the letters (NFKC), but are mailed as typed: a look-alike, refused before anything.
    const wide = await new Api(server.url).post('/api/register', { email: 'ａ@example.nz', password: TEST_PASSWORD });
    expect(wide).toMatchObject({
      status: 400,
      body: { message: 'Please enter your email address in plain characters' },
    });
  });

  it('20 concurrent registrations of one e-mail: exactly one 201, the others 409', async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        new Api(server.url).post('/api/register', { email: 'race@example.nz', password: `${TEST_PASSWORD} ${i}` }),
      ),
    );
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1);
    expect(responses.filter((r) => r.status === 409)).toHaveLength(19);
    const registered = (await server.eventStore.readAll()).filter((e) => e.type === 'UserRegistered');
    expect(registered).toHaveLength(1);
  }, 60_000);

  it('logs in with the right password (any e-mail case), refuses a wrong one or an unknown e-mail with one message', async () => {
    const alice = await signUp(server, { email: 'alice@example.nz', firstName: 'Alice' });
    const fresh = new Api(server.url);
    expect((await fresh.get('/api/user')).status).toBe(401);
    const ok = await fresh.post('/api/login', { email: 'ALICE@example.nz', password: TEST_PASSWORD });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ id: alice.user.id, email: 'alice@example.nz', firstName: 'Alice', role: 'user' });
    expect((await fresh.get('/api/user')).body.id).toBe(alice.user.id);

    const wrong = await new Api(server.url).post('/api/login', {
      email: 'alice@example.nz',
      password: 'not the password at all',
    });
    expect(wrong).toMatchObject({ status: 401, body: { message: 'Invalid email or password' } });
    const unknown = await new Api(server.url).post('/api/login', { email: 'bob@example.nz', password: TEST_PASSWORD });
    expect(unknown).toMatchObject({ status: 401, body: { message: 'Invalid email or password' } });
  });

  it('signs out: the session ends, the cookies are cleared, /api/user answers 401', async () => {
    const api = await signUp(server);
    const sid = api.cookie('kauri.sid')!;
    const out = await api.post('/api/logout');
    expect(out).toMatchObject({ status: 200, body: { success: true } });
    expect(api.cookie('kauri.sid')).toBeUndefined();
    expect((await api.get('/api/user')).status).toBe(401);
    // The old cookie, replayed, no longer works.
    expect((await new Api(server.url).get('/api/user', { cookie: `kauri.sid=${sid}` })).status).toBe(401);
    const types = (await server.eventStore.readStream(`user-${api.user.id}`)).map((e) => e.type);
    expect(types.slice(-2)).toEqual(['SessionEnded', 'UserSignedOut']);
  });

  it('sessions are resolved from memory between requests, yet a sign-out or a role change counts on the very next one', async () => {
    const api = await signUp(server);
    const other = new Api(server.url);
    expect((await other.post('/api/login', { email: api.user.email, password: api.user.password })).status).toBe(200);
    const sid = api.cookie('kauri.sid')!;
    const replay = () => new Api(server.url).get('/api/user', { cookie: `kauri.sid=${sid}` });
    // Resolved again and again (kept in memory after the first).
    for (const res of await Promise.all([1, 2, 3, 4].map(() => replay()))) expect(res.status).toBe(200);
    expect((await api.get('/api/admin/registrations')).status).toBe(403);

    const grant = (action: 'grant' | 'revoke') =>
      fetch(`${server.url}/api/operations/roles`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Ops ${server.opsToken}` },
        body: JSON.stringify({ email: api.user.email, role: 'admin', action }),
      });
    expect((await grant('grant')).status).toBe(200);
    expect((await api.get('/api/admin/registrations')).status).toBe(200);
    expect((await grant('revoke')).status).toBe(200);
    expect((await api.get('/api/admin/registrations')).status).toBe(403);

    expect((await api.post('/api/logout')).status).toBe(200);
    expect((await replay()).status).toBe(401);
    // The same person's other session is untouched.
    expect((await other.get('/api/user')).status).toBe(200);
  });

  it('updates the profile name (PATCH /api/user)', async () => {
    const api = await signUp(server, { firstName: 'Tama' });
    const res = await api.patch('/api/user', { firstName: ' Tamati ', lastName: 'Walker' });
    expect(res).toMatchObject({ status: 200, body: { firstName: 'Tamati', lastName: 'Walker' } });
    expect((await api.get('/api/user')).body).toMatchObject({ firstName: 'Tamati', lastName: 'Walker' });
    expect((await api.patch('/api/user', { firstName: '', lastName: 'Walker' })).body).toMatchObject({
      message: 'First name is required',
    });
    expect((await new Api(server.url).patch('/api/user', { firstName: 'A', lastName: 'B' })).status).toBe(401);
  });

  it('answers GET /api/user once the read models have passed X-Read-After (read-your-writes)', async () => {
    const api = await signUp(server, { firstName: 'Tama' });
    // A read naming the write's position answers with that write (the waiting itself: projection-engine.spec).
    await api.patch('/api/user', { firstName: 'Tamati', lastName: 'Walker' });
    const position = String(await server.eventStore.headPosition());
    const read = await api.get('/api/user', { 'x-read-after': position });
    expect(read.body).toMatchObject({ firstName: 'Tamati', lastName: 'Walker' });
    // A position past the log's head was given by no write: answered at once, not held for the timeout.
    const started = performance.now();
    const guessed = await api.get('/api/user', { 'x-read-after': String(Number(position) + 1000) });
    expect(guessed.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('documents the identity calls in the OpenAPI, sign-out included', async () => {
    const docs = await server.api.get('/api/docs-json');
    expect(Object.keys(docs.body.paths)).toEqual(
      expect.arrayContaining(['/api/register', '/api/login', '/api/logout', '/api/user', '/api/auth/user']),
    );
    expect(docs.body.paths['/api/logout'].post.description).toMatch(/revokes the bearer token/);
  });
});

describe('CSRF: cookie-authenticated changes need X-CSRF-Token', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('refuses a missing or wrong token with 403, accepts the right one; anonymous requests are exempt', async () => {
    const api = await signUp(server);
    const sid = api.cookie('kauri.sid')!;
    const csrf = api.cookie('kauri.csrf')!;
    const raw = (headers: Record<string, string>) =>
      fetch(`${server.url}/api/user`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', cookie: `kauri.sid=${sid}`, ...headers },
        body: JSON.stringify({ firstName: 'A', lastName: 'B' }),
      });
    const missing = await raw({});
    expect(missing.status).toBe(403);
    expect(await missing.json()).toMatchObject({ message: 'Invalid CSRF token' });
    expect((await raw({ 'x-csrf-token': 'wrong' })).status).toBe(403);
    expect((await raw({ 'x-csrf-token': csrf })).status).toBe(200);
    // Reads need no token; neither does a request that is not signed in.
    expect((await fetch(`${server.url}/api/user`, { headers: { cookie: `kauri.sid=${sid}` } })).status).toBe(200);
    expect((await new Api(server.url).post('/api/logout')).status).toBe(200);
  });

  it('refuses an anonymous request a browser sent from another site (login CSRF): no session, nothing recorded', async () => {
    const api = await signUp(server);
    // A cross-site HTML form's own body (a form) is refused 415 at the edge; the guard refuses the rest.
    const form = new URLSearchParams({ email: api.user.email, password: TEST_PASSWORD }).toString();
    const formType = { 'content-type': 'application/x-www-form-urlencoded' };
    const sentAsForm = await fetch(`${server.url}/api/login`, { method: 'POST', headers: formType, body: form });
    expect(sentAsForm.status).toBe(415);
    const signInBody = JSON.stringify({ email: api.user.email, password: TEST_PASSWORD });
    const post = (path: string, headers: Record<string, string>, body = signInBody) =>
      fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
    const before = (await server.eventStore.readAll()).length;
    const crossSite: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
    ];
    for (const headers of crossSite) {
      const signIn = await post('/api/login', headers);
      expect([signIn.status, (await signIn.json()).message, signIn.headers.get('set-cookie')]).toEqual([
        403,
        CROSS_SITE,
        null,
      ]);
      const registered = await post(
        '/api/register',
        headers,
        JSON.stringify({ email: `x${randomUUID()}@evil.example`, password: 'x' }),
      );
      expect(registered.status).toBe(403);
    }
    expect((await server.eventStore.readAll()).length).toBe(before);
    // The app's own pages (same host), and tools that send no Origin, sign in.
    const host = new URL(server.url).host;
    expect((await post('/api/login', { origin: `http://${host}`, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await post('/api/login', {})).status).toBe(200);
  });
});

describe('rate limits on login and registration', () => {
  let server: Server;
  afterEach(() => server.close());

  const login = (email: string, password: string, ip: string) =>
    new Api(server.url).post('/api/login', { email, password }, from(ip));

  it('backs off per (account, address): guessing from one address is refused, the owner signs in', async () => {
    server = await startTestServer({ env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });
    await signUp(server, { email: 'target@example.nz' });
    for (let i = 0; i < 5; i++)
      expect((await login('target@example.nz', `guess number ${i}`, '203.0.113.9')).status).toBe(401);
    const waiting = await login('target@example.nz', TEST_PASSWORD, '203.0.113.9');
    expect(waiting).toMatchObject({
      status: 429,
      body: { message: 'Too many attempts. Please try again in 1 minute.' },
    });
    expect(Number(waiting.headers.get('retry-after'))).toBeGreaterThan(50);
    expect(Number(waiting.headers.get('retry-after'))).toBeLessThanOrEqual(60);

    // The owner, from their own address, with the right password: in, whatever the guessing elsewhere.
    const owner = await login('target@example.nz', TEST_PASSWORD, '198.51.100.20');
    expect(owner.status).toBe(200);
    // Another account is not affected at the guessing address either.
    await signUp(server, { email: 'other@example.nz' });
    expect((await login('other@example.nz', TEST_PASSWORD, '203.0.113.9')).status).toBe(200);
  }, 30_000);

  /** Registers `email` from an address of its own (registrations are limited per address too). */
  const register = async (email: string, ip: string) =>
    expect((await new Api(server.url).post('/api/register', { email, password: TEST_PASSWORD }, from(ip))).status).toBe(
      201,
    );

  it('counts failures per address, not sign-ins: an office behind one address signs in all day', async () => {
    server = await startTestServer();
    for (let i = 0; i < 13; i++) await register(`colleague-${i}@example.nz`, `198.51.100.${i}`);
    // Twelve people behind the office's one address sign in, then a thirteenth.
    for (let i = 0; i < 13; i++)
      expect({ i, status: (await login(`colleague-${i}@example.nz`, TEST_PASSWORD, '203.0.113.7')).status }).toEqual({
        i,
        status: 200,
      });
    // Failures from that address are still limited: ten (AUTH_RATE_LIMIT_PER_IP), then 429 for anyone there.
    for (let i = 0; i < 10; i++)
      expect((await login(`colleague-${i}@example.nz`, 'a wrong password', '203.0.113.7')).status).toBe(401);
    const limited = await login('colleague-12@example.nz', TEST_PASSWORD, '203.0.113.7');
    expect(limited).toMatchObject({
      status: 429,
      body: { message: 'Too many attempts. Please try again in 15 minutes.', title: 'Too Many Attempts' },
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(800);
    expect((await login('colleague-12@example.nz', TEST_PASSWORD, '203.0.113.8')).status).toBe(200);
  }, 60_000);

  it('refuses guesses on an account from many addresses after ten; the owner’s browser still signs in', async () => {
    server = await startTestServer();
    const owner = await signUp(server, { email: 'target@example.nz' });
    const device = owner.cookie('kauri.device')!;
    const mallory = await signUp(server, { email: 'mallory@example.nz' });
    const statuses = [];
    let refused: Awaited<ReturnType<typeof login>> | undefined;
    for (let n = 1; n <= 14; n++) {
      const res = await login('target@example.nz', `guess number ${n}`, `203.0.113.${n}`);
      statuses.push(res.status);
      if (res.status === 429) refused ??= res;
    }
    expect(statuses).toEqual([...Array<number>(10).fill(401), 429, 429, 429, 429]);
    expect(refused!.body).toEqual({
      message:
        'Too many failed sign-ins on this account. Please try again in 15 minutes, ' +
        'sign in from a browser you have signed in with before, or reset your password.',
      title: 'Too Many Attempts',
    });
    expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(800);
    expect(Number(refused!.headers.get('retry-after'))).toBeLessThanOrEqual(900);
    // The password is not even checked: the right one from a new browser is refused the same way.
    const fresh = await login('target@example.nz', TEST_PASSWORD, '198.51.100.20');
    expect(fresh).toMatchObject({ status: 429, body: refused!.body });
    // Another account's device cookie, or a tag forged for this one, does not help.
    const withCookie = (cookie: string) =>
      new Api(server.url).post(
        '/api/login',
        { email: 'target@example.nz', password: TEST_PASSWORD },
        { ...from('198.51.100.21'), cookie: `kauri.device=${cookie}` },
      );
    expect((await withCookie(mallory.cookie('kauri.device')!)).status).toBe(429);
    const [deviceId, tag] = device.split('.');
    const forgedTag = `${tag!.slice(0, -2)}${tag!.endsWith('AA') ? 'AB' : 'AA'}`;
    expect((await withCookie(`${deviceId}.${forgedTag}`)).status).toBe(429);
    expect((await withCookie(`${mallory.cookie('kauri.device')!.split('.')[0]}.${tag}`)).status).toBe(429);
    // The owner's browser (the device cookie set when they signed up) signs in, from any address.
    const ownerIn = await owner.post(
      '/api/login',
      { email: 'target@example.nz', password: TEST_PASSWORD },
      from('198.51.100.22'),
    );
    expect(ownerIn).toMatchObject({ status: 200, body: { id: owner.user.id } });
    expect((await withCookie(device)).status).toBe(200);
  }, 60_000);

  it('sets the device cookie at sign-in: HttpOnly, SameSite=Lax, for /api, a year, Secure over TLS; several accounts', async () => {
    server = await startTestServer();
    await register('one@example.nz', '198.51.100.1');
    await register('two@example.nz', '198.51.100.2');
    const browser = new Api(server.url);
    const first = await browser.post('/api/login', { email: 'one@example.nz', password: TEST_PASSWORD });
    const cookie = first.headers.getSetCookie().find((c) => c.startsWith('kauri.device='))!;
    expect(cookie).toMatch(
      /^kauri\.device=[\w-]{22}\.[\w-]{22}; Max-Age=31536000; Path=\/api; Expires=[^;]+; HttpOnly; SameSite=Lax$/,
    );
    const second = await browser.post('/api/login', { email: 'two@example.nz', password: TEST_PASSWORD });
    const both = second.headers.getSetCookie().find((c) => c.startsWith('kauri.device='))!;
    // The same device, now remembering both accounts.
    const deviceId = cookie.slice('kauri.device='.length).split('.')[0]!;
    expect(both.split(';')[0]).toMatch(new RegExp(`^kauri\\.device=${deviceId}\\.[\\w-]{22}\\.[\\w-]{22}$`));
    const tls = await new Api(server.url).post(
      '/api/login',
      { email: 'one@example.nz', password: TEST_PASSWORD },
      { 'x-forwarded-proto': 'https' },
    );
    expect(tls.headers.getSetCookie().find((c) => c.startsWith('kauri.device='))).toMatch(/; Secure/);
    // Signing out keeps it: it remembers the browser, not the session.
    await browser.post('/api/logout');
    expect(browser.cookie('kauri.device')).toBe(both.split(';')[0]!.slice('kauri.device='.length));
  });

  it('gives a remembered browser a failure budget of its own, so the cookie is no way round the limits', async () => {
    server = await startTestServer();
    const owner = await signUp(server, { email: 'owner@example.nz' });
    // From a new address each time: the budget is the browser's (device, account), wherever it goes.
    let n = 0;
    const attempt = (password: string) =>
      owner.post('/api/login', { email: 'owner@example.nz', password }, from(`203.0.113.${++n}`));
    // AUTH_RATE_LIMIT_PER_ACCOUNT (5) failures, then it waits 1 minute, doubling, like any (account, address).
    for (let i = 0; i < 5; i++) expect((await attempt(`wrong ${i}`)).status).toBe(401);
    expect(await attempt(TEST_PASSWORD)).toMatchObject({
      status: 429,
      body: { message: 'Too many attempts. Please try again in 1 minute.' },
    });
  });

  it('counts IPv6 clients by their /64, and an IPv4-mapped address as the IPv4 one', async () => {
    server = await startTestServer();
    await register('v6@example.nz', '198.51.100.1');
    // Ten failures from ten addresses of one /64 (on ten accounts, so no account's own limit is reached).
    for (let i = 1; i <= 10; i++)
      expect(
        (await login(`nobody-${i}@example.nz`, 'a wrong password', `2001:db8:1:2::${i.toString(16)}`)).status,
      ).toBe(401);
    expect((await login('v6@example.nz', TEST_PASSWORD, '2001:db8:1:2:ffff:ffff:ffff:ffff')).status).toBe(429);
    expect((await login('v6@example.nz', TEST_PASSWORD, '2001:db8:1:3::1')).status).toBe(200);

    for (let i = 1; i <= 5; i++)
      expect((await login(`someone-${i}@example.nz`, 'a wrong password', '203.0.113.77')).status).toBe(401);
    for (let i = 6; i <= 10; i++)
      expect((await login(`someone-${i}@example.nz`, 'a wrong password', '::ffff:203.0.113.77')).status).toBe(401);
    expect((await login('v6@example.nz', TEST_PASSWORD, '203.0.113.77')).status).toBe(429);
  }, 60_000);

  // The default (the loopback) is what every test above relies on: X-Forwarded-For from this loopback peer counts.
  it.each(['false', '192.0.2.1,10.0.0.0/8'])(
    'ignores X-Forwarded-For from a peer TRUST_PROXY does not name (TRUST_PROXY=%s)',
    async (trustProxy) => {
      server = await startTestServer({ env: { TRUST_PROXY: trustProxy } });
      await register('real@example.nz', '198.51.100.1');
      // Ten "addresses", but the header is not believed from this peer: all one address, the peer's.
      for (let i = 1; i <= 10; i++)
        expect((await login(`nobody-${i}@example.nz`, 'a wrong password', `203.0.113.${i}`)).status).toBe(401);
      expect((await login('real@example.nz', TEST_PASSWORD, '198.51.100.99')).status).toBe(429);
    },
    60_000,
  );

  it('limits registrations per address (AUTH_RATE_LIMIT_PER_IP), apart from failed sign-ins', async () => {
    server = await startTestServer({ env: { AUTH_RATE_LIMIT_PER_IP: '3' } });
    for (const n of ['one', 'two', 'three'])
      expect(
        (await new Api(server.url).post('/api/register', { email: `${n}@example.nz`, password: TEST_PASSWORD })).status,
      ).toBe(201);
    const limited = await new Api(server.url).post('/api/register', {
      email: 'four@example.nz',
      password: TEST_PASSWORD,
    });
    expect(limited).toMatchObject({
      status: 429,
      body: { message: expect.stringMatching(/^Too many attempts\. Please try again in \d+ minutes?\.$/) },
    });
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    // Signing in from that address is a count of its own (failures only).
    for (let i = 0; i < 3; i++)
      expect(
        (await new Api(server.url).post('/api/login', { email: 'one@example.nz', password: 'wrong password here' }))
          .status,
      ).toBe(401);
    expect(
      (await new Api(server.url).post('/api/login', { email: 'two@example.nz', password: TEST_PASSWORD })).status,
    ).toBe(429);
    // Only this address is limited.
    expect(
      (
        await new Api(server.url).post(
          '/api/register',
          { email: 'four@example.nz', password: TEST_PASSWORD },
          from('198.51.100.30'),
        )
      ).status,
    ).toBe(201);
  });
});

describe('forgetting a person (keyed e-mail keys)', () => {
  let server: Server;
  beforeAll(async () => {
    server = await startTestServer({ env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });
  });
  afterAll(() => server.close());

  it('leaves no unkeyed hash of their e-mail in the stored log; they can register again', async () => {
    const email = 'Forget.Me@Example.nz';
    const staff = await signUp(server, { compliance: true });
    const person = await signUp(server, { email, password: 'the first long password' });
    const interest = await registerInterest(server, { email });
    for (const subject of [person.user.id, interest.registrationId]) {
      const res = await staff.post(`/api/audit/subjects/${subject}/forget`, {
        reason: 'Request under the Privacy Act 2020',
      });
      expect({ subject, status: res.status }).toEqual({ subject, status: 200 });
    }

    // The stored bytes (under the sealing layer): no address, and no unkeyed hash to match one against.
    const stored = await (server.eventStore as PersonalDataProtection).inner.readAll();
    const everything = JSON.stringify(stored);
    expect(everything).not.toContain(legacyEmailKey(email));
    expect(everything.toLowerCase()).not.toContain('forget.me@example.nz');
    expect(stored.some((e) => JSON.stringify(e.data).includes(interest.registrationId))).toBe(true);

    // Registering again works: the forgotten holder's reservation is released to the new account.
    const again = new Api(server.url);
    const registered = await again.post('/api/register', { email, password: 'the second long password' });
    expect(registered.status).toBe(201);
    expect(registered.body.id).not.toBe(person.user.id);
    const key = await keyOf(server, email);
    const reservation = (await server.eventStore.readStream(emailStream(key))).map((e) => [
      e.type,
      (e.data as { userId: string }).userId,
    ]);
    expect(reservation).toEqual([
      ['EmailReserved', person.user.id],
      ['EmailReleased', person.user.id],
      ['EmailReserved', registered.body.id],
    ]);
    expect(
      (await new Api(server.url).post('/api/login', { email, password: 'the second long password' })).body.id,
    ).toBe(registered.body.id);
    expect((await new Api(server.url).post('/api/login', { email, password: 'the first long password' })).status).toBe(
      401,
    );
    // …and their interest too, confirmed again.
    expect(await registerInterest(server, { email })).toMatchObject({ number: 2 });
  }, 60_000);

  it('an account from before keyed keys (reserved under the unkeyed key) signs in and keeps its address', async () => {
    const email = 'old.timer@example.nz';
    const old = await signUp(server, { email, password: 'an old long password' });
    // As stored before the change: the reservation in the unkeyed key's stream (the keyed one released).
    const key = await keyOf(server, email);
    const legacy = legacyEmailKey(email);
    const [reserved] = await server.eventStore.readStream(emailStream(key));
    await server.eventStore.append(
      emailStream(legacy),
      [
        {
          ...reserved!,
          data: { emailKey: legacy, userId: old.user.id },
          metadata: { ...reserved!.metadata, eventId: randomUUID() },
        },
      ],
      'no_stream',
    );
    await server.eventStore.append(
      emailStream(key),
      [{ ...reserved!, type: 'EmailReleased', metadata: { ...reserved!.metadata, eventId: randomUUID() } }],
      'any',
    );
    const login = await new Api(server.url).post('/api/login', { email, password: 'an old long password' });
    expect(login.body.id).toBe(old.user.id);
    expect(
      await new Api(server.url).post('/api/register', { email: ' OLD.TIMER@example.nz', password: TEST_PASSWORD }),
    ).toMatchObject({
      status: 409,
      body: { message: 'An account with this email already exists' },
    });
  });
});
