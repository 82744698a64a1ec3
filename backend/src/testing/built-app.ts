import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Api, TEST_APP_ENV } from './api.js';
import { freshPgliteDir } from './pglite.js';

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
