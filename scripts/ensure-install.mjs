// Installs dependencies when node_modules is missing or older than package-lock.json, so that
// `npm start` and `npm test` work on a fresh clone with nothing but Node and npm.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const lock = `${root}/package-lock.json`;
const marker = `${root}/node_modules/.kauri-lock-hash`;

export function ensureInstall() {
  const wanted = existsSync(lock) ? createHash('sha256').update(readFileSync(lock)).digest('hex') : 'no-lock';
  const have = existsSync(marker) ? readFileSync(marker, 'utf8').trim() : null;
  if (have === wanted) return;
  console.log('Installing dependencies (npm install)…');
  const result = spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(marker, wanted);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureInstall();
