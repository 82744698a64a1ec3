import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * The embedded chain: Foundry's `anvil` (npm `@foundry-rs/anvil`; the binary is in its platform package, whose
 * postinstall npm 11 does not run and which is not needed) spawned by the app, on a free port of 127.0.0.1, with
 * its state in `DATA_DIR/chain/state.json`: loaded at start, written every few seconds and at exit, so tokens
 * survive a restart. A node left running by an app that was killed (SIGKILL gives it no chance to stop its
 * child) is found through its pid file and stopped (SIGTERM, so it writes its state) before a new one starts.
 */
export interface EmbeddedAnvil {
  url: string;
  chainId: number;
  pid: number;
  stop(): Promise<void>;
}

export const ANVIL_CHAIN_ID = 31337;
/** Seconds between state dumps: what a power cut can lose (the outbox re-sends what it recorded). */
const STATE_INTERVAL_SECONDS = 2;
const START_TIMEOUT_MS = 15_000;

/** The anvil binary of this platform, or null when its package is not installed. */
export function anvilBinary(): string | null {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const platform = process.platform === 'win32' ? 'win32' : process.platform;
  const require = createRequire(import.meta.url);
  try {
    const dir = dirname(require.resolve(`@foundry-rs/anvil-${platform}-${arch}/package.json`));
    const binary = join(dir, 'bin', platform === 'win32' ? 'anvil.exe' : 'anvil');
    return existsSync(binary) ? binary : null;
  } catch {
    return null;
  }
}

export async function startAnvil(options: {
  /** Folder for state.json and anvil.pid; null keeps the chain in memory only (tests). */
  dir: string | null;
  chainId?: number;
}): Promise<EmbeddedAnvil> {
  const binary = anvilBinary();
  if (!binary) throw new Error('anvil is not installed (npm package @foundry-rs/anvil and its platform package)');
  const chainId = options.chainId ?? ANVIL_CHAIN_ID;
  const args = ['--host', '127.0.0.1', '--port', '0', '--chain-id', String(chainId), '--accounts', '0'];
  // The factory's one-transaction suite deployment needs more than the default 30M block gas limit.
  args.push('--gas-limit', '100000000');
  let pidFile: string | null = null;
  if (options.dir) {
    mkdirSync(options.dir, { recursive: true });
    pidFile = join(options.dir, 'anvil.pid');
    await stopLeftover(pidFile);
    args.push('--state', join(options.dir, 'state.json'), '--state-interval', String(STATE_INTERVAL_SECONDS));
  }
  const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const url = await listening(child);
  if (pidFile) writeFileSync(pidFile, String(child.pid));
  return {
    url,
    chainId,
    pid: child.pid!,
    async stop() {
      await stopChild(child);
      if (pidFile) rmSync(pidFile, { force: true });
    },
  };
}

/** Resolves with the node's URL once it prints where it listens. */
function listening(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`anvil did not start within ${START_TIMEOUT_MS} ms: ${output.slice(-500)}`));
    }, START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const found = /Listening on ([\d.]+):(\d+)/.exec(output);
      if (found) {
        clearTimeout(timer);
        // Keep draining its output so a full pipe never blocks it.
        child.stdout?.removeListener('data', onData);
        child.stdout?.resume();
        resolve(`http://${found[1]}:${found[2]}`);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`anvil exited (${signal ?? code}) before listening: ${output.slice(-500)}`));
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(force);
}

/** Stops the node a killed app left running on this folder, so it writes its state before the new one reads it. */
async function stopLeftover(pidFile: string): Promise<void> {
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  rmSync(pidFile, { force: true });
  if (!Number.isInteger(pid) || pid <= 0 || !isAnvil(pid)) return;
  process.kill(pid, 'SIGTERM');
  const until = Date.now() + 10_000;
  while (alive(pid) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  if (alive(pid)) process.kill(pid, 'SIGKILL');
}

function isAnvil(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0]!.endsWith('anvil');
  } catch {
    return false;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return isAnvil(pid);
  } catch {
    return false;
  }
}
