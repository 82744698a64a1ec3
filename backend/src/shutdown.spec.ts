import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { bootBuilt, chainDataFolder } from './testing/built-app.js';

/**
 * A Ctrl-C on `npm start` reaches the app twice: from the terminal (the whole foreground group) and forwarded by
 * scripts/start.mjs. The app still shuts down in order — its embedded chain node stopped, not orphaned.
 */
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('stopping the built app', () => {
  const folder = chainDataFolder('kauri-shutdown');

  it('a stop signal delivered twice still shuts down in order and stops the embedded node', async () => {
    const app = await bootBuilt(folder.path, { CHAIN: 'anvil' });
    const pidFile = join(folder.path, 'chain', 'anvil.pid');
    const node = Number(readFileSync(pidFile, 'utf8'));
    expect(alive(node)).toBe(true);
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
      app.child.removeAllListeners('exit');
      app.child.once('exit', (code, signal) => resolve({ code, signal }));
    });
    // The second once the first is being handled (two sent at once would merge into one pending signal).
    const handling = new Promise<void>((resolve) =>
      app.child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('shutting down') && resolve()),
    );
    app.child.kill('SIGINT');
    await handling;
    app.child.kill('SIGINT');
    expect(await exited).toEqual({ code: 0, signal: null });
    expect(alive(node)).toBe(false);
    expect(existsSync(pidFile)).toBe(false);
  }, 120_000);
});
