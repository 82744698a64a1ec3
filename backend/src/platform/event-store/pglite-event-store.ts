import { PGlite, type Transaction } from '@electric-sql/pglite';
import { migrateEventStoreSchema, SqlEventStore, type SqlDatabase, type SqlSession } from './sql-event-store.js';

export interface PgliteEventStoreOptions {
  /** Folder holding the database files; in memory when absent. One process at a time may open a folder. */
  dataDir?: string;
  /** An already open PGlite to use instead (e.g. one shared with a benchmark); the store closes it on close(). */
  pglite?: PGlite;
}

function session(db: PGlite | Transaction): SqlSession {
  return {
    query: async <R>(text: string, params: readonly unknown[] = []) => (await db.query<R>(text, [...params])).rows,
  };
}

/** A PGlite instance behind the SqlDatabase interface. */
export function pgliteDatabase(pglite: PGlite): SqlDatabase {
  return { ...session(pglite), transaction: (work) => pglite.transaction((tx) => work(session(tx))) };
}

/**
 * The embedded event store: PostgreSQL compiled to WASM, in this process. PGlite runs one connection and
 * serialises queries and transactions itself, so appends never overlap (the shared SQL stays correct anyway).
 * Opening a fresh folder runs initdb (~3 s): open once and share the instance.
 */
export class PgliteEventStore extends SqlEventStore {
  /** One connection: transactions never overlap, so positions become visible in order without the lock. */
  protected override readonly takesPositionLock = false;

  private constructor(
    db: SqlDatabase,
    private readonly pglite: PGlite,
  ) {
    super('pglite', db);
  }

  static async open(options: PgliteEventStoreOptions = {}): Promise<PgliteEventStore> {
    const pglite = options.pglite ?? (await PGlite.create(options.dataDir));
    const db = pgliteDatabase(pglite);
    await migrateEventStoreSchema(db);
    return new PgliteEventStore(db, pglite);
  }

  protected override release(): Promise<void> {
    return this.pglite.close();
  }
}
