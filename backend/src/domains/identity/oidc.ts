import { createHash, createHmac, randomBytes } from 'node:crypto';
import passport from 'passport';
import OpenIDConnectStrategy from 'passport-openidconnect';
import { clearCookie, type HttpReply, type HttpRequest, isSecure, setCookie } from '../../platform/http/http.js';
import { sameSecret } from './session-secrets.js';

/**
 * The external OpenID provider through passport + passport-openidconnect (authorization code flow,
 * client_secret_post, a nonce, PKCE (S256), and userinfo fetched with `skipUserProfile: false`).
 *
 * The browser holds the state: the frontend makes a random state, keeps it in local storage, and starts at
 * `GET /api/login?state=…&redirect_uri=<origin>/auth/callback`. The provider returns the browser to that
 * page, which compares the state with its stored one and POSTs `{code, state, redirect_uri}` to
 * /api/auth/callback.
 *
 * The server keeps nothing between the two: the pending sign-in (state, nonce, PKCE verifier, redirect_uri,
 * time) travels in a cookie signed with a vault secret (HMAC-SHA-256), HttpOnly, SameSite=Lax, Secure over
 * TLS, scoped to the callback's path, and valid for 10 minutes. The callback accepts a code only with the
 * state of that cookie, and clears it (one use). No flood of sign-in starts can push a real user's pending
 * sign-in out, as a server-side store of bounded size could, and a sign-in survives a restart.
 */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
}

export interface ExternalProfile {
  issuer: string;
  sub: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
}

export type CodeOutcome =
  | { ok: true; profile: ExternalProfile }
  | { ok: false; status: 400 | 401 | 502; error: string; message: string };

export const STATE_NOT_VERIFIED = 'Unable to verify the login state. Please try logging in again.';
export const PENDING_COOKIE = 'kauri.oidc';
/** Only the callback call carries the cookie. */
export const PENDING_COOKIE_PATH = '/api/auth/callback';
const PENDING_TTL_MS = 10 * 60 * 1000;

/**
 * Whether `uri` is an absolute http(s) address on exactly the origin of `publicUrl` (scheme, host and port). Read
 * strictly: the text itself must start with that origin and a `/`, so what browsers and providers might read
 * differently — `//evil.example`, `https:app.example.com`, `https://app.example.com.evil.example`,
 * `https://app.example.com@evil.example`, backslashes, a default port written out, spaces or control
 * characters — is refused rather than interpreted.
 */
export function onOrigin(uri: string, publicUrl: string): boolean {
  const control = [...uri].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);
  if (control || /[\\\s]/.test(uri)) return false;
  let url: URL;
  let origin: string;
  try {
    url = new URL(uri);
    origin = new URL(publicUrl).origin;
  } catch {
    return false;
  }
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.username === '' &&
    url.password === '' &&
    url.origin === origin &&
    uri.startsWith(`${origin}/`)
  );
}

export const redirectUriRefused = (publicUrl: string) =>
  `redirect_uri must be an address on ${new URL(publicUrl).origin}`;

/** A sign-in started at the provider and not yet finished. */
export interface PendingSignIn {
  state: string;
  nonce: string;
  verifier: string;
  redirectUri: string;
  /** Milliseconds since the epoch. */
  issuedAt: number;
}

/** Seals and opens the pending-sign-in cookie: `<base64url JSON>.<base64url HMAC>`. */
export class PendingSignInCookie {
  constructor(private readonly secret: () => Promise<Buffer>) {}

  async seal(pending: PendingSignIn): Promise<string> {
    const body = Buffer.from(JSON.stringify(pending)).toString('base64url');
    return `${body}.${await this.mac(body)}`;
  }

  /** The pending sign-in, or null when the cookie is missing, forged, malformed or older than 10 minutes. */
  async open(value: string | undefined, now = Date.now()): Promise<PendingSignIn | null> {
    const [body, mac, ...rest] = (value ?? '').split('.');
    if (!body || !mac || rest.length > 0 || !sameSecret(mac, await this.mac(body))) return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    if (!isPending(parsed)) return null;
    return now - parsed.issuedAt >= 0 && now - parsed.issuedAt < PENDING_TTL_MS ? parsed : null;
  }

  private async mac(body: string): Promise<string> {
    return createHmac('sha256', await this.secret())
      .update(`${PENDING_COOKIE}\n${body}`)
      .digest('base64url');
  }
}

