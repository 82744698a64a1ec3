import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootBuilt, DIST, requireBuilt, runTool, spawnBuilt } from './testing/built-app.js';
import { freshPgliteDir } from './testing/pglite.js';

/**
 * One process per embedded data folder (issue 27): the built app, started twice on one DATA_DIR, refuses the second
 * time naming the first, before PGlite opens a file; the tools refuse while another process holds the folder; and a
 * killed holder leaves nothing stuck.
 */
function exitOf(child: ChildProcess): Promise<{ code: number | null; output: string }> {
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The embedded node's pid, once the app has started it (it may start after the app listens). */
async function anvilPid(pidFile: string): Promise<number> {
  for (let i = 0; i < 600 && !existsSync(pidFile); i++) await new Promise((r) => setTimeout(r, 100));
  return Number(readFileSync(pidFile, 'utf8'));
}

/**
 * Sends `signal`, and once the app says it is shutting down, the same signal again (two sent at once would merge
 * into one pending signal). Resolves with how the app exited; an app that exits before saying so (a default
 * handler) resolves too, so the test fails on its exit rather than waiting.
 */
function stopTwice(
  child: ChildProcess,
  signal: NodeJS.Signals,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }> {
  let output = '';
  child.removeAllListeners('exit');
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string }>((resolve) =>
    child.once('exit', (code, by) => resolve({ code, signal: by, output })),
  );
  const handling = new Promise<void>((resolve) =>
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(`${signal}: shutting down`)) resolve();
    }),
  );
  child.kill(signal);
  void Promise.race([handling, exited]).then(() => child.exitCode === null && child.kill(signal));
  return exited;
}

