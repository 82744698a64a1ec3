import { startTestServer, Api } from '../../testing/api.js';
import { TestOidcProvider } from '../../testing/oidc-provider.js';
import { Secrets } from '../../platform/secrets.js';
import { signUp } from '../../testing/users.js';
import { PendingSignInCookie, type PendingSignIn } from './oidc.js';

type Server = Awaited<ReturnType<typeof startTestServer>>;

const ACCOUNTS = {
  alice: { email: 'alice@example.nz', email_verified: true, given_name: 'Alice', family_name: 'Te Rangi' },
  mallory: { email: 'victim@example.nz', email_verified: false, given_name: 'Mallory' },
  bob: { email: 'bob@example.nz', email_verified: true, given_name: 'Bob' },
};

/** The browser's side of a pending sign-in: the provider's address, and the cookie that proves it started here. */
interface Started {
  location: string;
  cookie: string;
  setCookie: string;
}

async function startAt(
  server: Server,
  state: string,
  redirectUri: string,
  headers: Record<string, string> = {},
): Promise<Started> {
  const res = await fetch(`${server.url}/api/login?state=${state}&redirect_uri=${encodeURIComponent(redirectUri)}`, {
    redirect: 'manual',
    headers,
  });
  expect(res.status).toBe(302);
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('kauri.oidc='))!;
  return { location: res.headers.get('location')!, cookie: setCookie.split(';')[0]!, setCookie };
}

/** POSTs to /api/auth/callback as the frontend does, with the browser's pending sign-in cookie. */
function callback(server: Server, started: Pick<Started, 'cookie'> | null, body: Record<string, unknown>) {
  return new Api(server.url).post('/api/auth/callback', body, started ? { cookie: started.cookie } : {});
}

