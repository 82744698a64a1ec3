import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { anvilBinary, listening, nodesOn, startAnvil } from './anvil.js';

async function rpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await res.json()) as { result: unknown }).result;
}

async function until(check: () => boolean | Promise<boolean>, ms = 20_000, everyMs = 100): Promise<void> {
  for (const deadline = Date.now() + ms; !(await check()); ) {
    if (Date.now() > deadline) throw new Error('not in time');
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** A process that exists and is not a zombie (a killed node waits for its reaper as one). */
function alive(pid: number): boolean {
  try {
    return !readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.startsWith('Z');
  } catch {
    return false;
  }
}

describe('embedded anvil', () => {
  it('runs in its own process group, and stop() during a restart leaves no node behind', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kauri-anvil-'));
    const anvil = await startAnvil({ dir });
    try {
      // A Ctrl-C (SIGINT to the terminal's process group) reaches the app, not the node it supervises.
      const pid = anvil.status().pid!;
      expect(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[2]).toBe(String(pid));
      // The node dies, and the app is asked to stop as soon as its replacement's process exists, while the restart
      // is under way. Waiting for "started but not yet listening" as well missed that window on a busy machine (it
      // lasts tens of milliseconds), so the test only looks often.
      process.kill(pid, 'SIGKILL');
      await until(() => nodesOn(dir).some((p) => p !== pid), 10_000, 5);
    } finally {
      await anvil.stop();
    }
    // Nothing left once stop() returns: the app exits right after it.
    expect(nodesOn(dir)).toEqual([]);
    expect(existsSync(join(dir, 'anvil.pid'))).toBe(false);
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('a node in memory dies with its process, however that ends (SIGKILL)', async () => {
    // The built module (`npm test` builds first): a process of its own to kill, as a Jest worker can be.
    const built = fileURLToPath(new URL('../../../dist/platform/chain/anvil.js', import.meta.url));
    const app = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `const a = await (await import(${JSON.stringify(built)})).startAnvil({ dir: null }); console.log(a.pid);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    app.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await until(() => /^\d+\n/.test(output));
    const node = Number(output.trim());
    try {
      expect(alive(node)).toBe(true);
      app.kill('SIGKILL');
      await until(() => !alive(node), 10_000, 20);
    } finally {
      if (alive(node)) process.kill(node, 'SIGKILL');
    }
  }, 60_000);

  it('starts again from the last whole state when it was killed while writing its state file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kauri-anvil-'));
    const events: string[] = [];
    const anvil = await startAnvil({ dir, onEvent: (e) => events.push(e.kind) });
    try {
      await rpc(anvil.url, 'anvil_mine', ['0x5']);
      // A copy of a state file that parses is kept aside (every few seconds, once the node has written one).
      await until(() => existsSync(join(dir, 'state.good.json')));
      // Killed mid-write: the state file is cut short.
      const state = join(dir, 'state.json');
      const whole = readFileSync(state, 'utf8');
      process.kill(anvil.status().pid!, 'SIGKILL');
      await until(() => events.includes('exited'));
      writeFileSync(state, whole.slice(0, Math.floor(whole.length / 2)));
      await until(() => anvil.status().pid !== null && anvil.status().down === null);
      expect(events).not.toContain('restart-failed');
      expect(Number(await rpc(anvil.url, 'eth_blockNumber'))).toBeGreaterThanOrEqual(5);
    } finally {
      await anvil.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('stops a node left running on its folder without a pid file before it starts, and keeps what that node mined', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'kauri-anvil-'));
    // What an app killed between spawning its node and naming it leaves: a node on this folder's state, unnamed.
    const left = spawn(
      anvilBinary()!,
      ['--port', '0', '--accounts', '0', '--state', join(dir, 'state.json'), '--state-interval', '2'],
      { stdio: ['ignore', 'pipe', 'pipe'], detached: true },
    );
    const url = await listening(left);
    await rpc(url, 'anvil_mine', ['0x4']);
    const exited = new Promise((resolve) => left.once('exit', resolve));
    const anvil = await startAnvil({ dir });
    try {
      await exited;
      // One node on the folder, the new one; it started from the state the old one wrote as it was stopped.
      expect(nodesOn(dir)).toEqual([anvil.status().pid]);
      expect(Number(await rpc(anvil.url, 'eth_blockNumber'))).toBe(4);
    } finally {
      await anvil.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
