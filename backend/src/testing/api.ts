import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppOptions, StartedServer } from '../app.js';

/**
 * Starts the real app on a free port (memory stores unless told otherwise), quiet logs, and — unless DATA_DIR
 * is given — a data folder of its own, removed on close (the mail outbox is written there: testing/mail.ts).
 */
/**
 * What every app a test starts (in this process or built) runs with: scrypt at N = 2^10 instead of production's
 * 2^15, which only NODE_ENV=test allows. The suite signs people up and in hundreds of times, at a tenth of a second
 * each otherwise (passwords.spec.ts covers the production cost). And a chain transfer waits at most 50 ms to join a
 * batch instead of 2 s: a test that settles one step after another paid up to 2 s a step (five chain API spec files
 * waited 135 s instead of 65); what arrives while a transaction is in flight still goes as a batch (240 concurrent
 * investments: 36 chain transactions, against 19 at 2 s), and batching.spec.ts covers the wait itself.
 */
export const TEST_APP_ENV = { NODE_ENV: 'test', PASSWORD_HASH_COST: '10', CHAIN_BATCH_WAIT_MS: '50' } as const;

export async function startTestServer(
  options: AppOptions & {
    port?: number;
    /**
     * false: return as soon as the server listens. By default the chain is opened and the jobs' first round has
     * ended too, as a test expects of an app it then drives (the app itself answers before either).
     */
    started?: boolean;
  } = {},
): Promise<StartedServer & { api: Api; ops: Api }> {
  // The app's own address is PUBLIC_URL (mail links, the only origin /api/login sends a provider back to), so the
  // port is chosen before the app starts; should another process take it meanwhile, another is chosen.
  if (!options.env?.PUBLIC_URL && !options.port) {
    for (let tries = 1; ; tries++) {
      const port = await freePort();
      try {
        return await startTestServer({
          ...options,
          port,
          env: { ...options.env, PUBLIC_URL: `http://127.0.0.1:${port}` },
        });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || tries === 5) throw error;
      }
    }
  }
  const ownDataDir = options.env?.DATA_DIR ? null : mkdtempSync(join(tmpdir(), 'kauri-test-'));
  // An embedded event store starts from a copied, initialised database rather than running initdb.
  if (ownDataDir && options.env?.EVENT_STORE === 'pglite' && !options.eventStore)
    await (await import('./pglite.js')).freshPgliteDir(join(ownDataDir, 'events'));
  // Imported here, not at the top: the built-app tests use this module's HTTP client and would otherwise pay for
  // importing the whole app (about 5 CPU-s through Jest) without starting it.
  const [{ startServer }, { StartingChain }] = await Promise.all([
    import('../app.js'),
    import('../platform/chain/open-chain.js'),
  ]);
  const server = await startServer({
    port: 0,
    ...options,
    env: {
      EVENT_STORE: 'memory',
      READ_STORE: 'memory',
      // Most tests need no chain; the token tests ask for the embedded one (CHAIN=anvil).
      CHAIN: 'off',
      LOG_LEVEL: 'silent',
      ...TEST_APP_ENV,
      ...(ownDataDir && { DATA_DIR: ownDataDir }),
      ...options.env,
    },
  }).catch((error: unknown) => {
    if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
    throw error;
  });
  let chain = server.chain;
  if (options.started !== false) {
    await server.jobs.started;
    await chain?.ready();
    // The opened port itself: tests use the embedded node's own controls (mining, time) through it.
    if (chain instanceof StartingChain) chain = chain.opened;
  }
  return {
    ...server,
    chain,
    api: new Api(server.url),
    ops: operatorApi(server),
    async close() {
      await server.close();
      if (ownDataDir) rmSync(ownDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Two replicas of the app on one database (`env` names it), as behind a load balancer. Started one after the other:
 * the first creates the schema and the secrets the second then finds.
 */
export async function startReplicas(
  env: Record<string, string>,
): Promise<[Awaited<ReturnType<typeof startTestServer>>, Awaited<ReturnType<typeof startTestServer>>]> {
  const a = await startTestServer({ env });
  try {
    return [a, await startTestServer({ env })];
  } catch (error) {
    await a.close();
    throw error;
  }
}

/**
 * A client for an operator: every request carries the ops token (`Authorization: Ops <token>`), as the CLI's do.
 * /api/health's figures (positions, lags, the chain's counts) are for operators; anyone else reads the verdict only.
 */
export function operatorApi(server: Pick<StartedServer, 'url' | 'opsToken'>): Api {
  return new Api(server.url, { authorization: `Ops ${server.opsToken}` });
}

/** A port free at the moment of asking. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '0.0.0.0', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A tiny JSON client that keeps cookies, like a browser would, and — like the real frontend — echoes the
 * `kauri.csrf` cookie in `X-CSRF-Token` on state-changing requests and sends the highest log position its
 * writes answered with as `X-Read-After` (frontend/src/api/readYourWrites.ts), so it reads its own writes.
 * A header given by the test wins.
 */
export class Api {
  private cookies = new Map<string, string>();
  private lastPosition = 0;
  constructor(
    readonly baseUrl: string,
    /** Sent with every request (before the request's own). */
    private readonly defaultHeaders: Record<string, string> = {},
  ) {}

  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    const res = await fetch(this.baseUrl + path, {
      method,
      headers: {
        ...(body !== undefined && !(body instanceof Uint8Array) && { 'content-type': 'application/json' }),
        ...(this.cookies.size > 0 && { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }),
        ...(UNSAFE.has(method.toUpperCase()) &&
          this.cookies.has('kauri.csrf') && { 'x-csrf-token': decodeURIComponent(this.cookies.get('kauri.csrf')!) }),
        ...(this.lastPosition > 0 && { 'x-read-after': String(this.lastPosition) }),
        ...this.defaultHeaders,
        ...headers,
      },
      body:
        body === undefined
          ? undefined
          : typeof body === 'string' || body instanceof Uint8Array
            ? (body as string | Uint8Array<ArrayBuffer>)
            : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...value] = pair!.split('=');
      // A cookie set to expire (sign-out) is dropped, as a browser would.
      const expired = attributes.some((a) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(a));
      if (expired || value.join('=') === '') this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value.join('='));
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: keep the text */
    }
    const position = (parsed as { position?: unknown } | null)?.position;
    if (typeof position === 'number' && Number.isSafeInteger(position) && position > this.lastPosition)
      this.lastPosition = position;
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('GET', path, undefined, headers);
  }
  post<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('POST', path, body ?? {}, headers);
  }
  put<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PUT', path, body ?? {}, headers);
  }
  patch<T = any>(path: string, body?: unknown, headers?: Record<string, string>) {
    return this.request<T>('PATCH', path, body ?? {}, headers);
  }
  /** A raw body (a file upload), sent with the given content type. */
  async putBytes<T = any>(
    path: string,
    bytes: Uint8Array,
    contentType = 'application/pdf',
    headers: Record<string, string> = {},
  ) {
    return this.request<T>('PUT', path, bytes, { 'content-type': contentType, ...headers });
  }
  delete<T = any>(path: string, headers?: Record<string, string>) {
    return this.request<T>('DELETE', path, undefined, headers);
  }

  /** The value of a cookie this client holds (e.g. 'kauri.csrf'). */
  cookie(name: string): string | undefined {
    const value = this.cookies.get(name);
    return value === undefined ? undefined : decodeURIComponent(value);
  }

  /** Forgets a cookie (to act like a client without it). */
  dropCookie(name: string): void {
    this.cookies.delete(name);
  }
}