describe('one process per data folder', () => {
  let dataDir: string;
  beforeAll(async () => {
    requireBuilt();
    dataDir = await mkdtemp(join(tmpdir(), 'kauri-one-'));
    await freshPgliteDir(join(dataDir, 'events'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses a second app and the tools that would open the files, and a killed app leaves the folder free', async () => {
    const first = await bootBuilt(dataDir);
    const port = new URL(first.url).port;
    try {
      const second = await exitOf(spawnBuilt(dataDir));
      expect(second.code).toBe(1);
      expect(second.output).toContain(`Another Kauri process (pid ${first.child.pid}, the app, started `);
      expect(second.output).toContain(`serving on port ${port}) is using DATA_DIR ${dataDir}; stop it first`);
      // The first one was not disturbed.
      expect((await first.api.get('/api/health/live')).status).toBe(200);

      // A tool with a route into the app goes through it; the one without refuses.
      const verify = await runTool('audit', ['verify'], dataDir);
      expect(verify.stdout).toContain(`through the running app (pid ${first.child.pid}, port ${port})`);
      expect(verify.status).toBe(0);
      // The projections' status says which background jobs this one process runs (leases: local, nothing to elect).
      const status = await runTool('projections', ['status'], dataDir);
      expect(status.status).toBe(0);
      expect(status.stdout).toContain('jobs: leases local; 1 live replica(s)');
      for (const job of ['read-models', 'confirmation-mails', 'register-sweep', 'certification-lapse'])
        expect(status.stdout).toMatch(new RegExp(`${job}.*one replica.*pid ${first.child.pid}`));
      const signer = await runTool('chain', ['import-signer'], dataDir, { input: `0x${'11'.repeat(32)}\n` });
      expect(signer.status).toBe(1);
      expect(signer.stderr).toContain(`The app is running on DATA_DIR ${dataDir} (pid ${first.child.pid}`);
    } finally {
      // Killed: no chance to remove its lock file.
      first.child.removeAllListeners('exit');
      const gone = new Promise((resolve) => first.child.once('exit', resolve));
      first.child.kill('SIGKILL');
      await gone;
    }
    expect(existsSync(join(dataDir, 'kauri.lock'))).toBe(true);

    // The third boot runs the embedded chain and is stopped as a Ctrl-C on `npm start` stops it: the signal arrives
    // twice (the terminal signals the whole group, scripts/start.mjs forwards it). It still shuts down in order, its
    // chain node stopped rather than orphaned.
    const third = await bootBuilt(dataDir, { CHAIN: 'anvil' });
    expect((await third.api.get('/api/early-access')).status).toBe(200);
    const pidFile = join(dataDir, 'chain', 'anvil.pid');
    const node = await anvilPid(pidFile);
    expect(alive(node)).toBe(true);
    expect(await stopTwice(third.child, 'SIGINT')).toEqual({
      code: 0,
      signal: null,
      output: expect.stringContaining('SIGINT: shutting down'),
    });
    // Stopped before the app exited; a failure shows what the app said (a chain that did not open, a node restarted).
    if (alive(node)) throw new Error(`its chain node (pid ${node}) outlived it; the app said:\n${third.output()}`);
    expect(existsSync(pidFile)).toBe(false);
    expect(existsSync(join(dataDir, 'kauri.lock'))).toBe(false);
  }, 180_000);

  it('while a tool holds the folder, the app and the other tools refuse, naming it', async () => {
    // A tool's holding, as `npm run projections -- rebuild` takes it (the same module, in a process of its own).
    const holder = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const { DataFolderLock } = await import(${JSON.stringify(`${DIST}platform/operations/data-lock.js`)});
         DataFolderLock.acquire(process.env.DATA_DIR, 'npm run projections -- rebuild');
         console.log('held');
         setInterval(() => {}, 1000);`,
      ],
      { env: { ...process.env, DATA_DIR: dataDir }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) => holder.stdout!.once('data', () => resolve()));
    try {
      const app = await exitOf(spawnBuilt(dataDir));
      expect(app.code).toBe(1);
      expect(app.output).toContain(
        `Another Kauri process (pid ${holder.pid}, npm run projections -- rebuild, started `,
      );
      const admin = await runTool('admin', ['grant', 'someone@example.nz'], dataDir);
      expect(admin.status).toBe(1);
      expect(admin.stderr).toContain(`Another Kauri process (pid ${holder.pid}, npm run projections -- rebuild`);
      const verify = await runTool('audit', ['verify'], dataDir);
      expect(verify.status).toBe(1);
      expect(verify.stderr).toContain(`is using DATA_DIR ${dataDir}; stop it first or use another DATA_DIR.`);
    } finally {
      const gone = new Promise((resolve) => holder.once('exit', resolve));
      holder.kill('SIGKILL');
      await gone;
    }
    // The tool died holding it: the next one takes it over.
    const verify = await runTool('audit', ['verify'], dataDir);
    expect(verify.stdout).toContain('standalone');
    expect(verify.status).toBe(0);
    expect(existsSync(join(dataDir, 'kauri.lock'))).toBe(false);
  }, 180_000);

  it('an app whose supervisor ends (its stdin pipe closes) shuts down in order rather than living on orphaned', async () => {
    // How the tests start the built app (spawnBuilt): a Jest worker that ends without stopping it closes the pipe.
    const app = await bootBuilt(dataDir);
    expect((await app.api.get('/api/early-access')).status).toBe(200);
    app.child.removeAllListeners('exit');
    const exited = exitOf(app.child);
    app.child.stdin!.destroy();
    expect(await exited).toEqual({ code: 0, output: expect.stringContaining('stdin closed: shutting down') });
    expect(existsSync(join(dataDir, 'kauri.lock'))).toBe(false);
  }, 180_000);

  it('a store that does not answer at boot: one line saying so and exit 1, not a driver’s stack trace', async () => {
    // Port 1 on this host: nothing listens there, so the connection is refused at once.
    const env = {
      EVENT_STORE: 'postgres',
      READ_STORE: 'postgres',
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
    };
    const { code, output } = await exitOf(spawnBuilt(dataDir, env));
    expect(code).toBe(1);
    expect(output).toMatch(/^Kauri could not reach its stores: connect ECONNREFUSED 127\.0\.0\.1:1\./m);
    expect(output).not.toMatch(/\n\s+at /);
  }, 60_000);
});
