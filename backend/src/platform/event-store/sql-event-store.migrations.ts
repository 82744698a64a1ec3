import { chainHash } from './integrity.js';
import type { SqlDatabase, SqlSession } from './sql-database.js';
import { APPEND_FUNCTIONS, fields, SCHEMA_LOCK, STORED_TEXT, type StoredText } from './sql-event-store.sql.js';

/**
 * The event store's schema on PostgreSQL and PGlite: its steps in order, each applied once per database and
 * recorded in `event_store_migrations` (see migrateEventStoreSchema).
 */

/** One step of the schema, applied once per database and recorded in `event_store_migrations`. */
interface Migration {
  name: string;
  up(tx: SqlSession): Promise<void>;
}

const statements =
  (...sql: string[]) =>
  async (tx: SqlSession): Promise<void> => {
    for (const statement of sql) await tx.query(statement);
  };

/**
 * In order, each applied once. Databases from before this table existed ran every statement on every open:
 * the `if not exists` forms make re-applying them harmless, and `hash-chain` recognises its own column.
 */
const MIGRATIONS: readonly Migration[] = [
  {
    name: 'events',
    up: statements(
      `create table if not exists events (
         position bigserial primary key,
         stream_id text not null,
         revision bigint not null,
         event_id uuid not null,
         type text not null,
         data jsonb,
         metadata jsonb not null,
         recorded_at timestamptz not null default now(),
         constraint events_stream_revision unique (stream_id, revision),
         constraint events_stream_event_id unique (stream_id, event_id)
       )`,
      // One row per stream: the row lock serialises appends to a stream and its revision is the one checked.
      `create table if not exists streams (stream_id text primary key, revision bigint not null)`,
      `create index if not exists events_type_position on events (type, position)`,
    ),
  },
  {
    // Tamper evidence (integrity.ts): each event's hash, chained to the one before it in its stream.
    name: 'hash-chain',
    async up(tx) {
      const [existing] = await tx.query<{ found: number }>(
        `select 1 as found from information_schema.columns
         where table_schema = current_schema() and table_name = 'events' and column_name = 'hash'`,
      );
      // The column already there means every event since it was added was hashed as it was written (and
      // the ones before, when it was added): a row without a hash now is a broken link, never re-hashed.
      if (existing) return;
      await tx.query('alter table events add column hash text');
      // Events stored before hashing existed get their chains here, in the one run of this migration.
      const unhashed = await tx.query<{ stream_id: string }>('select distinct stream_id from events');
      for (const { stream_id } of unhashed) await chainStream(tx, stream_id);
    },
  },
  {
    name: 'stream-prefix-index',
    up: statements(`create index if not exists events_stream_prefix on events (stream_id text_pattern_ops, position)`),
  },
  {
    // The hash of each stream's last event, beside its revision (see kauri_append_one); null until known.
    name: 'stream-head-hash',
    up: statements('alter table streams add column if not exists hash text'),
  },
  {
    // One round trip per append: see APPEND_FUNCTIONS.
    name: 'append-function',
    up: statements(...APPEND_FUNCTIONS),
  },
  {
    // Where the database compares text bytewise (collation C, as PGlite's always is), the (stream, revision) and
    // (stream, event id) indexes serve a prefix's range of stream ids as well (stream_id like 'asset-%'), so the
    // prefix index only costs every append a fifth index entry. Elsewhere it stays: they cannot serve `like`.
    name: 'stream-prefix-index-only-where-needed',
    async up(tx) {
      // Columns as they are on this server's version (datlocprovider since PostgreSQL 15, datlocale since 17).
      const [database] = await tx.query<{ provider: string | null; collate: string | null; locale: string | null }>(
        `select to_jsonb(d) ->> 'datlocprovider' as provider, to_jsonb(d) ->> 'datcollate' as collate,
                to_jsonb(d) ->> 'datlocale' as locale
         from pg_database d where datname = current_database()`,
      );
      const { provider, collate, locale } = database!;
      const bytewise =
        ((provider ?? 'c') === 'c' && (collate === 'C' || collate === 'POSIX')) || (provider === 'b' && locale === 'C');
      if (bytewise) await tx.query('drop index if exists events_stream_prefix');
    },
  },
];

/**
 * Applies the migrations this database has not recorded, in one transaction; the lock keeps two processes
 * opening the same database from racing. Opening never computes a hash for a row written earlier: that
 * happens only inside `hash-chain`, once, for events from before hashing existed.
 */
export async function migrateEventStoreSchema(db: SqlDatabase): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [SCHEMA_LOCK]);
    await tx.query(
      `create table if not exists event_store_migrations (
         name text primary key,
         applied_at timestamptz not null default now()
       )`,
    );
    const recorded = await tx.query<{ name: string }>('select name from event_store_migrations');
    const applied = new Set(recorded.map((r) => r.name));
    for (const migration of MIGRATIONS) {
      if (applied.has(migration.name)) continue;
      await migration.up(tx);
      await tx.query('insert into event_store_migrations (name) values ($1)', [migration.name]);
    }
  });
}

/** Hashes a whole stream from its first event (only for the one-off `hash-chain` migration). */
async function chainStream(tx: SqlSession, streamId: string): Promise<void> {
  const rows = await tx.query<StoredText>(`select ${STORED_TEXT} from events where stream_id = $1 order by revision`, [
    streamId,
  ]);
  let previous = '';
  const hashes = rows.map((r) => ({ position: Number(r.position), hash: (previous = chainHash(previous, fields(r))) }));
  if (hashes.length === 0) return;
  await tx.query(
    `update events e set hash = u.hash from jsonb_to_recordset($1::jsonb) as u(position bigint, hash text) where e.position = u.position`,
    [JSON.stringify(hashes)],
  );
}
