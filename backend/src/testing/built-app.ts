import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { startAnvil } from '../platform/chain/anvil.js';
import { ViemChain } from '../platform/chain/viem-chain.js';
import { LOCK_FILE } from '../platform/operations/data-lock.js';
import { readRuntimeFile } from '../platform/operations/runtime-file.js';
import { Api, operatorApi, TEST_APP_ENV } from './api.js';
import * as offerings from './offerings.js';
import { freshPgliteDir, madeOnce, REPO_TMP } from './pglite.js';
import { type SignedUpUser, signUp } from './users.js';

/** tsc's output (backend/dist), which the bundle is made from; a test may import one of its modules. */
export const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
/** The built app and tools (backend/bundle), as `npm start` and `npm run <tool>` run them. */
export const BUNDLE = fileURLToPath(new URL('../../bundle/', import.meta.url));

/** A command-line tool of the bundle: 'admin', 'audit', 'chain', 'projections' (src/cli/<tool>.ts). */
export const builtTool = (tool: string): string => `${BUNDLE}cli-${tool}.js`;

/**
 * Node's flags for the built app and tools a test starts. PGlite is PostgreSQL compiled to WebAssembly, and every
 * process compiles it again: V8's baseline compiler (Liftoff) first, then its optimising one (TurboFan) for the hot
 * functions, in background threads. A test's process lives seconds, so the second compile costs more than it
 * saves: a boot of the built app on a fresh folder 6.6–7.0 → 5.1–5.2 CPU-s (and 4.5 → 3.9 s to its first answer),
 * PGlite's open and close alone 1.6 → 0.5 (2026-11-28, idle). The same code runs either way, only less optimised;
 * `npm start` and the image keep V8's default.
 */
export const BUILT_NODE_FLAGS = ['--liftoff-only'];

export function requireBuilt(): void {
  if (!existsSync(`${BUNDLE}main.js`))
    throw new Error('backend/bundle is missing: `npm test` builds it first (or run `npm run build -w @kauri/backend`)');
}

/**
 * Starts the bundle's main.js on a data folder (embedded stores), its output piped; see bootBuilt to wait for it. Its
 * stdin is a pipe from this process, and the app stops when that closes (`KAURI_STOP_WITH_STDIN`): a test process that
 * ends without stopping it, however it ends, leaves no app running on a folder nobody removes.
 */
export function spawnBuilt(dataDir: string, env: Record<string, string> = {}): ChildProcess {
  const child = spawn(process.execPath, [...BUILT_NODE_FLAGS, `${BUNDLE}main.js`], {
    // No chain unless a test asks for one (CHAIN=anvil): a killed app leaves its anvil for the next boot to stop.
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      EVENT_STORE: '',
      READ_STORE: '',
      CHAIN: 'off',
      KAURI_STOP_WITH_STDIN: '1',
      ...TEST_APP_ENV,
      ...env,
    },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  // Held open, never written: it closes with this process. It does not keep this process running by itself.
  (child.stdin as Socket).unref();
  return child;
}

/** Boots the bundle's main.js on a data folder (embedded stores) and resolves once it listens. */
export function bootBuilt(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; api: Api; url: string; output(): string }> {
  const child = spawnBuilt(dataDir, env);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = /running at http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (port)
        resolve({
          child,
          api: new Api(`http://127.0.0.1:${port}`),
          url: `http://127.0.0.1:${port}`,
          // What it has said since it started (warnings and errors: LOG_LEVEL=warn), for a failing test to show.
          output: () => output,
        });
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`app exited with ${code}: ${output}`)));
  });
}

export function stopBuilt(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/**
 * Runs a built tool (e.g. 'admin', see builtTool) to completion on a data folder. Asynchronously: a test waiting in
 * spawnSync could not run its own timers, so its HTTP client kept a kept-alive socket the app closed meanwhile (the
 * app's keep-alive is 5 s; on a busy machine a tool runs longer) and its next request failed ('other side closed').
 */
export function runTool(
  tool: string,
  args: string[],
  dataDir: string,
  { input }: { /** What a person types at its prompt (stdin). */ input?: string } = {},
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...BUILT_NODE_FLAGS, builtTool(tool), ...args], {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', EVENT_STORE: '', READ_STORE: '' },
      stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
      timeout: 120_000,
    });
    child.stdin?.end(input);
    let stdout = '';
    let stderr = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.once('error', reject);
    child.once('close', (status) => resolve({ status, stdout, stderr }));
  });
}