function isPending(value: unknown): value is PendingSignIn {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    ['state', 'nonce', 'verifier', 'redirectUri'].every((k) => typeof v[k] === 'string') &&
    typeof v.issuedAt === 'number'
  );
}

export const pendingCookieOptions = (req: HttpRequest) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: isSecure(req),
  path: PENDING_COOKIE_PATH,
});

type StateStore = OpenIDConnectStrategy.SessionStore;
type Verified = (err: Error | null, ctx?: false | OpenIDConnectStrategy.SessionStoreContext, info?: unknown) => void;

/** passport-openidconnect with PKCE: the challenge on the authorization request, the verifier on the code exchange. */
class PkceStrategy extends OpenIDConnectStrategy {
  constructor(
    options: OpenIDConnectStrategy.StrategyOptions,
    verify: OpenIDConnectStrategy.VerifyFunction,
    pkce: { challenge?: string; verifier?: string },
  ) {
    super(options, verify);
    if (pkce.verifier) {
      // The library builds the token request's parameters itself; this strategy serves one request only.
      const oauth2 = (
        this as unknown as {
          _oauth2: { getOAuthAccessToken: (code: string, params: Record<string, string>, cb: unknown) => void };
        }
      )._oauth2;
      const exchange = oauth2.getOAuthAccessToken.bind(oauth2);
      oauth2.getOAuthAccessToken = (code, params, cb) =>
        exchange(code, { ...params, code_verifier: pkce.verifier! }, cb);
    }
    this.challenge = pkce.challenge;
  }

  private readonly challenge: string | undefined;

  override authorizationParams(): object {
    return this.challenge ? { code_challenge: this.challenge, code_challenge_method: 'S256' } : {};
  }
}

export class OidcClient {
  private discovery: Promise<Discovery> | null = null;

  constructor(
    private readonly settings: OidcSettings,
    private readonly cookie: PendingSignInCookie,
  ) {}

