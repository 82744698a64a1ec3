import { startTestServer, Api } from '../../testing/api.js';
import { TestOidcProvider } from '../../testing/oidc-provider.js';
import { signUp } from '../../testing/users.js';

type Server = Awaited<ReturnType<typeof startTestServer>>;

const ACCOUNTS = {
  alice: { email: 'alice@example.nz', email_verified: true, given_name: 'Alice', family_name: 'Te Rangi' },
  mallory: { email: 'victim@example.nz', email_verified: false, given_name: 'Mallory' },
};

async function startAt(server: Server, state: string, redirectUri: string): Promise<string> {
  const res = await fetch(`${server.url}/api/login?state=${state}&redirect_uri=${encodeURIComponent(redirectUri)}`, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return res.headers.get('location')!;
}

describe('external sign-in through a real OpenID provider (oidc-provider in-process)', () => {
  let idp: TestOidcProvider;
  let server: Server;
  let callback: string;

  beforeAll(async () => {
    idp = await TestOidcProvider.listen();
    server = await startTestServer({ env: idp.env() });
    callback = `${server.url}/auth/callback`;
    await idp.start([callback], ACCOUNTS);
  });
  afterAll(async () => {
    await server.close();
    await idp.close();
  });

  it('tells the frontend a provider is configured', async () => {
    expect((await server.api.get('/api/auth/config')).body).toEqual({ oidc: true });
  });

  it('success: login goes to the provider with the client state; the code becomes a bearer token for a new linked account', async () => {
    const state = 'client-state-0001';
    const authorize = new URL(await startAt(server, state, callback));
    expect(authorize.origin).toBe(idp.issuer);
    expect(authorize.searchParams.get('state')).toBe(state);
    expect(authorize.searchParams.get('redirect_uri')).toBe(callback);

    const back = await idp.signIn(authorize.href, 'alice');
    expect(`${back.origin}${back.pathname}`).toBe(callback);
    expect(back.searchParams.get('state')).toBe(state);
    const code = back.searchParams.get('code')!;

    const api = new Api(server.url);
    const res = await api.post('/api/auth/callback', { code, state, redirect_uri: callback });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      user: expect.objectContaining({ email: 'alice@example.nz', firstName: 'Alice', lastName: 'Te Rangi', role: 'user', subscriptionStatus: 'inactive' }),
      token: expect.stringMatching(/^[\w-]{43}$/),
      expires_in: 3600,
    });
    const bearer = { authorization: `Bearer ${res.body.token}` };
    expect((await api.get('/api/auth/user', bearer)).body).toEqual(res.body.user);
    expect((await api.get('/api/user', bearer)).body).toEqual(res.body.user);

    const events = (await server.eventStore.readStream(`user-${res.body.user.id}`)).map((e) => e.type);
    expect(events).toEqual(['UserRegistered', 'ExternalIdentityLinked', 'UserSignedIn', 'SessionStarted']);
    const linked = (await server.eventStore.readStream(`user-${res.body.user.id}`))[1]!;
    expect(linked.data).toMatchObject({ issuer: idp.issuer, personal: { sub: 'alice' } });
    expect(JSON.stringify(await server.eventStore.readAll())).not.toContain(res.body.token);

    // The same code cannot be redeemed twice, and the state cannot be reused.
    expect((await api.post('/api/auth/callback', { code, state, redirect_uri: callback })).status).toBe(401);

    // Signing in again finds the same account.
    const again = await idp.signIn(await startAt(server, 'client-state-0002', callback), 'alice');
    const second = await api.post('/api/auth/callback', { code: again.searchParams.get('code'), state: 'client-state-0002', redirect_uri: callback });
    expect(second.body.user.id).toBe(res.body.user.id);
  }, 60_000);

  it('state mismatch: a code posted with a state the server did not issue is refused, and no account is made', async () => {
    const before = await server.eventStore.headPosition();
    const back = await idp.signIn(await startAt(server, 'client-state-0003', callback), 'alice');
    const res = await new Api(server.url).post('/api/auth/callback', { code: back.searchParams.get('code'), state: 'forged-state-9999', redirect_uri: callback });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Unable to verify the login state. Please try logging in again.', message: 'Unable to verify the login state. Please try logging in again.' });
    expect(await server.eventStore.headPosition()).toBe(before);
  }, 60_000);

  it('an error from the provider (the user cancels: access_denied) comes back to the client and is passed on', async () => {
    const back = await idp.deny(await startAt(server, 'client-state-0004', callback));
    expect(`${back.origin}${back.pathname}`).toBe(callback);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('client-state-0004');
    expect(back.searchParams.get('code')).toBeNull();
    const res = await new Api(server.url).post('/api/auth/callback', {
      error: back.searchParams.get('error'),
      error_description: back.searchParams.get('error_description'),
      state: 'client-state-0004',
      redirect_uri: callback,
    });
    expect(res).toMatchObject({ status: 400, body: { error: 'access_denied', message: 'End-User aborted interaction' } });
  }, 60_000);

  it('does not hand an existing account to a provider identity with an unverified e-mail', async () => {
    await signUp(server, { email: 'victim@example.nz' });
    const back = await idp.signIn(await startAt(server, 'client-state-0005', callback), 'mallory');
    const res = await new Api(server.url).post('/api/auth/callback', { code: back.searchParams.get('code'), state: 'client-state-0005', redirect_uri: callback });
    expect(res).toMatchObject({ status: 409, body: { error: 'An account with this email already exists. Sign in with your password.' } });
  }, 60_000);

  it('a revoked token (signed out) gets 401', async () => {
    const back = await idp.signIn(await startAt(server, 'client-state-0006', callback), 'alice');
    const api = new Api(server.url);
    const { token } = (await api.post('/api/auth/callback', { code: back.searchParams.get('code'), state: 'client-state-0006', redirect_uri: callback })).body;
    const bearer = { authorization: `Bearer ${token}` };
    expect((await api.get('/api/auth/user', bearer)).status).toBe(200);
    expect((await api.post('/api/logout', {}, bearer)).status).toBe(200);
    expect((await api.get('/api/auth/user', bearer)).status).toBe(401);
    expect((await api.get('/api/user', bearer)).status).toBe(401);
    expect((await api.get('/api/auth/user', { authorization: 'Bearer not-a-real-token' })).status).toBe(401);
    expect((await api.get('/api/auth/user')).status).toBe(401);
  }, 60_000);
});

