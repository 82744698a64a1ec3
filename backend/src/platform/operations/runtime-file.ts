import { randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A running app leaves `<DATA_DIR>/app.json` (mode 0600): its pid, port and a per-boot operations token.
 * Command-line tools use it to work through the running app rather than open its stores a second time —
 * PGlite is single-process, and a rebuild must swap the collection the live engine writes to.
 * Whoever can read the data folder can operate the app, which is the trust an operator already has.
 */
export interface RuntimeInfo {
  pid: number;
  port: number;
  opsToken: string;
  startedAt: string;
}

const FILE = 'app.json';

export function newOpsToken(): string {
  return randomBytes(32).toString('base64url');
}

export function writeRuntimeFile(dataDir: string, info: RuntimeInfo): void {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, FILE), JSON.stringify(info), { mode: 0o600 });
}

export function removeRuntimeFile(dataDir: string, pid = process.pid): void {
  const info = readRuntimeFile(dataDir, { checkAlive: false });
  if (info?.pid === pid) rmSync(join(dataDir, FILE), { force: true });
}

/** The running app on this data folder, or null when there is none (a stale file is ignored). */
export function readRuntimeFile(dataDir: string, { checkAlive = true } = {}): RuntimeInfo | null {
  let info: RuntimeInfo;
  try {
    info = JSON.parse(readFileSync(join(dataDir, FILE), 'utf8')) as RuntimeInfo;
  } catch {
    return null;
  }
  if (!checkAlive) return info;
  try {
    process.kill(info.pid, 0);
    return info;
  } catch {
    return null;
  }
}

export function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