/**
 * A data folder for crash tests of the built app on the embedded chain, for the enclosing describe: made (empty)
 * before its tests, filled by crashTestApp from the prepared one, and after them the anvil the last app left running is stopped (a killed
 * app's anvil is stopped by the next boot) and the folder removed. Read `path` inside the tests.
 */
export function chainDataFolder(prefix: string): { readonly path: string } {
  let path = '';
  beforeAll(async () => {
    requireBuilt();
    path = await mkdtemp(join(tmpdir(), `${prefix}-`));
  });
  afterAll(async () => {
    try {
      process.kill(Number(readFileSync(join(path, 'chain', 'anvil.pid'), 'utf8')), 'SIGTERM');
    } catch {}
    await rm(path, { recursive: true, force: true });
  });
  return {
    get path() {
      return path;
    },
  };
}

type Booted = Awaited<ReturnType<typeof bootBuilt>>;

const CRASH_ADMIN = 'crash-admin@example.nz';
const CRASH_ENV = { CHAIN: 'anvil', AUTH_RATE_LIMIT_PER_IP: '1000000', ADMIN_EMAILS: CRASH_ADMIN };

/** Who and what the prepared crash-test folder holds (crashTemplate). */
interface CrashSetUp {
  admin: SignedUpUser;
  owner: SignedUpUser;
  assetId: string;
  /** The log's position after the asset's approval: the first reads wait for it. */
  position: number;
}

/**
 * What the built app and this file's set-up were made from: a new build (or a change here) makes a new template.
 * The build rewrites every file it emits, so their sizes and times name it.
 */
function buildStamp(): string {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else {
        const { size, mtimeMs } = statSync(path);
        hash.update(`${path} ${size} ${mtimeMs}\n`);
      }
    }
  };
  walk(BUNDLE);
  hash.update(readFileSync(fileURLToPath(import.meta.url)));
  hash.update(JSON.stringify({ CRASH_ENV, TEST_APP_ENV }));
  return hash.digest('hex').slice(0, 16);
}

let crashTemplateMade: Promise<string> | undefined;

/**
 * The prepared start of every chain crash test, made once per build by the first test process that asks (the
 * others wait) and copied for each: the data folder of a built app on the embedded chain, stopped cleanly (its
 * node's state written), holding the platform's deployments, an admin, and an owner's approved asset of 10,000
 * tokens with its token suite deployed, the chain settled. Each crash test paid this set-up (about 7 CPU-s beyond
 * the boot) for itself; the signer's key is in the copied vault, so the copied log, vault and chain agree.
 */
function crashTemplate(): Promise<string> {
  crashTemplateMade ??= (async () => {
    const target = join(REPO_TMP, `crash-template-${buildStamp()}`);
    mkdirSync(REPO_TMP, { recursive: true });
    if (!existsSync(target))
      for (const old of readdirSync(REPO_TMP).filter((name) => /^crash-template-[0-9a-f]{16}$/.test(name)))
        rmSync(join(REPO_TMP, old), { recursive: true, force: true });
    return madeOnce(target, async (partial) => {
      const data = join(partial, 'data');
      await freshPgliteDir(join(data, 'events'));
      const app = await bootBuilt(data, CRASH_ENV);
      try {
        const server = { url: app.url, opsToken: readRuntimeFile(data)!.opsToken, dataDir: data };
        // An admin by ADMIN_EMAILS once the address is confirmed with the link in the outbox.
        const admin = await signUp(server, { email: CRASH_ADMIN, verifyEmail: true });
        const { owner, assetId, position } = await offerings.approvedAsset(server, admin, 10_000);
        await chainSettled(server);
        const setUp: CrashSetUp = { admin: admin.user, owner: owner.user, assetId, position };
        writeFileSync(join(partial, 'set-up.json'), JSON.stringify(setUp));
      } finally {
        await stopBuilt(app.child);
      }
      // Stopped cleanly, the app removed its lock and its node's pid file and the node wrote its state.
      for (const left of [join(data, 'chain', 'anvil.pid'), join(data, LOCK_FILE)])
        if (existsSync(left)) throw new Error(`the stopped template app left ${left}`);
    });
  })();
  return crashTemplateMade;
}

