import type { Config } from './config.js';
import type { EventStore } from './event-store/event-store.js';
import { MemoryEventStore } from './event-store/memory-event-store.js';
import { MemoryReadStore } from './read-store/memory-read-store.js';
import type { ReadStore } from './read-store/read-store.js';

/** Opens the configured adapters. Server drivers are imported lazily so the embedded app never loads them. */
export async function openEventStore(config: Config): Promise<EventStore> {
  switch (config.eventStore) {
    case 'memory':
      return new MemoryEventStore();
    case 'pglite':
    case 'postgres':
    case 'eventstoredb':
      throw new Error(`EVENT_STORE=${config.eventStore} is not available in this build`);
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
    case 'mongodb':
      throw new Error('READ_STORE=mongodb is not available in this build');
    default: {
      const _exhaustive: never = config.readStore;
      throw new Error(`Unknown read store ${String(_exhaustive)}`);
    }
  }
}
