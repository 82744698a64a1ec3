import { parse, PGlite, protocol, type Transaction } from '@electric-sql/pglite';
import type { SqlDatabase, SqlSession } from './sql-database.js';
import { SqlEventStore } from './sql-event-store.js';
import { migrateEventStoreSchema } from './sql-event-store.migrations.js';

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
  return {
    ...session(pglite),
    transaction: (work) => pglite.transaction((tx) => work(session(tx))),
    queryPrepared: (name, text, params) => queryPrepared(pglite, name, text, params),
  };
}

/** Per PGlite instance (its one connection): each prepared statement's text and parameter types. */
const preparedStatements = new WeakMap<PGlite, Map<string, { text: string; types: number[] }>>();

/** Protocol messages joined, so that PGlite handles them in one call. */
function joined(...messages: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(messages.reduce((length, m) => length + m.byteLength, 0));
  let offset = 0;
  for (const m of messages) {
    all.set(m, offset);
    offset += m.byteLength;
  }
  return all;
}

const INVALID_STATEMENT_NAME = '26000';

/**
 * A query as a named prepared statement: parsed, described and planned once per instance, then each run is one
 * call into PGlite (Bind, Describe, Execute, Sync) where `query` makes six (Parse, Describe, Bind, Describe,
 * Execute, Sync) and parses and plans the text every time. It takes both of PGlite's locks, as `query` does, so
 * that it never runs inside another caller's transaction. Values are serialised and rows parsed as `query` does.
 */
async function queryPrepared<R>(pglite: PGlite, name: string, text: string, params: readonly unknown[]): Promise<R[]> {
  await pglite._checkReady();
  let statements = preparedStatements.get(pglite);
  if (!statements) preparedStatements.set(pglite, (statements = new Map()));
  const known = statements;
  const { serialize } = protocol;
  const run = async (): Promise<R[]> => {
    let statement = known.get(name);
    if (!statement) {
      const described = await pglite.execProtocol(
        joined(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()),
      );
      statement = { text, types: parse.parseDescribeStatementResults(described.messages) };
      known.set(name, statement);
    } else if (statement.text !== text) {
      throw new Error(`prepared statement ${name} is already another statement`);
    }
    const { types } = statement;
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = pglite.serializers[types[i]!];
      return serializer ? (serializer(value) as string) : String(value);
    });
    const { messages } = await pglite.execProtocol(
      joined(
        serialize.bind({ statement: name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ),
    );
    return parse.parseResults(messages, pglite.parsers)[0]!.rows as R[];
  };
  return pglite._runExclusiveTransaction(() =>
    pglite._runExclusiveQuery(async () => {
      try {
        return await run();
      } catch (error) {
        // Deallocated meanwhile (DISCARD ALL, say): prepared again.
        if ((error as { code?: unknown }).code !== INVALID_STATEMENT_NAME || !known.has(name)) throw error;
        known.delete(name);
        return run();
      }
    }),
  );
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