/** Waits until the app's chain has nothing pending and no drift (health, as an operator), `tries` × 200 ms at most. */
async function chainSettled(server: { url: string; opsToken: string }, tries = 300): Promise<void> {
  let chain = { ok: false, drift: -1, pending: -1 };
  for (let i = 0; i < tries && !(chain.ok && chain.pending === 0 && chain.drift === 0); i++) {
    await new Promise((r) => setTimeout(r, 200));
    chain = (await operatorApi(server).get('/api/health')).body.chain;
  }
  expect(chain).toMatchObject({ ok: true, pending: 0, drift: 0 });
}

/** An `Api` signed in as a user of the prepared folder (sessions are the app's; a password signs in again). */
async function signedIn(url: string, user: SignedUpUser): Promise<Api & { user: SignedUpUser }> {
  const api = new Api(url);
  const login = await api.post('/api/login', { email: user.email, password: user.password });
  if (login.status !== 200 && login.status !== 201)
    throw new Error(`login ${user.email}: ${login.status} ${JSON.stringify(login.body)}`);
  return Object.assign(api, { user });
}

/**
 * The built app on the embedded chain for a crash test, on `folder` (chainDataFolder): an admin, an approved asset
 * of 10,000 tokens and an offering of it at $10, the chain settled. The folder starts as a copy of the prepared one
 * (crashTemplate). The offering is the whole asset with a year's lock-up unless `offering` says otherwise (transfers
 * need tokens free to move). `kill` and `restart` replace the process; the clients given to `follow` (and the admin
 * and owner) are pointed at the new one.
 */
export async function crashTestApp(
  folder: { readonly path: string },
  { offering = { tokens: 10_000, lockupPeriod: 365 } }: { offering?: { tokens: number; lockupPeriod: number } } = {},
) {
  const template = await crashTemplate();
  const setUp = JSON.parse(readFileSync(join(template, 'set-up.json'), 'utf8')) as CrashSetUp;
  cpSync(join(template, 'data'), folder.path, { recursive: true });
  let app: Booted = await bootBuilt(folder.path, CRASH_ENV);
  const clients: Api[] = [];
  const server = () => ({ url: app.url, opsToken: readRuntimeFile(folder.path)!.opsToken });
  try {
    const admin = await signedIn(app.url, setUp.admin);
    const owner = await signedIn(app.url, setUp.owner);
    const { assetId } = setUp;
    const created = await admin.post(
      '/api/admin/offerings',
      {
        assetId,
        name: 'Series A',
        description: '',
        totalTokens: offering.tokens,
        tokenPrice: '10.00',
        minimumInvestment: '1',
        lockupPeriod: offering.lockupPeriod,
      },
      { 'x-read-after': String(setUp.position) },
    );
    expect(created.status).toBe(201);
    const offeringId = created.body.id as string;
    clients.push(admin, owner);
    return {
      get app() {
        return app;
      },
      server,
      admin,
      owner,
      assetId,
      offeringId,
      /** Points these clients at the app after each restart too. */
      follow: (...apis: Api[]) => void clients.push(...apis),
      /** Waits until the chain has nothing pending and no drift (health), `tries` × 200 ms at most. */
      settled: (tries?: number) => chainSettled(server(), tries),
      /** SIGKILL: the app stops wherever it is. */
      kill: async () => {
        const exited = new Promise<void>((resolve) => app.child.once('exit', () => resolve()));
        if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill('SIGKILL');
        else return;
        await exited;
      },
      /** Boots the app again on the same folder. */
      restart: async () => {
        app = await bootBuilt(folder.path, CRASH_ENV);
        // Api's base URL is fixed at sign-up; a restarted app listens on another port.
        for (const api of clients) (api as unknown as { baseUrl: string }).baseUrl = app.url;
      },
      stop: () => stopBuilt(app.child),
    };
  } catch (error) {
    app.child.kill('SIGKILL');
    throw error;
  }
}

/** Reads the chain a stopped app left on `folder`: its embedded node started again for `read`, then stopped. */
export async function readLeftChain<T>(folder: string, read: (reader: ViemChain) => Promise<T>): Promise<T> {
  const anvil = await startAnvil({ dir: join(folder, 'chain') });
  try {
    const reader = new ViemChain({
      kind: 'anvil',
      url: anvil.url,
      chainId: anvil.chainId,
      account: privateKeyToAccount(generatePrivateKey()),
    });
    return await read(reader);
  } finally {
    await anvil.stop();
  }
}
