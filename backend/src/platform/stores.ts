import { mkdirSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { join } from 'node:path';
import type { Config } from './config.js';
import type { EventStore } from './event-store/event-store.js';
import { MemoryEventStore } from './event-store/memory-event-store.js';
import { MemoryReadStore } from './read-store/memory-read-store.js';
import type { ReadStore } from './read-store/read-store.js';
import { SqlEventStore } from './event-store/sql-event-store.js';
import { MemoryVault, type Vault } from './vault/vault.js';
import { type CountedWindows, MemoryCountedWindows } from './limits/counted-windows.js';
import { type Leases, LocalLeases } from './jobs/leases.js';
import { PersonalDataProtection } from './privacy/personal-data.js';

/** What can be opened beside the event store. */
export interface StoreParts {
  readStore: ReadStore;
  vault: Vault;
  countedWindows: CountedWindows;
  leases: Leases;
}
export type StorePart = keyof StoreParts;

/**
 * The stores one process works on: the log as stored (personal data sealed), the parts asked for, and — with the
 * vault — the log as everything above the store sees it (personal data in the clear, Privacy Act 2020).
 */
export type Stores<P extends StorePart> = Pick<StoreParts, P> & {
  storedEvents: EventStore;
  /** Closes what was opened here, the last opened first (the event store last: the others may share its database). */
  close(): Promise<void>;
} & ('vault' extends P ? { events: EventStore } : unknown);

/** Stores opened elsewhere (tests share one PGlite, for instance): used as they are, and never closed here. */
export type GivenStores = Partial<StoreParts> & { eventStore?: EventStore };

/**
 * Opens the configured stores — the one way the app and every command-line tool open them. `parts` names what is
 * needed beside the event store (a tool that only checks hashes needs no vault, and no key to open it).
 */
export async function openStores<P extends StorePart>(
  config: Config,
  parts: readonly P[],
  given: GivenStores = {},
): Promise<Stores<P>> {
  const opened: { close(): Promise<void> }[] = [];
  const close = async () => {
    let failure: unknown = null;
    for (const store of opened.splice(0).reverse()) {
      try {
        await store.close();
      } catch (error) {
        failure ??= error;
      }
    }
    if (failure) throw failure;
  };
  const own = async <T extends { close(): Promise<void> }>(supplied: T | undefined, open: () => Promise<T>) => {
    if (supplied) return supplied;
    const store = await open();
    opened.push(store);
    return store;
  };
  const wanted = new Set<StorePart>(parts);
  try {
    const storedEvents = await own(given.eventStore, () => openEventStore(config));
    const stores: Partial<StoreParts> & { storedEvents: EventStore; events?: EventStore } = { storedEvents };
    // In this order, as the app always opened them.
    if (wanted.has('readStore'))
      stores.readStore = await own(given.readStore, () => openReadStore(config, storedEvents));
    if (wanted.has('vault')) {
      const vault = await own(given.vault, () => openVault(config, storedEvents));
      stores.vault = vault;
      stores.events = new PersonalDataProtection(storedEvents, vault);
    }
    if (wanted.has('countedWindows'))
      stores.countedWindows = await own(given.countedWindows, () => openCountedWindows(config, storedEvents));
    if (wanted.has('leases')) stores.leases = await own(given.leases, () => openLeases(config, storedEvents));
    return { ...stores, close } as unknown as Stores<P>;
  } catch (error) {
    // Nothing half-opened is left behind (a PGlite folder, a pool, a MongoDB client).
    await close().catch(() => undefined);
    throw error;
  }
}

/** The configured adapters. Drivers are imported lazily, so the embedded app never loads a server's client. */
async function openEventStore(config: Config): Promise<EventStore> {
  switch (config.eventStore) {
    case 'memory':
      return new MemoryEventStore();
    case 'pglite': {
      const dataDir = join(config.dataDir, 'events');
      mkdirSync(dataDir, { recursive: true });
      const { PGlite } = await import('@electric-sql/pglite');
      const { PgliteEventStore } = await import('./event-store/pglite-event-store.js');
      const pglite = await PGlite.create(dataDir);
      const store = await PgliteEventStore.open({ pglite });
      embedded.set(store, pglite);
      return store;
    }
    case 'postgres': {
      const { PostgresEventStore } = await import('./event-store/postgres-event-store.js');
      return PostgresEventStore.open({ connectionString: config.databaseUrl! });
    }
    case 'eventstoredb': {
      const { EventStoreDbEventStore } = await import('./event-store/eventstoredb-event-store.js');
      return EventStoreDbEventStore.open(config.eventStoreUrl!);
    }
    default: {
      const _exhaustive: never = config.eventStore;
      throw new Error(`Unknown event store ${String(_exhaustive)}`);
    }
  }
}

/**
 * The PGlite instance under each embedded event store opened here: the read store shares it (PGlite allows one
 * instance per folder and serialises its connection) and loads its documents with PGlite's bulk COPY.
 */
const embedded = new WeakMap<EventStore, PGlite>();

/** `eventStore` is the store as opened (not wrapped): persisted read models live in its database. */
async function openReadStore(config: Config, eventStore: EventStore): Promise<ReadStore> {
  switch (config.readStore) {
    case 'memory':
      return new MemoryReadStore();
    case 'pglite':
    case 'postgres': {
      if (!(eventStore instanceof SqlEventStore) || eventStore.kind !== config.readStore) {
        const needs = `it needs EVENT_STORE=${config.readStore}`;
        throw new Error(`READ_STORE=${config.readStore} keeps the read models in the event store's database: ${needs}`);
      }
      const { SqlReadStore, pgliteDump } = await import('./read-store/sql-read-store.js');
      const pglite = embedded.get(eventStore);
      const dump = pglite && pgliteDump(pglite);
      return SqlReadStore.open(eventStore.database, { kind: eventStore.kind, dump });
    }
    case 'mongodb': {
      // Served from memory, kept in MongoDB: each replica folds the log into its own memory, one stores it.
      const { MongoReadStore } = await import('./read-store/mongodb-read-store.js');
      const { MirroredReadStore } = await import('./read-store/mirrored-read-store.js');
      return MirroredReadStore.over(await MongoReadStore.connect({ url: config.mongodbUrl! }));
    }
    default: {
      const _exhaustive: never = config.readStore;
      throw new Error(`Unknown read store ${String(_exhaustive)}`);
    }
  }
}

/** The vault beside the events: a table in the event store's PostgreSQL database, or MongoDB beside EventStoreDB. */
async function openVault(config: Config, eventStore: EventStore): Promise<Vault> {
  if (eventStore instanceof SqlEventStore) {
    const { SqlVault } = await import('./vault/sql-vault.js');
    return SqlVault.open(eventStore.database, eventStore.kind);
  }
  if (eventStore.kind === 'memory') return new MemoryVault();
  if (config.mongodbUrl) {
    const { MongoVault } = await import('./vault/mongodb-vault.js');
    return MongoVault.connect({ url: config.mongodbUrl });
  }
  throw new Error(`No vault for the ${eventStore.kind} event store: set READ_STORE=mongodb and MONGODB_URL`);
}

/**
 * Where attempt limits are counted: in the PostgreSQL database the replicas share (EVENT_STORE=postgres), in MongoDB
 * beside EventStoreDB, and in process memory otherwise — the embedded default is one process (the data folder's
 * lock), as are the memory stores.
 */
async function openCountedWindows(config: Config, eventStore: EventStore): Promise<CountedWindows> {
  if (eventStore instanceof SqlEventStore && eventStore.kind === 'postgres') {
    const { SqlCountedWindows } = await import('./limits/sql-counted-windows.js');
    return SqlCountedWindows.open(eventStore.database, eventStore.kind);
  }
  if (eventStore.kind === 'eventstoredb' && config.mongodbUrl) {
    const { MongoCountedWindows } = await import('./limits/mongodb-counted-windows.js');
    return MongoCountedWindows.connect({ url: config.mongodbUrl });
  }
  if (eventStore.kind === 'eventstoredb')
    throw new Error('No shared store for attempt limits beside EventStoreDB: set READ_STORE=mongodb and MONGODB_URL');
  return new MemoryCountedWindows();
}

/**
 * Who runs the background jobs: leases in the PostgreSQL database the replicas share (advisory locks), in MongoDB
 * beside EventStoreDB, and none to elect for one process on embedded data or memory stores.
 */
async function openLeases(config: Config, eventStore: EventStore): Promise<Leases> {
  if (eventStore instanceof SqlEventStore && eventStore.kind === 'postgres') {
    const { PostgresLeases } = await import('./jobs/postgres-leases.js');
    const { PostgresEventStore } = await import('./event-store/postgres-event-store.js');
    return PostgresLeases.open(
      eventStore instanceof PostgresEventStore ? eventStore.connectionString : config.databaseUrl!,
    );
  }
  if (eventStore.kind === 'eventstoredb' && config.mongodbUrl) {
    const { MongoLeases } = await import('./jobs/mongodb-leases.js');
    return MongoLeases.connect({ url: config.mongodbUrl });
  }
  if (eventStore.kind === 'eventstoredb')
    throw new Error('No shared store for job leases beside EventStoreDB: set READ_STORE=mongodb and MONGODB_URL');
  return new LocalLeases();
}
