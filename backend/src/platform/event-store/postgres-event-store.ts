import pg from 'pg';
import type { SqlDatabase, SqlSession } from './sql-database.js';
import { SqlEventStore } from './sql-event-store.js';
import { migrateEventStoreSchema } from './sql-event-store.migrations.js';

export interface PostgresEventStoreOptions {
  /** e.g. `postgres://user@host:5432/db` (the `DATABASE_URL`). */
  connectionString: string;
  /** Pool size; appends hold one connection each for the length of their transaction. */
  maxConnections?: number;
}

const CHANNEL = 'kauri_events';
const RELISTEN_MS = 1000;

function session(client: pg.Pool | pg.PoolClient): SqlSession {
  return {
    query: async <R>(text: string, params: readonly unknown[] = []) =>
      (await client.query(text, [...params])).rows as R[],
  };
}

/** A pg pool behind the SqlDatabase interface: each transaction holds one pooled connection. */
export function poolDatabase(pool: pg.Pool): SqlDatabase {
  return {
    ...session(pool),
    async transaction(work) {
      const client = await pool.connect();
      // A connection lost while checked out (the server ended it, a network cut) emits 'error' on the client, which
      // pg-pool does not listen to then: unheard, it ended the process and every request in flight. Heard, the
      // transaction fails (its query rejects too) and the client is destroyed instead of going back to the pool.
      let lost: Error | undefined;
      const onError = (error: Error) => (lost ??= error);
      client.on('error', onError);
      try {
        await client.query('begin');
        const result = await work(session(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch((rollbackFailed: Error) => (lost ??= rollbackFailed));
        throw error;
      } finally {
        client.off('error', onError);
        client.release(lost);
      }
    },
  };
}

/**
 * The event store on a PostgreSQL server. Subscriptions in every process are woken by LISTEN/NOTIFY
 * (one dedicated connection per store); if that connection is lost they fall back to polling while it
 * reconnects, so a lost notification only delays delivery.
 */
export class PostgresEventStore extends SqlEventStore {
  private listener: pg.Client | undefined;
  private relistenTimer: NodeJS.Timeout | undefined;
  private closed = false;

  private constructor(
    db: SqlDatabase,
    private readonly pool: pg.Pool,
    /** The database's address: job leases hold a connection of their own to it (jobs/postgres-leases.ts). */
    readonly connectionString: string,
  ) {
    super('postgres', db);
  }

  /** kauri_append notifies `kauri_events`: delivered to listeners at commit, and not at all on rollback. */
  protected override readonly notifiesOnAppend = true;

  static async open(options: PostgresEventStoreOptions): Promise<PostgresEventStore> {
    const pool = new pg.Pool({ connectionString: options.connectionString, max: options.maxConnections ?? 10 });
    // An idle pooled connection that dies emits 'error' on the pool, which would crash the process unheard;
    // the pool drops that connection and the next query opens a new one.
    pool.on('error', () => undefined);
    const db = poolDatabase(pool);
    try {
      await migrateEventStoreSchema(db);
      const store = new PostgresEventStore(db, pool, options.connectionString);
      await store.listen();
      return store;
    } catch (error) {
      await pool.end();
      throw error;
    }
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    const lost = () => {
      if (this.listener !== client) return;
      this.listener = undefined;
      void client.end().catch(() => undefined);
      this.signal.notify();
      this.scheduleRelisten();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', () => this.signal.notify());
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    this.listener = client;
  }

  private scheduleRelisten(): void {
    if (this.closed) return;
    this.relistenTimer = setTimeout(() => {
      this.listen().catch(() => this.scheduleRelisten());
    }, RELISTEN_MS);
  }

  protected override async release(): Promise<void> {
    this.closed = true;
    clearTimeout(this.relistenTimer);
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end();
    await this.pool.end();
  }
}
