import {
  checkExpectedRevision,
  WrongExpectedRevisionError,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type StoreHealth,
  type SubscribeOptions,
  type Subscription,
} from './event-store.js';
import { chainHash, type BrokenLink, type IntegrityProgress, type IntegrityReport } from './integrity.js';
import { AppendSignal, catchUpSubscription } from './catch-up-subscription.js';

/** The little a PostgreSQL client must offer (pg and PGlite both fit behind a few lines). */
export interface SqlSession {
  query<R>(text: string, params?: readonly unknown[]): Promise<R[]>;
}

export interface SqlDatabase extends SqlSession {
  /** Runs `work` in one transaction on one connection: commits when it resolves, rolls back when it throws. */
  transaction<T>(work: (tx: SqlSession) => Promise<T>): Promise<T>;
}

/** Arbitrary constants naming Kauri's advisory locks (any other user of the database must avoid them). */
const POSITION_LOCK = 0x4b61_7572_6901;
const SCHEMA_LOCK = 0x4b61_7572_6902;

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

interface StoredText {
  position: DbInt;
  revision: DbInt;
  stream_id: string;
  event_id: string;
  type: string;
  data: string;
  metadata: string;
  hash: string | null;
}

const STORED_TEXT = `position, revision, stream_id, event_id::text as event_id, type, coalesce(data::text, 'null') as data, metadata::text as metadata, hash`;
const fields = (r: StoredText) => ({
  streamId: r.stream_id,
  revision: Number(r.revision),
  eventId: r.event_id,
  type: r.type,
  data: r.data,
  metadata: r.metadata,
});

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

/** pg returns int8 as a string, PGlite as a number (or a bigint beyond 2^53). */
type DbInt = string | number | bigint;