  /** Discovery on first use (not at boot: the app starts even while the provider is down), retried after a failure. */
  private discover(): Promise<Discovery> {
    this.discovery ??= (async () => {
      const url = `${this.settings.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
      const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      if (!res.ok) throw new Error(`OpenID discovery at ${url} answered ${res.status}`);
      return (await res.json()) as Discovery;
    })().catch((error: unknown) => {
      this.discovery = null;
      throw error;
    });
    return this.discovery;
  }

  /** A passport instance with a strategy for this one request (its state store and PKCE values are the request's). */
  private async authenticator(
    store: StateStore,
    pkce: { challenge?: string; verifier?: string },
  ): Promise<passport.PassportStatic> {
    const d = await this.discover();
    const strategy = new PkceStrategy(
      {
        issuer: d.issuer,
        authorizationURL: d.authorization_endpoint,
        tokenURL: d.token_endpoint,
        userInfoURL: d.userinfo_endpoint,
        clientID: this.settings.clientId,
        clientSecret: this.settings.clientSecret,
        // Each request names its own (the frontend's origin + /auth/callback); this relative default is unused.
        callbackURL: '/auth/callback',
        scope: ['email', 'profile'],
        nonce: true as unknown as string,
        skipUserProfile: false,
        store,
      },
      // Arity 9: the userinfo profile with its raw JSON (for email_verified), and the ID token's profile.
      ((
        issuer: string,
        uiProfile: object,
        idProfile: object,
        _context: object,
        _idToken: string | object,
        _access: string | object,
        _refresh: string,
        _params: unknown,
        verified: OpenIDConnectStrategy.VerifyCallback,
      ) => {
        const claims = (uiProfile as { _json?: Record<string, unknown> } | undefined)?._json ?? {};
        const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
        const profile: ExternalProfile = {
          issuer,
          sub: (idProfile as { id: string }).id,
          email: text(claims.email),
          emailVerified: claims.email_verified === true,
          firstName: text(claims.given_name),
          lastName: text(claims.family_name),
        };
        verified(null, profile as Express.User);
      }) as unknown as OpenIDConnectStrategy.VerifyFunction,
      pkce,
    );
    const authenticator = new passport.Passport();
    authenticator.use('oidc', strategy);
    return authenticator as unknown as passport.PassportStatic;
  }

  /**
   * The provider's address to send the browser to, with the client's state and return address; the cookie (set on
   * `reply`) keeps the rest.
   */
  async start(
    req: HttpRequest,
    reply: HttpReply,
    clientState: string | undefined,
    redirectUri: string,
  ): Promise<string> {
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const store = {
      store: (
        _req: unknown,
        ctx: OpenIDConnectStrategy.SessionStoreContext,
        _appState: unknown,
        _meta: unknown,
        cb: (err: Error | null, handle?: string) => void,
      ) => {
        const state = clientState ?? randomBytes(24).toString('base64url');
        const pending: PendingSignIn = {
          state,
          nonce: String(ctx.nonce ?? ''),
          verifier,
          redirectUri,
          issuedAt: Date.now(),
        };
        this.cookie.seal(pending).then(
          (value) => {
            setCookie(reply, PENDING_COOKIE, value, { ...pendingCookieOptions(req), maxAge: PENDING_TTL_MS });
            cb(null, state);
          },
          (error: Error) => cb(error),
        );
      },
      verify: (_req: unknown, _state: string, cb: Verified) => cb(null, false, { message: STATE_NOT_VERIFIED }),
    } as unknown as StateStore;
    const authenticator = await this.authenticator(store, { challenge });
    // Passport answers by redirecting on the response it is given: this one only catches where to.
    return new Promise<string>((resolve, reject) => {
      let location: string | undefined;
      const res = {
        statusCode: 200,
        setHeader: (name: string, value: string) => {
          if (name.toLowerCase() === 'location') location = value;
        },
        end: () => (location ? resolve(location) : reject(new Error('The sign-in did not redirect'))),
      };
      authenticator.authenticate('oidc', {
        session: false,
        state: clientState ?? '',
        callbackURL: redirectUri,
      } as passport.AuthenticateOptions)(req, res, (error?: unknown) => reject(error ?? new Error('not redirected')));
    });
  }

  /**
   * Exchanges a code the provider returned (or passes its error on), checking the state against the pending
   * sign-in's cookie (which is cleared, whatever the outcome), then nonce, issuer, audience and PKCE.
   */
  async exchange(
    req: HttpRequest,
    reply: HttpReply,
    pendingCookie: string | undefined,
    query: { code?: string; state?: string; error?: string; error_description?: string },
    redirectUri: string,
  ): Promise<CodeOutcome> {
    clearCookie(reply, PENDING_COOKIE, pendingCookieOptions(req));
    const pending = await this.cookie.open(pendingCookie);
    const matches =
      !!pending && !!query.state && sameSecret(pending.state, query.state) && pending.redirectUri === redirectUri;
    const store = {
      store: (_req: unknown, _ctx: unknown, _state: unknown, _meta: unknown, cb: (err: Error) => void) =>
        cb(new Error('not a sign-in start')),
      verify: (_req: unknown, state: string, cb: Verified) =>
        matches
          ? cb(null, { nonce: pending!.nonce } as OpenIDConnectStrategy.SessionStoreContext, state)
          : cb(null, false, { message: STATE_NOT_VERIFIED }),
    } as unknown as StateStore;
    let authenticator: passport.PassportStatic;
    try {
      authenticator = await this.authenticator(store, { verifier: matches ? pending!.verifier : undefined });
    } catch {
      return {
        ok: false,
        status: 502,
        error: 'The identity provider is not reachable. Please try again later.',
        message: 'The identity provider is not reachable. Please try again later.',
      };
    }
    // The strategy reads the provider's answer from the query string, as on a redirect back to the server.
    const shaped = Object.create(req) as HttpRequest;
    Object.defineProperty(shaped, 'query', { value: query, enumerable: true });
    return new Promise<CodeOutcome>((resolve) => {
      const done = (err: unknown, user: ExternalProfile | false | undefined, info: unknown) => {
        if (user) return resolve({ ok: true, profile: user });
        if (query.error) {
          const description = query.error_description || query.error;
          return resolve({ ok: false, status: 400, error: query.error, message: description });
        }
        const infoMessage =
          typeof info === 'object' && info && 'message' in info && typeof info.message === 'string'
            ? info.message
            : null;
        if (err) {
          const message = 'The identity provider did not accept the sign-in code. Please try logging in again.';
          return resolve({ ok: false, status: 401, error: message, message });
        }
        // A state not issued to this browser (or reused, expired, for another redirect_uri); a wrong nonce,
        // issuer or audience.
        const message = infoMessage ?? STATE_NOT_VERIFIED;
        resolve({ ok: false, status: 401, error: message, message });
      };
      authenticator.authenticate(
        'oidc',
        { session: false, callbackURL: redirectUri } as passport.AuthenticateOptions,
        done,
      )(shaped, {}, (err?: unknown) => done(err, false, null));
    });
  }
}
