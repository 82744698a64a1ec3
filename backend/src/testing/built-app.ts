import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { startAnvil } from '../platform/chain/anvil.js';
import { ViemChain } from '../platform/chain/viem-chain.js';
import { readRuntimeFile } from '../platform/operations/runtime-file.js';
import { Api, TEST_APP_ENV } from './api.js';
import * as offerings from './offerings.js';
import { freshPgliteDir } from './pglite.js';
import { signUp } from './users.js';

/** The built app and tools (backend/dist), as `npm start` and `npm run <tool>` run them. */
export const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));

export function requireBuilt(): void {
  if (!existsSync(`${DIST}main.js`))
    throw new Error('backend/dist is missing: `npm test` builds it first (or run `npm run build -w @kauri/backend`)');
}

/** Starts dist/main.js on a data folder (embedded stores), its output piped; see bootBuilt to wait for it. */
export function spawnBuilt(dataDir: string, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, [`${DIST}main.js`], {
    // No chain unless a test asks for one (CHAIN=anvil): a killed app leaves its anvil for the next boot to stop.
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      EVENT_STORE: '',
      READ_STORE: '',
      CHAIN: 'off',
      ...TEST_APP_ENV,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Boots dist/main.js on a data folder (embedded stores) and resolves once it listens. */
export function bootBuilt(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<{ child: ChildProcess; api: Api; url: string }> {
  const child = spawnBuilt(dataDir, env);
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const port = /running at http:\/\/localhost:(\d+)/.exec(output)?.[1];
      if (port) resolve({ child, api: new Api(`http://127.0.0.1:${port}`), url: `http://127.0.0.1:${port}` });
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

/** Runs a built tool (e.g. 'cli/admin.js') to completion on a data folder. */
export function runTool(
  tool: string,
  args: string[],
  dataDir: string,
): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [`${DIST}${tool}`, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', EVENT_STORE: '', READ_STORE: '' },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * A data folder for crash tests of the built app on the embedded chain, for the enclosing describe: made before its
 * tests (PGlite set up from the template), and after them the anvil the last app left running is stopped (a killed
 * app's anvil is stopped by the next boot) and the folder removed. Read `path` inside the tests.
 */
export function chainDataFolder(prefix: string): { readonly path: string } {
  let path = '';
  beforeAll(async () => {
    requireBuilt();
    path = await mkdtemp(join(tmpdir(), `${prefix}-`));
    await freshPgliteDir(join(path, 'events'));
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

/**
 * The built app on the embedded chain for a crash test, on `folder` (chainDataFolder): an admin, an approved asset
 * of 10,000 tokens and an offering of it at $10, the chain settled. The offering is the whole asset with a year's
 * lock-up unless `offering` says otherwise (transfers need tokens free to move). `kill` and `restart` replace the
 * process; the clients given to `follow` (and the admin and owner) are pointed at the new one.
 */
export async function crashTestApp(
  folder: { readonly path: string },
  { offering }: { offering?: { tokens: number; lockupPeriod: number } } = {},
) {
  const env = { CHAIN: 'anvil', AUTH_RATE_LIMIT_PER_IP: '1000000', ADMIN_EMAILS: CRASH_ADMIN };
  let app: Booted = await bootBuilt(folder.path, env);
  const clients: Api[] = [];
  const server = () => ({ url: app.url, opsToken: readRuntimeFile(folder.path)!.opsToken });
  const settled = async (tries = 300) => {
    let chain = { ok: false, drift: -1, pending: -1 };
    for (let i = 0; i < tries && !(chain.ok && chain.pending === 0 && chain.drift === 0); i++) {
      await new Promise((r) => setTimeout(r, 200));
      chain = (await (await fetch(`${app.url}/api/health`)).json()).chain;
    }
    expect(chain).toMatchObject({ ok: true, pending: 0, drift: 0 });
  };
  try {
    const admin = await signUp(server(), { email: CRASH_ADMIN });
    const { owner, assetId, offeringId } = offering
      ? await partOffering(server(), admin, offering)
      : await offerings.offeringFor(server(), admin, 10_000, '10.00');
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
      settled,
      /** SIGKILL: the app stops wherever it is. */
      kill: async () => {
        const exited = new Promise<void>((resolve) => app.child.once('exit', () => resolve()));
        if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill('SIGKILL');
        else return;
        await exited;
      },
      /** Boots the app again on the same folder. */
      restart: async () => {
        app = await bootBuilt(folder.path, env);
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

async function partOffering(
  server: Parameters<typeof offerings.approvedAsset>[0],
  admin: Api,
  { tokens, lockupPeriod }: { tokens: number; lockupPeriod: number },
) {
  const { owner, assetId } = await offerings.approvedAsset(server, admin, 10_000);
  const created = await admin.post('/api/admin/offerings', {
    assetId,
    name: 'Series A',
    description: '',
    totalTokens: tokens,
    tokenPrice: '10.00',
    minimumInvestment: '1',
    lockupPeriod,
  });
  expect(created.status).toBe(201);
  return { owner, assetId, offeringId: created.body.id as string };
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
