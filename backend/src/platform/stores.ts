import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config.js';
import type { EventStore } from './event-store/event-store.js';
import { MemoryEventStore } from './event-store/memory-event-store.js';
import { MemoryReadStore } from './read-store/memory-read-store.js';
import type { ReadStore } from './read-store/read-store.js';
import { SqlEventStore } from './event-store/sql-event-store.js';
import { MemoryVault, type Vault } from './vault/vault.js';

/** Opens the configured adapters. Drivers are imported lazily, so the embedded app never loads a server's client. */
export async function openEventStore(config: Config): Promise<EventStore> {
  switch (config.eventStore) {
    case 'memory':
      return new MemoryEventStore();
    case 'pglite': {
      const dataDir = join(config.dataDir, 'events');
      mkdirSync(dataDir, { recursive: true });
      const { PgliteEventStore } = await import('./event-store/pglite-event-store.js');
      return PgliteEventStore.open({ dataDir });
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

export async function openReadStore(config: Config): Promise<ReadStore> {
  switch (config.readStore) {
    case 'memory':
      return new MemoryReadStore();
    case 'mongodb': {
      const { MongoReadStore } = await import('./read-store/mongodb-read-store.js');
      return MongoReadStore.connect({ url: config.mongodbUrl! });
    }
    default: {
      const _exhaustive: never = config.readStore;
      throw new Error(`Unknown read store ${String(_exhaustive)}`);
    }
  }
}

/** The vault beside the events: a table in the event store's PostgreSQL database, or MongoDB beside EventStoreDB. */
export async function openVault(config: Config, eventStore: EventStore): Promise<Vault> {
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
