import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FilledHistory } from './history.js';
import { seedEmbeddedCached } from './seed.js';
import { SERVE_NODE_FLAGS } from '../serve-flags.js';

/**
 * Embedded boot: a PGlite data folder holding `events` events of everyday history (history.ts), its read models
 * built and persisted once by a first boot, then restarts timed in fresh processes — with the persisted read
 * models (the default), and with READ_STORE=memory, which rebuilds them from the log at every start.
 */

export interface BootFigures {
  /** Process start to the server listening. */
  listeningMs: number;
  /** Process start to the first answer from a read model. */
  servedMs: number;
  /** Process start to every read model in memory (the persisted store loads each on first use). */
  parsedMs: number;
  /** createApp: stores opened, read models loaded or rebuilt, Nest ready. */
  bootMs: number;
  /** Of which the engine's start and catch-up. */
  catchUpMs: number;
  /** The read store's own account (collections, documents). */
  readStore: string;
  /** The process's resident memory at the first answer, and once every read model is in memory (MiB). */
  rssServedMb: number;
  rssLoadedMb: number;
  /**
   * With a chain: when its outbox's state was loaded (the chain views wait for it; process start to the load's end,
   * begun as the app started serving), where its fold resumed and how many events it folded at this boot.
   */
  chain: { stateLoadedMs: number; resumedFrom: number; eventsFolded: number; caughtUpMs: number | null } | null;
  checksums: Record<string, string>;
  failed: string[];
}

export interface BootBench {
  events: number;
  fill: FilledHistory & { cached: boolean; copyMs: number };
  /** The first boot: replays the whole log into the persisted read models. */
  build: BootFigures;
  /** Restarts with the persisted read models (the median is `persisted`). */
  persistedRuns: BootFigures[];
  /** Restarts on an empty history, each after one of `persistedRuns` (the median is `empty`). */
  emptyRuns: BootFigures[];
  persisted: BootFigures;
  /** A restart with READ_STORE=memory: the read models rebuilt from the log, as before. */
  memory: BootFigures;
  /** A restart of the same app on an empty history: what a boot costs whatever the history. */
  empty: BootFigures;
  /** The persisted copy's checksums equal those of the memory rebuild. */
  persistedEqualsReplay: boolean;
  /** Restarts with the embedded chain on (its outbox resuming from its snapshot), each beside one on an empty history. */
  chainRuns: BootFigures[];
  chainEmptyRuns: BootFigures[];
  chain: BootFigures;
  chainEmpty: BootFigures;
  /** The history's size on disk (the PGlite folder: events and persisted read models), MiB. */
  historyMb: number;
}

const RESTARTS = 5;
const CHAIN_RESTARTS = 3;

/**
 * Most restarts are measured without a chain, on the seeded and on the empty history alike; the chain-on restarts
 * (below) run on the same history, whose chain work is seeded as done (chain-facts.ts: the restart owes the chain
 * nothing, though the embedded node it starts holds none of those tokens).
 */
export const BENCH_CHAIN = { CHAIN: 'off' };

/** The run with the median time to the first answer. */
function medianRun(runs: readonly BootFigures[]): BootFigures {
  return [...runs].sort((a, b) => a.servedMs - b.servedMs)[Math.floor(runs.length / 2)]!;
}

/** The bundle's boot child (backend/bundle, beside src/ and dist/): restarts timed on what `npm start` runs. */
const CHILD = fileURLToPath(new URL('../../bundle/bench-boot-child.js', import.meta.url));

/** Boots the built app in a new process on `dataDir` and returns what it measured. */
export function bootInChild(
  dataDir: string,
  readStore: 'pglite' | 'memory',
  chain: Record<string, string> = BENCH_CHAIN,
): Promise<BootFigures> {
  const stores = { EVENT_STORE: 'pglite', READ_STORE: readStore, DATA_DIR: dataDir };
  const env = { ...process.env, ...stores, ...chain, LOG_LEVEL: 'silent', PORT: '0' };
  const child = spawn(process.execPath, [...SERVE_NODE_FLAGS, CHILD], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = out.trim().split('\n').at(-1);
      if (code !== 0 || !line) reject(new Error(`boot on ${readStore} exited with ${code}: ${err || out}`));
      else resolve(JSON.parse(line) as BootFigures);
    });
  });
}