interface EventRow {
  position: DbInt;
  stream_id: string;
  revision: DbInt;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

const COLUMNS = 'position, stream_id, revision, type, data, metadata';

function toRecorded(row: EventRow): RecordedEvent {
  return {
    streamId: row.stream_id,
    revision: Number(row.revision),
    position: Number(row.position),
    type: row.type,
    data: row.data,
    metadata: row.metadata,
  };
}

/** `like` pattern matching ids that start with `prefix` literally. */
function likePrefix(prefix: string): string {
  return `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The event store over a PostgreSQL database (a server through `pg`, or embedded PGlite): the same SQL
 * for both, so both pass the contract suite for the same reasons.
 */
export abstract class SqlEventStore implements EventStore {
  /** Wakes this process's subscriptions after its own appends (and, for a server, after NOTIFY). */
  protected readonly signal = new AppendSignal();

  protected constructor(
    readonly kind: string,
    private readonly db: SqlDatabase,
  ) {}

  /** The store's own database: tables that must live beside the events (the vault) use its connection. */
  get database(): SqlDatabase {
    return this.db;
  }

  /** Runs inside each append transaction after the insert (a server adapter sends its NOTIFY here). */
  protected async afterInsert(_tx: SqlSession): Promise<void> {}

  /** Releases the connection(s). */
  protected abstract release(): Promise<void>;

  async append(streamId: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) {
      const current = await this.streamRevision(streamId);
      checkExpectedRevision(streamId, expected, current);
      return { nextRevision: current, position: await this.headPosition() };
    }
    let result: AppendResult;
    try {
      result = await this.db.transaction((tx) => this.appendInTransaction(tx, streamId, events, expected));
    } catch (error) {
      // The stream row lock makes this unreachable in normal use; should two writers still collide on a
      // revision (say, a row of `streams` edited by hand), the caller sees the domain error, not a raw one.
      if (isUniqueViolation(error, 'events_stream_revision')) {
        throw new WrongExpectedRevisionError(streamId, expected, await this.actualRevision(streamId));
      }
      throw error;
    }
    this.signal.notify();
    return result;
  }

  private async appendInTransaction(
    tx: SqlSession,
    streamId: string,
    events: readonly EventToAppend[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    // Creates the stream row if missing and locks it in one statement: concurrent appends to a stream
    // queue here, so the revision read below stays true until commit.
    const [locked] = await tx.query<{ revision: DbInt }>(
      `insert into streams (stream_id, revision) values ($1, -1)
       on conflict (stream_id) do update set revision = streams.revision
       returning revision`,
      [streamId],
    );
    const current = Number(locked!.revision);

    const stored = current < 0 ? new Map<string, AppendResult>() : await this.storedIds(tx, streamId, events);
    const seen = new Set<string>(); // a batch naming an id twice keeps the first
    const fresh = events.filter((e) => {
      const id = e.metadata.eventId.toLowerCase();
      if (stored.has(id) || seen.has(id)) return false;
      seen.add(id);
      return true;
    });
    if (fresh.length === 0) {
      // An idempotent repeat: answer what the first attempt answered, whatever revision is expected now.
      return stored.get(events[events.length - 1]!.metadata.eventId.toLowerCase())!;
    }
    checkExpectedRevision(streamId, expected, current);

    // A bigserial value becomes visible at commit, not at insert: two overlapping appends could commit
    // positions out of order, and a reader that has passed position P would never see a lower one that
    // commits later. This lock serialises position assignment up to commit. PostgreSQL makes a transaction
    // visible before it releases its locks, so the next holder draws higher positions only after ours are
    // visible: positions become visible in increasing order. Taken after the revision check, so a refused
    // append never waits for it, and always after the stream row lock, so the two cannot deadlock.
    // Tamper evidence: each event's hash chains the stream's last hash over the text the database will
    // store (jsonb's canonical rendering, asked of the database itself), so the rows are written once, hashed.
    const batch = JSON.stringify(fresh.map(({ type, data, metadata }) => ({ type, data, metadata })));
    const rendered = await tx.query<{ data: string; metadata: string; previous: string | null }>(
      `select coalesce((e.value -> 'data')::text, 'null') as data, (e.value -> 'metadata')::text as metadata,
              (select hash from events where stream_id = $2 and revision = $3::bigint) as previous
       from jsonb_array_elements($1::jsonb) with ordinality as e(value, ord) order by e.ord`,
      [batch, streamId, current],
    );
    let previous = rendered[0]?.previous ?? '';
    const hashes = fresh.map(
      (e, i) =>
        (previous = chainHash(previous, {
          streamId,
          revision: current + 1 + i,
          eventId: e.metadata.eventId,
          type: e.type,
          data: rendered[i]!.data,
          metadata: rendered[i]!.metadata,
        })),
    );

    await tx.query('select pg_advisory_xact_lock($1)', [POSITION_LOCK]);
    const [inserted] = await tx.query<{ position: DbInt; revision: DbInt }>(
      `with inserted as (
         insert into events (stream_id, revision, event_id, type, data, metadata, hash)
         select $1, $2::bigint + e.ord, (e.value -> 'metadata' ->> 'eventId')::uuid, e.value ->> 'type',
                e.value -> 'data', e.value -> 'metadata', ($4::jsonb ->> (e.ord - 1)::int)
         from jsonb_array_elements($3::jsonb) with ordinality as e(value, ord)
         order by e.ord
         returning position, revision
       ), bumped as (
         update streams set revision = (select max(revision) from inserted) where stream_id = $1
       )
       select max(position) as position, max(revision) as revision from inserted`,
      [streamId, current, batch, JSON.stringify(hashes)],
    );
    await this.afterInsert(tx);
    return { nextRevision: Number(inserted!.revision), position: Number(inserted!.position) };
  }

  /** The events of this batch already in the stream, by lower-case event id (an index lookup per id). */
  private async storedIds(
    tx: SqlSession,
    streamId: string,
    events: readonly EventToAppend[],
  ): Promise<Map<string, AppendResult>> {
    const rows = await tx.query<{ event_id: string; revision: DbInt; position: DbInt }>(
      `select event_id::text as event_id, revision, position from events
       where stream_id = $1 and event_id = any($2::uuid[])`,
      [streamId, events.map((e) => e.metadata.eventId)],
    );
    return new Map(rows.map((r) => [r.event_id, { nextRevision: Number(r.revision), position: Number(r.position) }]));
  }

  private async streamRevision(streamId: string): Promise<number> {
    const [row] = await this.db.query<{ revision: DbInt }>('select revision from streams where stream_id = $1', [
      streamId,
    ]);
    return row ? Number(row.revision) : -1;
  }

  /** The stream's revision as its events tell it (for a collision the `streams` row did not prevent). */
  private async actualRevision(streamId: string): Promise<number | 'no_stream'> {
    const [row] = await this.db.query<{ revision: DbInt | null }>(
      'select max(revision) as revision from events where stream_id = $1',
      [streamId],
    );
    return row?.revision == null ? 'no_stream' : Number(row.revision);
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const rows = await this.db.query<EventRow>(
      `select ${COLUMNS} from events where stream_id = $1 and revision ${backwards ? '<=' : '>='} $2
       order by revision ${backwards ? 'desc' : 'asc'} limit $3::bigint`,
      [streamId, options.fromRevision ?? (backwards ? Number.MAX_SAFE_INTEGER : 0), options.maxCount ?? null],
    );
    return rows.map(toRecorded);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const params: unknown[] = [options.fromPosition ?? 0, options.maxCount ?? null];
    const placeholders = (values: readonly string[]) =>
      values.map((v) => {
        params.push(v);
        return `$${params.length}`;
      });
    const conditions = ['position > $1'];
    if (options.eventTypes?.length) conditions.push(`type in (${placeholders(options.eventTypes).join(', ')})`);
    if (options.streamPrefixes?.length) {
      const likes = placeholders(options.streamPrefixes.map(likePrefix)).map((p) => `stream_id like ${p}`);
      conditions.push(`(${likes.join(' or ')})`);
    }
    const rows = await this.db.query<EventRow>(
      `select ${COLUMNS} from events where ${conditions.join(' and ')} order by position limit $2::bigint`,
      params,
    );
    return rows.map(toRecorded);
  }

  subscribe(options: SubscribeOptions): Subscription {
    return catchUpSubscription(
      {
        readAll: (o) => this.readAll(o),
        waitForAppend: (ms, seen) => this.signal.wait(ms, seen),
        appendVersion: () => this.signal.version,
      },
      options,
    );
  }

  async headPosition(): Promise<number> {
    const [row] = await this.db.query<{ head: DbInt }>('select coalesce(max(position), 0) as head from events');
    return Number(row!.head);
  }

  async health(): Promise<StoreHealth> {
    try {
      return { ok: true, kind: this.kind, detail: `head position ${await this.headPosition()}` };
    } catch (error) {
      return { ok: false, kind: this.kind, detail: error instanceof Error ? error.message : String(error) };
    }
  }

  async verifyIntegrity(onProgress?: IntegrityProgress): Promise<IntegrityReport> {
    const [{ count }] = (await this.db.query<{ count: DbInt }>('select count(*) as count from events')) as [
      { count: DbInt },
    ];
    const total = Number(count);
    let checked = 0;
    let streams = 0;
    let firstBroken: BrokenLink | null = null;
    let cursor: { streamId: string; revision: number } | null = null;
    let previous = '';
    let expectedRevision = 0;
    // Keyset pages in (stream, revision) order: memory stays flat however long the log.
    for (;;) {
      const rows: StoredText[] = cursor
        ? await this.db.query<StoredText>(
            `select ${STORED_TEXT} from events where (stream_id, revision) > ($1, $2) order by stream_id, revision limit 2000`,
            [cursor.streamId, cursor.revision],
          )
        : await this.db.query<StoredText>(`select ${STORED_TEXT} from events order by stream_id, revision limit 2000`);
      if (rows.length === 0) break;
      for (const r of rows) {
        const revision = Number(r.revision);
        if (!cursor || r.stream_id !== cursor.streamId) {
          streams++;
          previous = '';
          expectedRevision = 0;
        }
        cursor = { streamId: r.stream_id, revision };
        const link = {
          streamId: r.stream_id,
          revision,
          position: Number(r.position),
          eventId: r.event_id,
          type: r.type,
        };
        if (!firstBroken) {
          if (revision !== expectedRevision) firstBroken = { ...link, reason: 'revision gap' };
          else if (!r.hash) firstBroken = { ...link, reason: 'missing hash' };
          else if (chainHash(previous, fields(r)) !== r.hash) firstBroken = { ...link, reason: 'hash mismatch' };
        }
        previous = r.hash ?? '';
        expectedRevision = revision + 1;
        checked++;
      }
      onProgress?.(checked, total);
    }
    return { checkedEvents: checked, checkedStreams: streams, firstBroken };
  }

  async close(): Promise<void> {
    this.signal.notify();
    await this.release();
  }
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    error.code === '23505' &&
    'constraint' in error &&
    error.constraint === constraint
  );
}
