import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * One process per embedded data folder. PGlite is single-process: a second process opening the same files (an
 * app started twice, a CLI beside a restarting app) corrupts them, and every later start dies in PGlite with
 * `RuntimeError: Aborted()`. The embedded anvil's state file has the same owner. So whoever opens embedded data
 * first holds `DATA_DIR/kauri.lock`; anyone else refuses, naming the holder.
 *
 * Node has no flock, so the lock is a file created atomically (written beside, then hard-linked into place: it
 * is never seen half-written) and judged by its content: a holder that is gone — its pid no longer runs, the pid
 * runs a different process (start time from /proc differs), the machine rebooted (boot id) or the file names
 * another host — does not keep it, so a crash (SIGKILL, power cut) never leaves the folder stuck. The lock
 * protects processes of one host and one pid namespace (a folder shared between hosts or containers is not
 * guarded by it). Released at a clean exit, and at process exit as a last resort.
 */
export interface LockHolder {
  pid: number;
  /** What holds it: `the app`, `npm run projections`, … */
  command: string;
  startedAt: string;
  host: string;
  /** The kernel's boot id (Linux), to tell a holder from before a reboot; null elsewhere. */
  bootId: string | null;
  /** The process's start time in clock ticks since boot (/proc/<pid>/stat), against pid reuse; null elsewhere. */
  procStart: string | null;
  /** The HTTP port once the app listens; null before (or for a tool). */
  port: number | null;
  /** Tells this holding from any other by the same pid. */
  nonce: string;
}

export const LOCK_FILE = 'kauri.lock';

export class DataFolderBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `Another Kauri process (${describeHolder(holder)}) is using DATA_DIR ${dataDir}; ` +
        'stop it first or use another DATA_DIR.',
    );
    this.name = 'DataFolderBusyError';
  }
}

export function describeHolder(holder: LockHolder): string {
  const serving = holder.port !== null ? `serving on port ${holder.port}` : 'not serving HTTP';
  return `pid ${holder.pid}, ${holder.command}, started ${holder.startedAt}, ${serving}`;
}

/** Locks held by this process, released at exit if nobody released them before. */
const held = new Set<DataFolderLock>();
let exitHook = false;

export class DataFolderLock {
  private released = false;

  private constructor(
    readonly dataDir: string,
    private holder: LockHolder,
  ) {}

  /** Takes the folder's lock (taking over a stale one) or throws DataFolderBusyError naming the live holder. */
  static acquire(dataDir: string, command: string): DataFolderLock {
    const dir = resolve(dataDir);
    mkdirSync(dir, { recursive: true });
    const path = join(dir, LOCK_FILE);
    const mine: LockHolder = {
      pid: process.pid,
      command,
      startedAt: new Date().toISOString(),
      host: hostname(),
      bootId: bootId(),
      procStart: procStart(process.pid),
      port: null,
      nonce: randomBytes(12).toString('hex'),
    };
    // Each pass either creates the file, finds a live holder, or removes a stale one; a few passes settle a race.
    for (let pass = 0; pass < 10; pass++) {
      if (createAtomically(path, mine)) {
        const lock = new DataFolderLock(dir, mine);
        held.add(lock);
        if (!exitHook) {
          exitHook = true;
          process.on('exit', () => {
            for (const lock of held) lock.release();
          });
        }
        return lock;
      }
      const current = readHolder(path);
      if (current === 'missing') continue;
      if (current !== 'unreadable' && isAlive(current)) throw new DataFolderBusyError(dir, current);
      removeStale(path, current === 'unreadable' ? null : current.nonce);
    }
    throw new Error(`Could not take the lock ${path}: other processes keep taking it`);
  }

  /** Records the HTTP port, so a refused second process can name where the first one serves. */
  setPort(port: number): void {
    if (this.released || !this.owned()) return;
    this.holder = { ...this.holder, port };
    const path = join(this.dataDir, LOCK_FILE);
    const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
    writeFileSync(temporary, JSON.stringify(this.holder), { mode: 0o644 });
    renameSync(temporary, path);
  }

  /** Removes the file if it is still this holding's (never another process's). */
  release(): void {
    if (this.released) return;
    this.released = true;
    held.delete(this);
    if (this.owned()) rmSync(join(this.dataDir, LOCK_FILE), { force: true });
  }

  private owned(): boolean {
    const current = readHolder(join(this.dataDir, LOCK_FILE));
    return typeof current === 'object' && current.nonce === this.holder.nonce;
  }
}

/** The live holder of a folder's lock, or null when nobody (alive) holds it. */
export function lockHolder(dataDir: string): LockHolder | null {
  const current = readHolder(join(resolve(dataDir), LOCK_FILE));
  return typeof current === 'object' && isAlive(current) ? current : null;
}

function createAtomically(path: string, holder: LockHolder): boolean {
  const temporary = `${path}.${process.pid}.${holder.nonce}.tmp`;
  writeFileSync(temporary, JSON.stringify(holder), { mode: 0o644 });
  try {
    linkSync(temporary, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
}

function readHolder(path: string): LockHolder | 'missing' | 'unreadable' {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number' || typeof parsed.nonce !== 'string') return 'unreadable';
    return {
      pid: parsed.pid,
      command: parsed.command ?? 'unknown command',
      startedAt: parsed.startedAt ?? 'at an unknown time',
      host: parsed.host ?? '',
      bootId: parsed.bootId ?? null,
      procStart: parsed.procStart ?? null,
      port: parsed.port ?? null,
      nonce: parsed.nonce,
    };
  } catch {
    return 'unreadable';
  }
}

/**
 * Moves a stale lock aside and removes it — but only the one judged stale: if another process replaced it in
 * between (it took the stale lock first), its fresh lock is put back.
 */
function removeStale(path: string, judgedNonce: string | null): void {
  const aside = `${path}.stale.${process.pid}.${randomBytes(6).toString('hex')}`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  const moved = readHolder(aside);
  const judged =
    judgedNonce === null ? moved === 'unreadable' : typeof moved === 'object' && moved.nonce === judgedNonce;
  if (!judged) {
    try {
      linkSync(aside, path);
    } catch {
      // Someone created a lock meanwhile: theirs stands.
    }
  }
  rmSync(aside, { force: true });
}

function isAlive(holder: LockHolder): boolean {
  if (holder.host !== hostname()) return false;
  const boot = bootId();
  if (holder.bootId && boot && holder.bootId !== boot) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    // EPERM: it runs, as another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const started = procStart(holder.pid);
  return !(holder.procStart && started && started !== holder.procStart);
}

function bootId(): string | null {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return null;
  }
}

/** Field 22 of /proc/<pid>/stat (after the command name in parentheses, which may itself hold spaces). */
function procStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}