describe('external sign-in through a real OpenID provider (oidc-provider in-process)', () => {
  let idp: TestOidcProvider;
  let server: Server;
  let redirect: string;

  beforeAll(async () => {
    idp = await TestOidcProvider.listen();
    server = await startTestServer({ env: idp.env() });
    redirect = `${server.url}/auth/callback`;
    await idp.start([redirect], ACCOUNTS);
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
    const started = await startAt(server, state, redirect);
    const authorize = new URL(started.location);
    expect(authorize.origin).toBe(idp.issuer);
    expect(authorize.searchParams.get('state')).toBe(state);
    expect(authorize.searchParams.get('redirect_uri')).toBe(redirect);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    // The pending sign-in lives in the browser: signed, HttpOnly, SameSite=Lax, for the callback only, 10 minutes.
    expect(started.setCookie).toMatch(/; Max-Age=600;/);
    expect(started.setCookie).toMatch(/; Path=\/api\/auth\/callback;/);
    expect(started.setCookie).toMatch(/; HttpOnly/);
    expect(started.setCookie).toMatch(/; SameSite=Lax/);
    expect(started.setCookie).not.toMatch(/; Secure/);
    const overTls = await startAt(server, 'client-state-tls1', redirect, { 'x-forwarded-proto': 'https' });
    expect(overTls.setCookie).toMatch(/; Secure/);

    const back = await idp.signIn(authorize.href, 'alice');
    expect(`${back.origin}${back.pathname}`).toBe(redirect);
    expect(back.searchParams.get('state')).toBe(state);
    const code = back.searchParams.get('code')!;

    const api = new Api(server.url);
    const res = await api.post(
      '/api/auth/callback',
      { code, state, redirect_uri: redirect },
      { cookie: started.cookie },
    );
    expect(res.status).toBe(200);
    // One use: the answer clears the cookie.
    expect(res.headers.getSetCookie().find((c) => c.startsWith('kauri.oidc='))).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(res.body).toEqual({
      user: expect.objectContaining({
        email: 'alice@example.nz',
        firstName: 'Alice',
        lastName: 'Te Rangi',
        role: 'user',
        // The provider vouched for the address (email_verified): proven at once, no link needed.
        emailVerified: true,
        subscriptionStatus: 'inactive',
      }),
      token: expect.stringMatching(/^[\w-]{43}$/),
      expires_in: 3600,
      position: expect.any(Number),
    });
    // The browser is remembered for this account (the device cookie), as at a password sign-in.
    expect(res.headers.getSetCookie().find((c) => c.startsWith('kauri.device='))).toMatch(
      /^kauri\.device=[\w-]{22}\.[\w-]{22}; Max-Age=31536000; Path=\/api; .*HttpOnly; SameSite=Lax$/,
    );
    const bearer = { authorization: `Bearer ${res.body.token}` };
    expect((await api.get('/api/auth/user', bearer)).body).toEqual(res.body.user);
    expect((await api.get('/api/user', bearer)).body).toEqual(res.body.user);

    const events = (await server.eventStore.readStream(`user-${res.body.user.id}`)).map((e) => e.type);
    expect(events).toEqual([
      'UserRegistered',
      'EmailVerified',
      'ExternalIdentityLinked',
      'UserSignedIn',
      'SessionStarted',
    ]);
    const linked = (await server.eventStore.readStream(`user-${res.body.user.id}`))[2]!;
    expect(linked.data).toMatchObject({ issuer: idp.issuer, personal: { sub: 'alice' } });
    expect(JSON.stringify(await server.eventStore.readAll())).not.toContain(res.body.token);

    // The same code cannot be redeemed twice (even with the cookie replayed), and the state cannot be reused.
    expect((await callback(server, started, { code, state, redirect_uri: redirect })).status).toBe(401);
    expect((await callback(server, null, { code, state, redirect_uri: redirect })).status).toBe(401);

    // Signing in again finds the same account.
    const next = await startAt(server, 'client-state-0002', redirect);
    const again = await idp.signIn(next.location, 'alice');
    const second = await callback(server, next, {
      code: again.searchParams.get('code'),
      state: 'client-state-0002',
      redirect_uri: redirect,
    });
    expect(second.body.user.id).toBe(res.body.user.id);
  }, 60_000);

  it('sends the provider back only to the app’s own origin (PUBLIC_URL): any other redirect_uri is a 400', async () => {
    const { host, port } = new URL(server.url);
    const refusedUris = [
      'https://evil.example/auth/callback',
      '//evil.example/auth/callback',
      `http://${host}.evil.example/auth/callback`,
      `http://${host}@evil.example/auth/callback`,
      `http://${host}:${port}@evil.example/auth/callback`,
      `http://user:pass@${host}/auth/callback`,
      `http://${host}\\@evil.example/auth/callback`,
      `http:\\\\${host}/auth/callback`,
      `http:${host}/auth/callback`,
      `https://${host}/auth/callback`,
      `http://127.0.0.1:${Number(port) + 1}/auth/callback`,
      `http://localhost:${port}/auth/callback`,
      `${server.url}`,
      `${server.url}/auth/callback\nLocation: https://evil.example`,
      'javascript:alert(1)',
      `https://evil.example/?next=${server.url}/auth/callback`,
    ];
    for (const uri of refusedUris) {
      const res = await fetch(
        `${server.url}/api/login?state=client-state-9999&redirect_uri=${encodeURIComponent(uri)}`,
        {
          redirect: 'manual',
        },
      );
      expect({ uri, status: res.status, body: await res.json() }).toEqual({
        uri,
        status: 400,
        body: expect.objectContaining({ message: `redirect_uri must be an address on ${server.url}` }),
      });
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    // The app's own callback is sent on; with none given, the app's own (PUBLIC_URL + /auth/callback).
    expect(
      new URL((await startAt(server, 'client-state-9998', redirect)).location).searchParams.get('redirect_uri'),
    ).toBe(redirect);
    const unnamed = await fetch(`${server.url}/api/login?state=client-state-9997`, { redirect: 'manual' });
    expect(new URL(unnamed.headers.get('location')!).searchParams.get('redirect_uri')).toBe(redirect);
  }, 60_000);

  it('state mismatch: a code posted with a state the server did not issue is refused, and no account is made', async () => {
    const before = await server.eventStore.headPosition();
    const started = await startAt(server, 'client-state-0003', redirect);
    const back = await idp.signIn(started.location, 'alice');
    const res = await callback(server, started, {
      code: back.searchParams.get('code'),
      state: 'forged-state-9999',
      redirect_uri: redirect,
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({
      error: 'Unable to verify the login state. Please try logging in again.',
      message: 'Unable to verify the login state. Please try logging in again.',
    });
    // Nor does the right state help without this browser's cookie, or with a forged one.
    const code = back.searchParams.get('code');
    expect((await callback(server, null, { code, state: 'client-state-0003', redirect_uri: redirect })).status).toBe(
      401,
    );
    const [body, mac] = started.cookie.slice('kauri.oidc='.length).split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(body!, 'base64url').toString()), state: 'x' }),
    ).toString('base64url');
    expect(
      (await callback(server, { cookie: `kauri.oidc=${forged}.${mac}` }, { code, state: 'x', redirect_uri: redirect }))
        .status,
    ).toBe(401);
    // PKCE: even a validly signed cookie with the right state but another verifier does not redeem the code.
    const sealer = new PendingSignInCookie(() => new Secrets(server.vault).key('oidc-state'));
    const pending = JSON.parse(Buffer.from(body!, 'base64url').toString()) as PendingSignIn;
    const otherVerifier = await sealer.seal({ ...pending, verifier: 'x'.repeat(43) });
    expect(
      (
        await callback(
          server,
          { cookie: `kauri.oidc=${otherVerifier}` },
          { code, state: 'client-state-0003', redirect_uri: redirect },
        )
      ).status,
    ).toBe(401);
    expect(await server.eventStore.headPosition()).toBe(before);
  }, 60_000);

  it('an error from the provider (the user cancels: access_denied) comes back to the client and is passed on', async () => {
    const started = await startAt(server, 'client-state-0004', redirect);
    const back = await idp.deny(started.location);
    expect(`${back.origin}${back.pathname}`).toBe(redirect);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('client-state-0004');
    expect(back.searchParams.get('code')).toBeNull();
    const res = await callback(server, started, {
      error: back.searchParams.get('error'),
      error_description: back.searchParams.get('error_description'),
      state: 'client-state-0004',
      redirect_uri: redirect,
    });
    expect(res).toMatchObject({
      status: 400,
      body: { error: 'access_denied', message: 'End-User aborted interaction' },
    });
  }, 60_000);

  it('a provider vouching for a password account’s unconfirmed address links it and proves the address', async () => {
    const bob = await signUp(server, { email: 'bob@example.nz' });
    expect(bob.user.emailVerified).toBe(false);
    const started = await startAt(server, 'client-state-0006', redirect);
    const back = await idp.signIn(started.location, 'bob');
    const res = await callback(server, started, {
      code: back.searchParams.get('code'),
      state: 'client-state-0006',
      redirect_uri: redirect,
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: bob.user.id, emailVerified: true });
    const proven = (await server.eventStore.readStream(`user-${bob.user.id}`)).find((e) => e.type === 'EmailVerified');
    expect(proven?.data).toEqual({ userId: bob.user.id, via: 'provider', verificationId: null });
  }, 60_000);

  it('does not hand an existing account to a provider identity with an unverified e-mail', async () => {
    await signUp(server, { email: 'victim@example.nz' });
    const started = await startAt(server, 'client-state-0005', redirect);
    const back = await idp.signIn(started.location, 'mallory');
    const res = await callback(server, started, {
      code: back.searchParams.get('code'),
      state: 'client-state-0005',
      redirect_uri: redirect,
    });
    expect(res).toMatchObject({
      status: 409,
      body: { error: 'An account with this email already exists. Sign in with your password.' },
    });
  }, 60_000);

  it('a revoked token (signed out) gets 401', async () => {
    const started = await startAt(server, 'client-state-0006', redirect);
    const back = await idp.signIn(started.location, 'alice');
    const api = new Api(server.url);
    const { token } = (
      await callback(server, started, {
        code: back.searchParams.get('code'),
        state: 'client-state-0006',
        redirect_uri: redirect,
      })
    ).body;
    const bearer = { authorization: `Bearer ${token}` };
    expect((await api.get('/api/auth/user', bearer)).status).toBe(200);
    expect((await api.post('/api/logout', {}, bearer)).status).toBe(200);
    expect((await api.get('/api/auth/user', bearer)).status).toBe(401);
    expect((await api.get('/api/user', bearer)).status).toBe(401);
    expect((await api.get('/api/auth/user', { authorization: 'Bearer not-a-real-token' })).status).toBe(401);
    expect((await api.get('/api/auth/user')).status).toBe(401);
  }, 60_000);
});

