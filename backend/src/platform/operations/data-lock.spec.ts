import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataFolderBusyError, DataFolderLock, LOCK_FILE, lockHolder, type LockHolder } from './data-lock.js';

/** The data folder's lock, on real files and real processes (the built app's refusal: one-process.spec.ts). */
describe('DataFolderLock', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kauri-lock-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const write = (holder: Partial<LockHolder>) =>
    writeFileSync(
      join(dir, LOCK_FILE),
      JSON.stringify({
        pid: process.pid,
        command: 'the app',
        startedAt: '2026-01-01T00:00:00.000Z',
        host: hostname(),
        bootId: null,
        procStart: null,
        port: 3000,
        nonce: 'someone-else',
        ...holder,
      }),
    );

  it('refuses a second holder, naming the first, and is free again once released', () => {
    const first = DataFolderLock.acquire(dir, 'the app');
    first.setPort(4321);
    let refused: unknown;
    try {
      DataFolderLock.acquire(dir, 'npm run admin -- grant');
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DataFolderBusyError);
    expect((refused as Error).message).toMatch(
      new RegExp(
        `^Another Kauri process \\(pid ${process.pid}, the app, started .+, serving on port 4321\\) is using DATA_DIR ${dir}; stop it first or use another DATA_DIR\\.$`,
      ),
    );
    expect(lockHolder(dir)).toMatchObject({ pid: process.pid, port: 4321 });
    first.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
    expect(lockHolder(dir)).toBeNull();
    DataFolderLock.acquire(dir, 'the app').release();
  });

  it('takes over the lock of a process that is gone', async () => {
    const gone = spawn(process.execPath, ['-e', '']);
    const pid = gone.pid!;
    await new Promise((resolve) => gone.once('exit', resolve));
    write({ pid });
    const lock = DataFolderLock.acquire(dir, 'the app');
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it('takes over a lock whose pid now runs another process (pid reuse: the start time differs)', () => {
    // This very pid is alive, but the recorded start time is not this process's.
    write({ procStart: '1' });
    DataFolderLock.acquire(dir, 'the app').release();
  });

  it('takes over a lock from before a reboot, or from another host', () => {
    write({ bootId: '00000000-0000-0000-0000-000000000000' });
    DataFolderLock.acquire(dir, 'the app').release();
    write({ host: `not-${hostname()}` });
    DataFolderLock.acquire(dir, 'the app').release();
  });

  it('takes over a file that is not a lock at all', () => {
    writeFileSync(join(dir, LOCK_FILE), '');
    DataFolderLock.acquire(dir, 'the app').release();
  });

  it('keeps the lock of a live process of this host, and never removes another holder’s file', () => {
    write({});
    expect(() => DataFolderLock.acquire(dir, 'the app')).toThrow(DataFolderBusyError);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({ nonce: 'someone-else' });
  });
});
