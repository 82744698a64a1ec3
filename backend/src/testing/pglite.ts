/**
 * PGlite data folders for tests without initdb each time. initdb costs several CPU-seconds; copying the folder it
 * leaves costs a fraction of one. One template per PGlite version is made on first use in the repository's .tmp/
 * (the first test process to need it makes it; others wait for it) and copied for every database a test opens.
 * The app's own first start on an empty folder (initdb) is still tested: cli/admin.spec.ts boots on one.
 */
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const version = (
  JSON.parse(readFileSync(join(root, 'node_modules/@electric-sql/pglite/package.json'), 'utf8')) as {
    version: string;
  }
).version;
/** The repository's .tmp/, where templates made once for many test processes are kept. */
export const REPO_TMP = join(root, '.tmp');
const TEMPLATE = join(REPO_TMP, `pglite-template-${version}`);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A lock left by a process that died (or never wrote its pid within a minute) is taken over. */
function staleLock(lock: string): boolean {
  try {
    const pid = Number(readFileSync(join(lock, 'pid'), 'utf8'));
    return !alive(pid);
  } catch {
    try {
      return Date.now() - statSync(lock).mtimeMs > 60_000;
    } catch {
      return false; // the lock is gone: look again
    }
  }
}

/**
 * The folder `target` in the repository's .tmp/, made by `make` (into a partial folder, then renamed) by whichever
 * test process asks first; the others wait for it. Made once and kept: `target`'s name says what it was made from.
 */
export async function madeOnce(target: string, make: (partial: string) => Promise<void>): Promise<string> {
  const lock = `${target}.lock`;
  mkdirSync(dirname(target), { recursive: true });
  for (;;) {
    if (existsSync(target)) return target;
    try {
      mkdirSync(lock);
    } catch {
      if (staleLock(lock)) rmSync(lock, { recursive: true, force: true });
      else await pause(200);
      continue;
    }
    try {
      writeFileSync(join(lock, 'pid'), String(process.pid));
      const partial = `${target}.partial-${process.pid}`;
      rmSync(partial, { recursive: true, force: true });
      try {
        await make(partial);
        renameSync(partial, target);
      } finally {
        rmSync(partial, { recursive: true, force: true });
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

let template: Promise<string> | undefined;

/** The folder initdb leaves for this PGlite version, made once (by whichever test process asks first). */
export function pgliteTemplate(): Promise<string> {
  template ??= madeOnce(TEMPLATE, async (partial) => {
    await (await PGlite.create(partial)).close();
  });
  return template;
}

/** A fresh PGlite data folder (`into`, or a new temporary one), as initdb would leave it. */
export async function freshPgliteDir(into?: string): Promise<string> {
  const from = await pgliteTemplate();
  const dir = into ?? (await mkdtemp(join(tmpdir(), 'kauri-pglite-')));
  cpSync(from, dir, { recursive: true });
  return dir;
}

/** A fresh, empty database (what `PGlite.create()` in memory gives), on a copied folder removed when closed. */
export async function openPglite(): Promise<PGlite> {
  const dir = await freshPgliteDir();
  const pglite = await PGlite.create(dir);
  const close = pglite.close.bind(pglite);
  pglite.close = async () => {
    await close();
    await rm(dir, { recursive: true, force: true });
  };
  return pglite;
}
