import type { Config } from '../platform/config.js';
import { DataFolderBusyError, DataFolderLock, lockHolder } from '../platform/operations/data-lock.js';
import { readRuntimeFile, type RuntimeInfo } from '../platform/operations/runtime-file.js';

/**
 * How a command-line tool reaches the data: through the app running on the folder (its operations API), or on its
 * own. On embedded data (PGlite, the embedded chain) "on its own" means holding the folder's lock, as the app does:
 * while another process holds it — an app still starting, another tool — the tool refuses, naming it (exit 1),
 * instead of opening the files a second time. Server stores (PostgreSQL, EventStoreDB) need no lock.
 */
export type DataAccess = { app: RuntimeInfo } | { app: null; lock: DataFolderLock | null };

export function embeddedData(config: Config, { chain = false } = {}): boolean {
  return config.eventStore === 'pglite' || (chain && config.chain.kind === 'anvil');
}

export function reachData(config: Config, tool: string, { chain = false } = {}): DataAccess {
  const running = readRuntimeFile(config.dataDir);
  if (!embeddedData(config, { chain })) return running ? { app: running } : { app: null, lock: null };
  const holder = lockHolder(config.dataDir);
  // The app that holds the lock has written where it serves: work through it.
  if (running && holder?.pid === running.pid) return { app: running };
  try {
    return { app: null, lock: DataFolderLock.acquire(config.dataDir, tool) };
  } catch (error) {
    if (error instanceof DataFolderBusyError) refuse(error);
    throw error;
  }
}

/** Prints why the tool cannot run now and exits 1. */
export function refuse(error: DataFolderBusyError): never {
  console.error(error.message);
  if (error.holder.command === 'the app' && error.holder.port === null)
    console.error('It is still starting: once it serves, this tool works through it.');
  process.exit(1);
}