describe('redirect_uri with PUBLIC_URL set (the origin the app is reached at)', () => {
  it('takes exactly that origin: scheme, host and port', async () => {
    const idp = await TestOidcProvider.listen();
    const server = await startTestServer({ env: { ...idp.env(), PUBLIC_URL: 'https://app.example.com/' } });
    try {
      await idp.start(['https://app.example.com/auth/callback'], ACCOUNTS);
      const start = (uri: string) =>
        fetch(`${server.url}/api/login?state=client-state-0100&redirect_uri=${encodeURIComponent(uri)}`, {
          redirect: 'manual',
        });
      const ok = await start('https://app.example.com/auth/callback');
      expect(ok.status).toBe(302);
      expect(new URL(ok.headers.get('location')!).searchParams.get('redirect_uri')).toBe(
        'https://app.example.com/auth/callback',
      );
      for (const uri of [
        'https://app.example.com.evil.com/auth/callback',
        'https://app.example.com@evil.com/auth/callback',
        'http://app.example.com/auth/callback',
        'https://app.example.com:8443/auth/callback',
        'https://evil.com/auth/callback#https://app.example.com/',
      ]) {
        const res = await start(uri);
        expect({ uri, status: res.status, body: await res.json() }).toEqual({
          uri,
          status: 400,
          body: expect.objectContaining({ message: 'redirect_uri must be an address on https://app.example.com' }),
        });
      }
    } finally {
      await server.close();
      await idp.close();
    }
  }, 60_000);
});

