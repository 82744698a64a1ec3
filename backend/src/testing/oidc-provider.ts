import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider (`oidc-provider`) in this process, for tests: authorization code flow,
 * client_secret_post, userinfo with e-mail and names, and its development login/consent pages.
 *
 *   const idp = await TestOidcProvider.listen();                      // issuer known (port reserved)
 *   const app = await startTestServer({ env: idp.env() });             // OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET
 *   await idp.start([`${app.url}/auth/callback`], { alice: { email: 'alice@example.nz', given_name: 'Alice' } });
 *   const back = await idp.signIn(authorizationUrl, 'alice');          // the URL the provider sends the browser back to
 *
 * The port is bound before the provider exists so the app can be configured with the issuer first and the
 * provider then told the app's callback address. A browser can use the same pages (a login form: any
 * password; then a consent form).
 */
export interface TestAccount {
  email?: string;
  email_verified?: boolean;
  given_name?: string;
  family_name?: string;
}

export class TestOidcProvider {
  readonly clientId = 'kauri-test';
  readonly clientSecret = 'kauri-test-secret-0123456789abcdef';
  private provider: Provider | null = null;
  private readonly cookies = new Map<string, string>();

  private constructor(
    private readonly server: Server,
    readonly issuer: string,
  ) {}

  static async listen(): Promise<TestOidcProvider> {
    let handler: ((req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void) | null =
      null;
    const server = createServer((req, res) => {
      if (handler) return handler(req, res);
      res.statusCode = 503;
      res.end('not started');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const idp = new TestOidcProvider(server, `http://127.0.0.1:${port}`);
    idp.attach = (h) => (handler = h);
    return idp;
  }

  private attach: (
    handler: (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void,
  ) => void = () => undefined;

  env(): Record<string, string> {
    return { OIDC_ISSUER: this.issuer, OIDC_CLIENT_ID: this.clientId, OIDC_CLIENT_SECRET: this.clientSecret };
  }

  async start(redirectUris: string[], accounts: Record<string, TestAccount>): Promise<void> {
    const provider = new Provider(this.issuer, {
      clients: [
        {
          client_id: this.clientId,
          client_secret: this.clientSecret,
          redirect_uris: redirectUris,
          token_endpoint_auth_method: 'client_secret_post',
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
      findAccount: (_ctx: unknown, id: string) =>
        accounts[id] ? { accountId: id, claims: () => ({ sub: id, ...accounts[id] }) } : undefined,
      features: { devInteractions: { enabled: true } },
      cookies: { keys: ['kauri-test-cookie-key'] },
    });
    this.provider = provider;
    this.attach(provider.callback());
  }

  /** Follows the provider's pages as a browser would, signing in as `accountId` and consenting. */
  signIn(authorizationUrl: string, accountId: string): Promise<URL> {
    return this.walk(
      authorizationUrl,
      (prompt): Record<string, string> =>
        prompt === 'login' ? { prompt, login: accountId, password: 'any' } : { prompt },
    );
  }

  /** Starts as a browser would, then cancels at the login page: the provider answers access_denied. */
  deny(authorizationUrl: string): Promise<URL> {
    return this.walk(authorizationUrl, () => 'abort');
  }

  private async walk(start: string, answer: (prompt: string) => Record<string, string> | 'abort'): Promise<URL> {
    if (!this.provider) throw new Error('TestOidcProvider.start() first');
    this.cookies.clear(); // a fresh browser each time: no provider session carried over from an earlier sign-in
    let next = new URL(start);
    let method: 'GET' | 'POST' = 'GET';
    let body: string | undefined;
    for (let step = 0; step < 20; step++) {
      if (!next.href.startsWith(this.issuer)) return next; // back at the client
      const res = await fetch(next, {
        method,
        redirect: 'manual',
        headers: {
          cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          ...(body && { 'content-type': 'application/x-www-form-urlencoded' }),
        },
        body,
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const [name, ...value] = pair!.split('=');
        this.cookies.set(name!.trim(), value.join('='));
      }
      method = 'GET';
      body = undefined;
      const location = res.headers.get('location');
      if (location) {
        next = new URL(location, next);
        continue;
      }
      const html = await res.text();
      const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
      if (!res.ok || !prompt)
        throw new Error(`provider page ${next.pathname} answered ${res.status}: ${html.slice(0, 300)}`);
      const reply = answer(prompt);
      if (reply === 'abort') {
        next = new URL(`${next.pathname.replace(/\/$/, '')}/abort`, next);
      } else {
        method = 'POST';
        body = new URLSearchParams(reply).toString();
      }
    }
    throw new Error('the provider kept redirecting');
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
