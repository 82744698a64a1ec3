import { spawn, type ChildProcess } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';

/**
 * The embedded chain: Foundry's `anvil` (npm `@foundry-rs/anvil`; the binary is in its platform package, whose
 * postinstall npm 11 does not run and which is not needed) spawned by the app, on a free port of 127.0.0.1, with
 * its state in `DATA_DIR/chain/state.json`: loaded at start, written every few seconds and at exit, so tokens
 * survive a restart. A node left running by an app that was killed (SIGKILL gives it no chance to stop its
 * child) is found through its pid file, and on Linux by its command line too, and stopped (SIGTERM, so it writes its
 * state) before a new one starts.
 * A node that dies under the running app is restarted with back-off (startAnvil).
 */
export interface EmbeddedAnvil {
  /** Where it listens now (a restart moves it only when its port was taken meanwhile). */
  readonly url: string;
  chainId: number;
  /** The running node's pid (the first one's at start). */
  pid: number;
  /** Now: its pid (null while it is down), restarts so far, and why it is down. */
  status(): { pid: number | null; restarts: number; down: string | null };
  stop(): Promise<void>;
}

export const ANVIL_CHAIN_ID = 31337;
/** Seconds between state dumps: what a power cut can lose (the outbox re-sends what it recorded). */
const STATE_INTERVAL_SECONDS = 2;
const START_TIMEOUT_MS = 15_000;
/** How often the last state file that parses is copied aside (`keepGoodState`). */
const GOOD_STATE_EVERY_MS = 5_000;

/** Copies `state.json` to `state.good.json` (atomically) when it changed and parses: the node's last whole state. */
function keepGoodState(dir: string): void {
  const state = join(dir, 'state.json');
  const good = join(dir, 'state.good.json');
  try {
    if (existsSync(good) && statSync(good).mtimeMs >= statSync(state).mtimeMs) return;
    const text = readFileSync(state, 'utf8');
    JSON.parse(text);
    writeFileSync(`${good}.tmp`, text);
    renameSync(`${good}.tmp`, good);
  } catch {
    // Missing, or being written right now: the next round copies it.
  }
}

/**
 * Before the node starts from `state.json`: a file cut short by a kill mid-write is replaced by the last whole copy
 * (losing the blocks since it — at most a few seconds; the reconciliation reads every balance again and shows it).
 */
function restoreGoodState(dir: string): void {
  const state = join(dir, 'state.json');
  const good = join(dir, 'state.good.json');
  if (!existsSync(state) || !existsSync(good)) return;
  try {
    JSON.parse(readFileSync(state, 'utf8'));
  } catch {
    copyFileSync(good, state);
  }
}

/** Back-off between restarts of a node that died: doubling from the first to the last. */
export const RESTART_BACKOFF_MS = { first: 500, max: 30_000 } as const;
/** A node that ran this long before dying starts its back-off afresh. */
const STEADY_MS = 60_000;

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

/** util-linux's setpriv, which starts a program with a parent-death signal (Linux only; Debian has it everywhere). */
const SETPRIV = process.platform === 'linux' && existsSync('/usr/bin/setpriv') ? '/usr/bin/setpriv' : null;

/**
 * Starts the node and keeps it running: when it exits without being asked to (killed, crashed), it is started
 * again on the same port from its state file — after 0.5 s, then doubling up to 30 s while it keeps dying — so
 * tokens survive and the chain outbox, which retries every second, resumes what waits. `onEvent` hears of each
 * death and restart (for the log).
 */
