import type { RecordedEvent } from './event-store.js';

/**
 * Old event shapes are upcast on read; stored events are never rewritten. An upcaster lifts one event type's data
 * from schema version N to N+1. Each domain exports a table of its own (`<domain>/upcasters.ts`); the one list of
 * them all is `domains/upcasters.ts`, handed to every decider and read model that reads events (a required field:
 * leaving it out does not compile), so no old shape depends on a module having been imported for its side effect.
 */
export type Upcaster = (data: unknown) => unknown;

/** A domain's old event shapes: for each event type, its lifts in order (version 1 → 2, 2 → 3, …). */
export type UpcasterTable<T extends string = string> = { readonly [K in T]?: readonly Upcaster[] };

export class Upcasters {
  /** For events that have only ever had one shape (tests of the platform's own machinery). */
  static readonly none = new Upcasters([]);

  private readonly lifts = new Map<string, readonly Upcaster[]>();

  constructor(tables: readonly UpcasterTable[]) {
    for (const table of tables)
      for (const [type, lifts] of Object.entries(table)) {
        if (!lifts || lifts.length === 0) continue;
        if (this.lifts.has(type)) throw new Error(`Two upcaster tables lift ${type}: keep one`);
        this.lifts.set(type, lifts);
      }
  }

  /** The schema version an event of this type is written at now: one past its last lift. */
  versionOf(type: string): number {
    return (this.lifts.get(type)?.length ?? 0) + 1;
  }

  /** The event in its newest shape (the same object when it is already). */
  upcast<E extends RecordedEvent>(event: E): E {
    const lifts = this.lifts.get(event.type);
    const from = event.metadata.schemaVersion ?? 1;
    if (!lifts || from > lifts.length) return event;
    let data = event.data;
    for (let version = from; version <= lifts.length; version++) data = lifts[version - 1]!(data);
    return { ...event, data, metadata: { ...event.metadata, schemaVersion: lifts.length + 1 } };
  }
}