/** `thenOnTheData` runs on the data folder after the restarts, before it is removed (the HTTP benchmark). */
export async function benchEmbeddedBoot(
  events: number,
  log: (what: string) => void = () => {},
  thenOnTheData?: (dataDir: string, fill: FilledHistory) => Promise<void>,
): Promise<BootBench> {
  const dataDir = await mkdtemp(join(tmpdir(), 'kauri-bench-boot-'));
  try {
    log(`seeding ${events} events (or copying the seed kept in .tmp/bench-seed)`);
    const fill = await seedEmbeddedCached(dataDir, events);
    const seeded = fill.cached
      ? `copied in ${fill.copyMs} ms, seeded earlier in ${fill.ms} ms`
      : `seeded in ${fill.ms} ms`;
    log(`first boot: building the persisted read models (${seeded})`);
    const build = await bootInChild(dataDir, 'pglite');
    const emptyDir = join(dataDir, 'empty');
    await bootInChild(emptyDir, 'pglite'); // the first creates the database
    // Each restart beside one on an empty history, in turn: the machine's load falls on both alike.
    const persistedRuns: BootFigures[] = [];
    const emptyRuns: BootFigures[] = [];
    for (let run = 1; run <= RESTARTS; run++) {
      log(`restart ${run}/${RESTARTS} with the persisted read models, and one on an empty history`);
      persistedRuns.push(await bootInChild(dataDir, 'pglite'));
      emptyRuns.push(await bootInChild(emptyDir, 'pglite'));
    }
    log('restart rebuilding the read models in memory');
    const memory = await bootInChild(dataDir, 'memory');
    // The chain on: a first boot folds the log from 0 into the outbox's state (waiting until it has caught up, so
    // that the snapshot written at its stop is whole); the restarts then resume from that snapshot.
    log('first boot with the embedded chain: the chain outbox folds the log from position 0');
    const withChain = { CHAIN: 'anvil' };
    await bootInChild(dataDir, 'pglite', { ...withChain, BENCH_CHAIN_SETTLE: '1' });
    await bootInChild(emptyDir, 'pglite', { ...withChain, BENCH_CHAIN_SETTLE: '1' });
    const chainRuns: BootFigures[] = [];
    const chainEmptyRuns: BootFigures[] = [];
    for (let run = 1; run <= CHAIN_RESTARTS; run++) {
      log(`restart ${run}/${CHAIN_RESTARTS} with the embedded chain on, and one on an empty history`);
      chainRuns.push(await bootInChild(dataDir, 'pglite', withChain));
      chainEmptyRuns.push(await bootInChild(emptyDir, 'pglite', withChain));
    }
    const historyMb = folderMb(join(dataDir, 'events'));
    const persisted = medianRun(persistedRuns);
    const empty = medianRun(emptyRuns);
    const failed = [build, ...persistedRuns, memory].flatMap((b) => b.failed);
    const failedNames = [...new Set(failed)].join(', ');
    if (failed.length > 0) throw new Error(`projections failed on the bench history: ${failedNames}`);
    const replayed = JSON.stringify(memory.checksums);
    const persistedEqualsReplay = persistedRuns.every((r) => JSON.stringify(r.checksums) === replayed);
    await thenOnTheData?.(dataDir, fill);
    return {
      events,
      fill,
      build,
      persistedRuns,
      emptyRuns,
      persisted,
      memory,
      empty,
      persistedEqualsReplay,
      chainRuns,
      chainEmptyRuns,
      chain: medianRun(chainRuns),
      chainEmpty: medianRun(chainEmptyRuns),
      historyMb,
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** A folder's size, every file below it, in MiB. */
function folderMb(folder: string): number {
  let bytes = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) bytes += statSync(join(entry.parentPath, entry.name)).size;
  return Math.round(bytes / 2 ** 20);
}
