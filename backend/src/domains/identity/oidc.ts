import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import passport from 'passport';
import OpenIDConnectStrategy from 'passport-openidconnect';

/**
 * The external OpenID provider through passport + passport-openidconnect (authorization code flow,
 * client_secret_post, a nonce, and userinfo fetched with `skipUserProfile: false`).
 *
 * The browser holds the state: the frontend makes a random state, keeps it in local storage, and starts at
 * `GET /api/login?state=…&redirect_uri=<origin>/auth/callback`. The provider returns the browser to that
 * page, which compares the state with its stored one and POSTs `{code, state, redirect_uri}` to
 * /api/auth/callback. The server ALSO remembers each state it sent (ClientStateStore) with the nonce, and
 * accepts a code only with a state it issued, once, within 10 minutes — so a code cannot be redeemed with a
 * made-up or replayed state. These pending logins live in memory: a login started before a restart must be
 * started again.
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

const PENDING_TTL_MS = 10 * 60 * 1000;
const MAX_PENDING = 10_000;
export const STATE_NOT_VERIFIED = 'Unable to verify the login state. Please try logging in again.';

interface Pending {
  ctx: OpenIDConnectStrategy.SessionStoreContext;
  callbackURL: string | undefined;
  at: number;
}

/** passport-openidconnect's state store, keyed by the client's own state instead of a session. */
export class ClientStateStore {
  private readonly pending = new Map<string, Pending>();

  store(_req: unknown, ctx: OpenIDConnectStrategy.SessionStoreContext, appState: unknown, meta: { callbackURL?: string } | undefined, cb: (err: Error | null, handle?: string) => void): void {
    const state = typeof appState === 'string' && appState ? appState : randomBytes(24).toString('base64url');
    this.sweep();
    if (this.pending.size >= MAX_PENDING) this.pending.delete(this.pending.keys().next().value!);
    this.pending.set(state, { ctx, callbackURL: meta?.callbackURL, at: Date.now() });
    cb(null, state);
  }

  verify(req: { oidcCallbackURL?: string }, state: string, cb: (err: Error | null, ctx?: false | OpenIDConnectStrategy.SessionStoreContext, info?: unknown) => void): void {
    const found = this.pending.get(state);
    this.pending.delete(state);
    const fresh = found && Date.now() - found.at < PENDING_TTL_MS && found.callbackURL === req.oidcCallbackURL;
    if (!fresh) return cb(null, false, { message: STATE_NOT_VERIFIED });
    cb(null, found.ctx, state);
  }

  private sweep(): void {
    const cutoff = Date.now() - PENDING_TTL_MS;
    for (const [state, entry] of this.pending) {
      if (entry.at >= cutoff) break;
      this.pending.delete(state);
    }
  }
}

export class OidcClient {
  private readonly authenticator = new passport.Passport();
  private readonly states = new ClientStateStore();
  private ready: Promise<void> | null = null;

  constructor(private readonly settings: OidcSettings) {}

  /** Discovery on first use (not at boot: the app starts even while the provider is down), retried after a failure. */
  private setUp(): Promise<void> {
    this.ready ??= (async () => {
      const url = `${this.settings.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`;
      const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
      if (!res.ok) throw new Error(`OpenID discovery at ${url} answered ${res.status}`);
      const d = (await res.json()) as Discovery;
      const strategy = new OpenIDConnectStrategy(
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
          store: this.states as unknown as OpenIDConnectStrategy.SessionStore,
        },
        // Arity 9: the userinfo profile with its raw JSON (for email_verified), and the ID token's profile.
        (issuer: string, uiProfile: object, idProfile: object, _context: object, _idToken: string | object, _access: string | object, _refresh: string, _params: unknown, verified: OpenIDConnectStrategy.VerifyCallback) => {
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
        },
      );
      this.authenticator.use('oidc', strategy);
    })().catch((error: unknown) => {
      this.ready = null;
      throw error;
    });
    return this.ready;
  }

  /** Redirects the browser to the provider, with the client's state and the return address. */
  async start(req: Request, res: Response, next: NextFunction, state: string, redirectUri: string): Promise<void> {
    await this.setUp();
    this.authenticator.authenticate('oidc', { session: false, state, callbackURL: redirectUri } as passport.AuthenticateOptions)(req, res, next);
  }

  /** Exchanges a code the provider returned (or passes its error on), checking state, nonce, issuer and audience. */
  async exchange(req: Request, query: { code?: string; state?: string; error?: string; error_description?: string }, redirectUri: string): Promise<CodeOutcome> {
    try {
      await this.setUp();
    } catch {
      return { ok: false, status: 502, error: 'The identity provider is not reachable. Please try again later.', message: 'The identity provider is not reachable. Please try again later.' };
    }
    // The strategy reads the provider's answer from the query string, as on a redirect back to the server.
    const shaped = Object.create(req) as Request & { oidcCallbackURL?: string };
    Object.defineProperty(shaped, 'query', { value: query, enumerable: true });
    shaped.oidcCallbackURL = redirectUri;
    return new Promise<CodeOutcome>((resolve) => {
      const done = (err: unknown, user: ExternalProfile | false | undefined, info: unknown) => {
        if (user) return resolve({ ok: true, profile: user });
        if (query.error) {
          const description = query.error_description || query.error;
          return resolve({ ok: false, status: 400, error: query.error, message: description });
        }
        const infoMessage = typeof info === 'object' && info && 'message' in info && typeof info.message === 'string' ? info.message : null;
        if (err) {
          const message = 'The identity provider did not accept the sign-in code. Please try logging in again.';
          return resolve({ ok: false, status: 401, error: message, message });
        }
        // A state not issued here (or reused, or for another redirect_uri), a wrong nonce, issuer or audience.
        const message = infoMessage ?? STATE_NOT_VERIFIED;
        resolve({ ok: false, status: 401, error: message, message });
      };
      this.authenticator.authenticate('oidc', { session: false, callbackURL: redirectUri } as passport.AuthenticateOptions, done)(shaped, {} as Response, (err?: unknown) => done(err, false, null));
    });
  }
}