export async function startAnvil(options: {
  /** Folder for state.json and anvil.pid; null keeps the chain in memory only (tests). */
  dir: string | null;
  chainId?: number;
  onEvent?: (
    event:
      | { kind: 'exited'; why: string; retryInMs: number }
      | { kind: 'restarted'; pid: number; url: string }
      | { kind: 'restart-failed'; why: string; retryInMs: number },
  ) => void;
}): Promise<EmbeddedAnvil> {
  const binary = anvilBinary();
  if (!binary) throw new Error('anvil is not installed (npm package @foundry-rs/anvil and its platform package)');
  const chainId = options.chainId ?? ANVIL_CHAIN_ID;
  const args = (port: number) => {
    const list = ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId), '--accounts', '0'];
    // The factory's one-transaction suite deployment needs more than the default 30M block gas limit.
    list.push('--gas-limit', '100000000');
    if (options.dir)
      list.push('--state', resolve(options.dir, 'state.json'), '--state-interval', String(STATE_INTERVAL_SECONDS));
    return list;
  };
  let pidFile: string | null = null;
  if (options.dir) {
    mkdirSync(options.dir, { recursive: true });
    pidFile = join(options.dir, 'anvil.pid');
    await stopLeftovers(options.dir, pidFile);
  }
  const spawnNode = async (port: number) => {
    if (options.dir) restoreGoodState(options.dir);
    // Its own process group: a Ctrl-C or a group SIGTERM meant for the app must not kill the node behind the app's
    // back (the supervisor would start another while the app shuts down); the app stops it, and it saves its state.
    // A node in memory has no state to keep and no pid file a later boot could find it by: it dies with the app,
    // however the app ends (Linux's parent-death signal; a force-exited test worker once left one running).
    const [command, argv] =
      !options.dir && SETPRIV ? [SETPRIV, ['--pdeathsig', 'KILL', binary, ...args(port)]] : [binary, args(port)];
    const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    // Named at once, not once it listens: an app killed while its node starts must not leave one no boot would stop.
    if (pidFile && child.pid) writeFileSync(pidFile, String(child.pid));
    const url = await listening(child);
    return { child, url };
  };

  const first = await spawnNode(0);
  const { child } = first;
  let url = first.url;
  let current: ChildProcess | null = child;
  let stopping = false;
  let restarts = 0;
  let down: string | null = null;
  let backoff: number = RESTART_BACKOFF_MS.first;
  let timer: NodeJS.Timeout | null = null;
  // A restart under way: stop() waits for it, so a node started while the app shuts down is stopped, not orphaned.
  let restarting: Promise<void> | null = null;

  const supervise = (node: ChildProcess, since: number) => {
    node.once('exit', (code, signal) => {
      if (stopping) return;
      current = null;
      if (Date.now() - since >= STEADY_MS) backoff = RESTART_BACKOFF_MS.first;
      down = `the embedded node exited (${signal ?? `code ${code}`})`;
      options.onEvent?.({ kind: 'exited', why: down, retryInMs: backoff });
      schedule();
    });
  };
  const schedule = () => {
    const wait = backoff;
    backoff = Math.min(backoff * 2, RESTART_BACKOFF_MS.max);
    timer = setTimeout(() => {
      timer = null;
      if (stopping) return;
      restarting = restart().finally(() => {
        restarting = null;
      });
    }, wait);
    timer.unref();
  };
  const restart = async () => {
    try {
      // Where it listened, so the adapter's address stays right; a free port if something took that one.
      const started = await spawnNode(Number(new URL(url).port)).catch(() => spawnNode(0));
      if (stopping) {
        await stopChild(started.child);
        return;
      }
      current = started.child;
      url = started.url;
      restarts++;
      down = null;
      supervise(started.child, Date.now());
      options.onEvent?.({ kind: 'restarted', pid: started.child.pid!, url: started.url });
    } catch (error) {
      down = `the embedded node could not be restarted: ${error instanceof Error ? error.message : String(error)}`;
      options.onEvent?.({ kind: 'restart-failed', why: down, retryInMs: backoff });
      if (!stopping) schedule();
    }
  };
  supervise(child, Date.now());
  // A copy of the last state file that parsed: a node killed while writing it leaves it cut short, and would not
  // start again from it (anvil writes it in place).
  const keeper = options.dir ? setInterval(() => keepGoodState(options.dir!), GOOD_STATE_EVERY_MS) : null;
  keeper?.unref();

  return {
    get url() {
      return url;
    },
    chainId,
    pid: child.pid!,
    status: () => ({ pid: current?.pid ?? null, restarts, down }),
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      if (keeper) clearInterval(keeper);
      await restarting;
      if (current) await stopChild(current);
      if (pidFile) rmSync(pidFile, { force: true });
    },
  };
}

/** Resolves with the node's URL once it prints where it listens. */
export function listening(child: ChildProcess): Promise<string> {
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

/**
 * Stops the nodes a killed app left running on this folder, so they write their state before the new one reads it:
 * the one its pid file names, and (on Linux) any anvil whose command line names this folder's state file. Two nodes
 * on one state file each write it every few seconds, and whichever writes last wins: a node left behind unnamed (say
 * its app was killed while it started) would bring back its old chain after the live one had moved on.
 */
async function stopLeftovers(dir: string, pidFile: string): Promise<void> {
  const pids = new Set(nodesOn(dir));
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').trim());
    if (Number.isInteger(pid) && pid > 0 && isAnvil(pid)) pids.add(pid);
  }
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGTERM');
    } catch {}
  }
  const until = Date.now() + 10_000;
  while ([...pids].some(alive) && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
  for (const pid of pids) {
    try {
      if (alive(pid)) process.kill(pid, 'SIGKILL');
    } catch {}
  }
  // Only once they are gone: an app killed while it waits leaves the file for the next boot.
  rmSync(pidFile, { force: true });
}

/** The anvil processes started on this folder's state file, whoever started them (none where there is no /proc). */
export function nodesOn(dir: string): number[] {
  const stateFile = resolve(dir, 'state.json');
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const pids: number[] = [];
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const argv = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
      const state = argv.indexOf('--state');
      if (argv[0]!.endsWith('anvil') && state > 0 && argv[state + 1] === stateFile) pids.push(Number(entry));
    } catch {
      // Gone meanwhile, or not ours to read.
    }
  }
  return pids;
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