describe('a flood of sign-in starts', () => {
  it('is refused per address past SIGN_IN_START_RATE_LIMIT_PER_IP; a real pending sign-in survives it', async () => {
    const idp = await TestOidcProvider.listen();
    const server = await startTestServer({ env: { ...idp.env(), SIGN_IN_START_RATE_LIMIT_PER_IP: '5' } });
    try {
      const redirect = `${server.url}/auth/callback`;
      await idp.start([redirect], ACCOUNTS);
      const user = await startAt(server, 'client-state-real-user', redirect, { 'x-forwarded-for': '198.51.100.44' });

      // Far more starts than the limit (the old in-memory store held 10,000, evicting the oldest).
      const flood = [];
      for (let i = 0; i < 40; i++) {
        flood.push(
          await fetch(
            `${server.url}/api/login?state=flood-state-${String(i).padStart(4, '0')}` +
              `&redirect_uri=${encodeURIComponent(redirect)}`,
            { redirect: 'manual', headers: { 'x-forwarded-for': '203.0.113.66' } },
          ),
        );
      }
      expect(flood.filter((r) => r.status === 302)).toHaveLength(5);
      const refused = flood.filter((r) => r.status === 429);
      expect(refused).toHaveLength(35);
      expect(await refused[0]!.json()).toEqual({
        message: 'Too many attempts. Please try again in 15 minutes.',
        title: 'Too Many Attempts',
      });
      expect(Number(refused[0]!.headers.get('retry-after'))).toBeGreaterThan(800);

      // The real user's sign-in, started before the flood, still completes.
      const back = await idp.signIn(user.location, 'alice');
      const res = await callback(server, user, {
        code: back.searchParams.get('code'),
        state: 'client-state-real-user',
        redirect_uri: redirect,
      });
      expect(res).toMatchObject({ status: 200, body: { user: { email: 'alice@example.nz' } } });
    } finally {
      await server.close();
      await idp.close();
    }
  }, 60_000);
});

describe('bearer token lifetime (TOKEN_TTL_SECONDS)', () => {
  it('an expired token gets 401', async () => {
    const idp = await TestOidcProvider.listen();
    const server = await startTestServer({ env: { ...idp.env(), TOKEN_TTL_SECONDS: '1' } });
    try {
      const redirect = `${server.url}/auth/callback`;
      await idp.start([redirect], ACCOUNTS);
      const started = await startAt(server, 'client-state-0007', redirect);
      const back = await idp.signIn(started.location, 'alice');
      const res = await callback(server, started, {
        code: back.searchParams.get('code'),
        state: 'client-state-0007',
        redirect_uri: redirect,
      });
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
      const res = await fetch(
        `${server.url}/api/login?state=abcdefgh1234&redirect_uri=${encodeURIComponent(`${server.url}/auth/callback`)}`,
        { redirect: 'manual' },
      );
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/auth');
      expect((await server.api.get('/api/auth/config')).body).toEqual({ oidc: false });
      expect(
        (await server.api.post('/api/auth/callback', { code: 'x', state: 'y', redirect_uri: 'http://x/auth/callback' }))
          .status,
      ).toBe(404);
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
      const callback = await server.api.post('/api/auth/callback', {
        code: 'x',
        state: 'abcdefgh1234',
        redirect_uri: `${server.url}/auth/callback`,
      });
      expect(callback).toMatchObject({
        status: 502,
        body: { error: 'The identity provider is not reachable. Please try again later.' },
      });
    } finally {
      await server.close();
    }
  });
});