describe('bearer token lifetime (TOKEN_TTL_SECONDS)', () => {
  it('an expired token gets 401', async () => {
    const idp = await TestOidcProvider.listen();
    const server = await startTestServer({ env: { ...idp.env(), TOKEN_TTL_SECONDS: '1' } });
    try {
      const callback = `${server.url}/auth/callback`;
      await idp.start([callback], ACCOUNTS);
      const back = await idp.signIn(await startAt(server, 'client-state-0007', callback), 'alice');
      const res = await server.api.post('/api/auth/callback', { code: back.searchParams.get('code'), state: 'client-state-0007', redirect_uri: callback });
      expect(res.body.expires_in).toBe(1);
      await new Promise((r) => setTimeout(r, 1500));
      expect((await server.api.get('/api/auth/user', { authorization: `Bearer ${res.body.token}` })).status).toBe(401);
    } finally {
      await server.close();
      await idp.close();
    }
  }, 60_000);
});

describe('without a provider', () => {
  it('login goes to the local /auth page, and the config says so', async () => {
    const server = await startTestServer();
    try {
      const res = await fetch(`${server.url}/api/login?state=abcdefgh1234&redirect_uri=${encodeURIComponent(`${server.url}/auth/callback`)}`, { redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/auth');
      expect((await server.api.get('/api/auth/config')).body).toEqual({ oidc: false });
      expect((await server.api.post('/api/auth/callback', { code: 'x', state: 'y', redirect_uri: 'http://x/auth/callback' })).status).toBe(404);
    } finally {
      await server.close();
    }
  });

  it('a configured provider that cannot be reached also sends the browser to /auth', async () => {
    const gone = await TestOidcProvider.listen();
    await gone.close();
    const server = await startTestServer({ env: gone.env() });
    try {
      const res = await fetch(`${server.url}/api/login?state=abcdefgh1234`, { redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/auth');
      const callback = await server.api.post('/api/auth/callback', { code: 'x', state: 'abcdefgh1234', redirect_uri: `${server.url}/auth/callback` });
      expect(callback).toMatchObject({ status: 502, body: { error: 'The identity provider is not reachable. Please try again later.' } });
    } finally {
      await server.close();
    }
  });
});
