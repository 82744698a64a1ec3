// Installs dependencies when node_modules is missing or older than package-lock.json, so that
// `npm start` and `npm test` work on a fresh clone with nothing but Node and npm.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const lock = `${root}/package-lock.json`;
const modules = `${root}/node_modules`;
const MARKER = '.kauri-lock-hash';
// npm's record of what it installed, rewritten in place by a later `npm install`: copied, never linked (below).
const OWN_FILES = [MARKER, '.package-lock.json'];

export function ensureInstall() {
  const wanted = existsSync(lock) ? createHash('sha256').update(readFileSync(lock)).digest('hex') : 'no-lock';
  const marker = `${modules}/${MARKER}`;
  const have = existsSync(marker) ? readFileSync(marker, 'utf8').trim() : null;
  if (have === wanted) return;
  const fresh = !existsSync(modules);
  const cached = fresh ? installCache(wanted) : null;
  if (cached && linkFrom(cached)) {
    console.log(`Dependencies linked from ${cached} (this lock, installed before on this machine).`);
    return;
  }
  // A fresh clone (no node_modules) installs exactly the lock with `npm ci`, taking packages from npm's cache without
  // asking the registry whether they changed (--prefer-offline): 55.6 CPU-seconds against `npm install`'s 66.3 on
  // the 2-core machine (2026-11-27). An existing node_modules is updated with `npm install` (ci would delete it).
  const args = fresh ? ['ci', '--prefer-offline'] : ['install'];
  console.log(`Installing dependencies (npm ${args[0]})…`);
  const result = spawnSync('npm', [...args, '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  rmSync(marker, { force: true });
  writeFileSync(marker, wanted);
  if (cached) keep(cached);
}

/**
 * Where this machine keeps the trees `npm ci` made for a lock (`$XDG_CACHE_HOME/kauri/installed/<key>`), so that the
 * next fresh clone of the same lock links it instead of installing again: `npm ci` costs a fresh clone 25–40 s of a
 * 2-core machine (65,000 files), hard links about one (pnpm's store works the same way). Keyed by the lock and by
 * what its packages' binaries depend on; `KAURI_INSTALL_CACHE=0` always installs.
 */
function installCache(lockHash) {
  if (process.env.KAURI_INSTALL_CACHE === '0' || process.platform === 'win32') return null;
  const key = createHash('sha256')
    .update(`${lockHash} ${process.platform} ${process.arch} ${process.versions.modules}`)
    .digest('hex')
    .slice(0, 24);
  return join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'kauri', 'installed', key);
}

/** The folders `npm ci` fills: the root's node_modules and a workspace's own (a version only it depends on). */
function installedFolders() {
  const { workspaces = [] } = JSON.parse(readFileSync(`${root}/package.json`, 'utf8'));
  return ['node_modules', ...workspaces.map((workspace) => `${workspace}/node_modules`)];
}

/**
 * Links the cached trees into place: their directories made anew, their files hard links (nothing in the suite or
 * the app writes into an installed package, and npm replaces a package it updates rather than writing into it).
 * False when there are none, or they cannot be linked here (another file system): then npm installs.
 */
function linkFrom(cached) {
  if (!existsSync(`${cached}/node_modules/${MARKER}`)) return false;
  if (!whole(cached)) {
    // Damaged (a package removed by hand): installed anew, and kept again in its place.
    rmSync(cached, { recursive: true, force: true });
    return false;
  }
  const folders = installedFolders().filter((folder) => existsSync(join(cached, folder)));
  const linked = folders.every((folder) => copyTree(join(cached, folder), join(root, folder)));
  if (!linked) {
    for (const folder of folders) rmSync(join(root, folder), { recursive: true, force: true });
    return false;
  }
  for (const name of OWN_FILES) ownCopy(`${modules}/${name}`);
  return true;
}

/** Whether every package npm recorded installing is still in the cached trees (a folder removed by hand is not). */
function whole(cached) {
  try {
    const { packages } = JSON.parse(readFileSync(`${cached}/node_modules/.package-lock.json`, 'utf8'));
    // The workspaces themselves and npm's links to them are the clone's own, not cached.
    return Object.entries(packages).every(
      ([path, entry]) =>
        !path.includes('node_modules/') || entry.link || existsSync(join(cached, path, 'package.json')),
    );
  } catch {
    return false;
  }
}

/** Keeps the trees just installed for the next fresh clone of this lock, in place of any other lock's. */
function keep(cached) {
  const parent = join(cached, '..');
  const staging = `${cached}.${process.pid}`;
  try {
    const folders = installedFolders().filter((folder) => existsSync(join(root, folder)));
    for (const folder of folders) {
      mkdirSync(join(staging, folder, '..'), { recursive: true });
      if (!copyTree(join(root, folder), join(staging, folder))) throw new Error(`cp -al ${folder} failed`);
    }
    for (const name of OWN_FILES) ownCopy(`${staging}/node_modules/${name}`);
    renameSync(staging, cached);
    // Another lock's trees (not one being kept by another install right now: those end in their pid).
    for (const other of readdirSync(parent))
      if (!other.includes('.') && join(parent, other) !== cached)
        rmSync(join(parent, other), { recursive: true, force: true });
  } catch {
    // Another clone kept it first, or the cache's folder cannot be written: the next clone installs with npm.
    rmSync(staging, { recursive: true, force: true });
  }
}

/** `cp -al`: the tree's directories made anew at `to`, its files hard links to the same data. */
function copyTree(from, to) {
  return spawnSync('cp', ['-al', from, to], { stdio: 'ignore' }).status === 0;
}

/** Replaces a hard link with a copy of its own, so that writing it changes only this tree. */
function ownCopy(path) {
  if (!existsSync(path)) return;
  const copy = `${path}.${process.pid}`;
  copyFileSync(path, copy);
  renameSync(copy, path);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureInstall();
