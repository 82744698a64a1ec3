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
import { jsonbText } from './jsonb-text.js';
import { chainHash, type BrokenLink, type IntegrityProgress, type IntegrityReport } from './integrity.js';
import { AppendSignal, catchUpSubscription } from './catch-up-subscription.js';

/** The little a PostgreSQL client must offer (pg and PGlite both fit behind a few lines). */
export interface SqlSession {
  query<R>(text: string, params?: readonly unknown[]): Promise<R[]>;
}

export interface SqlDatabase extends SqlSession {
  /** Runs `work` in one transaction on one connection: commits when it resolves, rolls back when it throws. */
  transaction<T>(work: (tx: SqlSession) => Promise<T>): Promise<T>;
  /**
   * `query` as a statement prepared once per connection under `name` (parsed and planned once, then only bound
   * and executed): for the statements run on every append. Outside any transaction of `transaction`'s.
   */
  queryPrepared?<R>(name: string, text: string, params: readonly unknown[]): Promise<R[]>;
}

/** Arbitrary constants naming Kauri's advisory locks (any other user of the database must avoid them). */
const POSITION_LOCK = 0x4b61_7572_6901;
const SCHEMA_LOCK = 0x4b61_7572_6902;

/** Raised inside kauri_append when a stream is not at the expected revision; the detail is its revision. */
const WRONG_REVISION = 'kauri: wrong expected revision';

/**
 * Appends in one statement, so one round trip and one commit: `kauri_append_one` for one append, `kauri_append`
 * for every append that came in while the previous call was under way (group commit: concurrent writers share a
 * commit instead of queueing for one each). `p_appends` is `[{ stream, expected, events, ... }]`, applied in
 * order, each all or nothing on its own (a subtransaction) and answered by its own row: `next_revision`,
 * `last_position` and `last_hash`, or the error that refused it. A single append that is refused raises.
 *
 * First the streams' rows are locked — for a group in one order, so that two calls cannot deadlock on them — in
 * the write that moves each stream's revision; then, on a server, the position lock is taken: a bigserial value
 * becomes visible at commit, not at insert, so two overlapping transactions could commit positions out of order,
 * and a reader that has passed position P would never see a lower one that commits later. Holding this lock up to
 * commit serialises position assignment; PostgreSQL makes a transaction visible before it releases its locks, so
 * positions become visible in increasing order (PGlite's one connection never overlaps transactions). Each
 * statement of a PL/pgSQL function takes a fresh snapshot: once the locks are granted, the rest sees what the
 * writer before committed.
 *
 * Then each append: check the expected revision, take the caller's hashes when they chain from the head's hash
 * kept in the stream's row (else chain each event's hash here, over the text the database stores: jsonb's
 * canonical rendering, the same text `verifyIntegrity` reads back, hashed as `chainHash` does), and insert.
 * Idempotency rests on the unique (stream, event id) constraint: a retry is sent again with `p_check_stored`,
 * which drops the events already stored (a repeat answers what the first attempt answered). An append refused
 * within a group keeps nothing but its stream's row, at revision -1 for a stream that had none: that reads as no
 * stream. On a server (`p_notify`), a NOTIFY wakes the other processes' subscriptions, delivered at commit.
 */
const APPEND_FUNCTIONS = [
  `
create or replace function kauri_append_one(
  p_stream text, p_expected text, p_events jsonb, p_notify boolean, p_position_lock boolean,
  p_from_revision bigint, p_from_hash text, p_hashes text[], p_check_stored boolean
)
returns table (next_revision bigint, last_position bigint, last_hash text)
language plpgsql as $fn$
declare
  v_count bigint := jsonb_array_length(p_events);
  -- The last of the caller's hashes: the stream's new head hash, if they chain from its head.
  v_given text := case when cardinality(p_hashes) = v_count then p_hashes[v_count] end;
  v_current bigint;
  v_hashed boolean;
  v_fresh jsonb := p_events;
  v_previous text;
  v_hashes text[] := '{}';
  v_event jsonb;
  v_revision bigint;
  v_expected_ok boolean;
begin
  -- One write locks the stream's row (creating it), moves its revision past the batch and, when the caller's
  -- hashes chain from the head it holds, records the new head's hash; a refused append raises, which takes it back.
  insert into streams as st (stream_id, revision, hash)
  values (p_stream, v_count - 1, case when p_from_revision = -1 and p_from_hash = '' then v_given end)
  on conflict (stream_id) do update set
    revision = st.revision + v_count,
    hash = case when st.revision = p_from_revision and st.hash = p_from_hash then v_given end
  returning st.revision - v_count, st.hash is not null into v_current, v_hashed;

  v_expected_ok := p_expected = 'any'
    or (p_expected = 'no_stream' and v_current = -1)
    or (p_expected = 'stream_exists' and v_current >= 0)
    or (p_expected ~ '^-?[0-9]+$' and p_expected::bigint = v_current);
  -- Idempotency: an event id already in the stream makes the insert fail (events_stream_event_id), and the
  -- caller asks again with p_check_stored; a repeat usually expects a revision gone by. Either way the events
  -- already stored are dropped (an index probe each).
  if v_current >= 0 and (p_check_stored or not v_expected_ok) then
    select coalesce(jsonb_agg(e.value order by e.ord), '[]'::jsonb) into v_fresh
    from jsonb_array_elements(p_events) with ordinality as e(value, ord)
    where not exists (
      select 1 from events x
      where x.stream_id = p_stream and x.event_id = (e.value -> 'metadata' ->> 'eventId')::uuid
    );
    if jsonb_array_length(v_fresh) < v_count then
      v_hashed := false;
      update streams set revision = v_current + jsonb_array_length(v_fresh) where stream_id = p_stream;
    end if;
    if jsonb_array_length(v_fresh) = 0 then
      update streams set hash = (select x.hash from events x where x.stream_id = p_stream and x.revision = v_current)
      where stream_id = p_stream;
      -- An idempotent repeat: what the first attempt answered, whatever revision is expected now.
      return query
        select x.revision, x.position, x.hash from events x
        where x.stream_id = p_stream
          and x.event_id = (p_events -> (v_count - 1)::integer -> 'metadata' ->> 'eventId')::uuid;
      return;
    end if;
  end if;
  if not v_expected_ok then
    raise exception '${WRONG_REVISION}' using detail = v_current::text;
  end if;

  if v_hashed then
    v_hashes := p_hashes;
  else
    -- Hashed here, from the stored head: the caller's hashes (see jsonb-text.ts) did not chain from it.
    select x.hash into v_previous from events x where x.stream_id = p_stream and x.revision = v_current;
    v_previous := coalesce(v_previous, '');
    v_revision := v_current;
    for v_event in select e.value from jsonb_array_elements(v_fresh) as e(value) loop
      v_revision := v_revision + 1;
      v_previous := encode(sha256(convert_to(
        v_previous || E'\\n' || p_stream || E'\\n' || v_revision::text || E'\\n'
          || lower(v_event -> 'metadata' ->> 'eventId') || E'\\n' || (v_event ->> 'type') || E'\\n'
          || coalesce((v_event -> 'data')::text, 'null') || E'\\n' || (v_event -> 'metadata')::text,
        'UTF8')), 'hex');
      v_hashes := v_hashes || v_previous;
    end loop;
    update streams set hash = v_previous where stream_id = p_stream;
  end if;
  if p_position_lock then
    perform pg_advisory_xact_lock(${POSITION_LOCK});
  end if;
  return query
    with inserted as (
      insert into events (stream_id, revision, event_id, type, data, metadata, hash)
      select p_stream, v_current + e.ord, (e.value -> 'metadata' ->> 'eventId')::uuid, e.value ->> 'type',
             e.value -> 'data', e.value -> 'metadata', v_hashes[e.ord]
      from jsonb_array_elements(v_fresh) with ordinality as e(value, ord)
      order by e.ord
      returning events.revision, events.position
    )
    select max(i.revision), max(i.position), v_hashes[cardinality(v_hashes)] from inserted i;
  if p_notify then
    perform pg_notify('kauri_events', null);
  end if;
end
$fn$`,
  `
create or replace function kauri_append(p_appends jsonb, p_notify boolean, p_position_lock boolean)
returns table (
  idx integer, next_revision bigint, last_position bigint, last_hash text,
  err_state text, err_message text, err_detail text, err_constraint text
)
language plpgsql as $fn$
declare
  v_stream text;
  v_append jsonb;
  v_ord bigint;
begin
  for v_stream in
    select distinct a.value ->> 'stream' from jsonb_array_elements(p_appends) as a(value) order by 1
  loop
    insert into streams (stream_id, revision) values (v_stream, -1)
    on conflict (stream_id) do update set revision = streams.revision;
  end loop;
  if p_position_lock then
    perform pg_advisory_xact_lock(${POSITION_LOCK});
  end if;
  for v_append, v_ord in select a.value, a.ord from jsonb_array_elements(p_appends) with ordinality as a(value, ord) loop
    idx := v_ord;
    err_state := null;
    err_message := null;
    err_detail := null;
    err_constraint := null;
    begin
      select o.next_revision, o.last_position, o.last_hash into next_revision, last_position, last_hash
      from kauri_append_one(
        v_append ->> 'stream', v_append ->> 'expected', v_append -> 'events', p_notify, p_position_lock,
        (v_append ->> 'fromRevision')::bigint, v_append ->> 'fromHash',
        case when v_append ? 'hashes' then array(select jsonb_array_elements_text(v_append -> 'hashes')) end,
        coalesce((v_append ->> 'checkStored')::boolean, false)
      ) o;
    exception when others then
      get stacked diagnostics err_state = returned_sqlstate, err_message = message_text,
                              err_detail = pg_exception_detail, err_constraint = constraint_name;
      next_revision := null;
      last_position := null;
      last_hash := null;
    end;
    return next;
  end loop;
end
$fn$`,
];

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

interface QueuedAppend {
  streamId: string;
  events: readonly EventToAppend[];
  expected: ExpectedRevision;
  /** Sent again after an event id was found stored: drop the stored ones first. */
  checkStored?: boolean;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

/** One row of kauri_append: an append's result, or the error that refused it. */
interface AppendRow {
  idx: number;
  next_revision: DbInt | null;
  last_position: DbInt | null;
  last_hash: string | null;
  err_state: string | null;
  err_message: string | null;
  err_detail: string | null;
  err_constraint: string | null;
}

/** A database error as kauri_append would report it (null when it is not one). */
function errorRow(error: unknown): AppendRow | null {
  if (typeof error !== 'object' || error === null || !('code' in error) || typeof error.code !== 'string') return null;
  const text = (key: string) => {
    const value = (error as Record<string, unknown>)[key];
    return typeof value === 'string' ? value : null;
  };
  return {
    idx: 1,
    next_revision: null,
    last_position: null,
    last_hash: null,
    err_state: error.code,
    err_message: text('message'),
    err_detail: text('detail'),
    err_constraint: text('constraint'),
  };
}

interface Head {
  revision: number;
  hash: string;
}

const NEW_STREAM: Head = { revision: -1, hash: '' };
const MAX_KNOWN_HEADS = 10_000;

interface PreparedAppend {
  stream: string;
  expected: string;
  /** The events as JSON: `[{ type, data, metadata }, ...]`. */
  events: string;
  fromRevision: number | null;
  fromHash: string | null;
  hashes?: string[];
  checkStored: boolean;
}

/** kauri_append's `p_appends`: each append's events are JSON already. */
function appendsJson(appends: readonly PreparedAppend[]): string {
  return `[${appends.map(({ events, ...rest }) => `${JSON.stringify(rest).slice(0, -1)}, "events": ${events}}`).join(', ')}]`;
}

/** An event as it is sent (`json`), with the text jsonb will render for its data and metadata (null: not known). */
interface RenderedEvent {
  type: string;
  eventId: string;
  data: string | null;
  metadata: string | null;
  json: string;
}

/**
 * An event as the database receives it. A plain one (what JSON carries unchanged: the usual case) is rendered once,
 * as jsonb renders it (jsonb-text.ts), and that text is sent; anything else goes through JSON first and is rendered
 * as JSON.parse gives it back. Data JSON cannot carry (a BigInt, a cycle) throws here.
 */
function rendered({ type, data, metadata }: EventToAppend): RenderedEvent {
  try {
    const dataText = data === undefined ? undefined : jsonbText(data);
    const metadataText = jsonbText(metadata);
    if (
      typeof type === 'string' &&
      typeof metadata.eventId === 'string' &&
      dataText !== null &&
      metadataText !== null
    ) {
      const json = `{"type": ${JSON.stringify(type)}${dataText === undefined ? '' : `, "data": ${dataText}`}, "metadata": ${metadataText}}`;
      return { type, eventId: metadata.eventId, data: dataText ?? 'null', metadata: metadataText, json };
    }
  } catch {
    // Not plain (too deep to render, a cycle): through JSON, which says what is wrong.
  }
  const json = JSON.stringify({ type, data, metadata });
  const parsed = JSON.parse(json) as { type: string; data?: unknown; metadata: EventMetadata };
  return {
    type: parsed.type,
    eventId: parsed.metadata.eventId,
    data: parsed.data === undefined ? 'null' : jsonbText(parsed.data),
    metadata: jsonbText(parsed.metadata),
    json,
  };
}

const NO_ERROR = { err_state: null, err_message: null, err_detail: null, err_constraint: null };

/** Appends sent in one call at most, and events (a single larger append still goes, alone). */
const MAX_APPENDS_PER_CALL = 64;
const MAX_EVENTS_PER_CALL = 1000;
const UNIQUE_VIOLATION = '23505';
const DEADLOCK = '40P01';

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

  /** Whether an append notifies other processes (LISTEN/NOTIFY on a server; PGlite has one process). */
  protected readonly notifiesOnAppend: boolean = false;

  /**
   * Whether appends take the position lock (see APPEND_FUNCTIONS). PGlite runs one connection: its transactions
   * never overlap, so positions become visible in order without it.
   */
  protected readonly takesPositionLock: boolean = true;

  /** Releases the connection(s). */
  protected abstract release(): Promise<void>;

  /**
   * One statement (kauri_append, see APPEND_FUNCTIONS): an append made while none is under way goes at once; those
   * made meanwhile wait for it and then go together, in one call and one commit.
   */
  append(streamId: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) return this.appendNothing(streamId, expected);
    // A batch naming an id twice keeps the first.
    const seen = new Set<string>();
    const once = events.filter((e) => {
      const id = e.metadata.eventId.toLowerCase();
      return !seen.has(id) && Boolean(seen.add(id));
    });
    return new Promise((resolve, reject) => {
      this.queued.push({ streamId, events: once, expected, resolve, reject });
      if (!this.appending) void this.appendQueued();
    });
  }

  private readonly queued: QueuedAppend[] = [];
  private appending = false;

  private async appendQueued(): Promise<void> {
    this.appending = true;
    try {
      while (this.queued.length > 0) {
        const batch: QueuedAppend[] = [];
        for (let events = 0; this.queued.length > 0 && batch.length < MAX_APPENDS_PER_CALL; ) {
          events += this.queued[0]!.events.length;
          if (batch.length > 0 && events > MAX_EVENTS_PER_CALL) break;
          batch.push(this.queued.shift()!);
        }
        await this.appendTogether(batch);
      }
    } finally {
      this.appending = false;
    }
  }

  private async appendTogether(queued: readonly QueuedAppend[]): Promise<void> {
    // Heads as they will be if the appends before succeed: a later append to the same stream chains on.
    const heads = new Map<string, Head>();
    const batch: QueuedAppend[] = [];
    const appends: PreparedAppend[] = [];
    for (const append of queued) {
      try {
        appends.push(this.prepare(append, heads));
        batch.push(append);
      } catch (error) {
        append.reject(error); // data JSON cannot carry (a BigInt, a cycle): refused alone, before anything is sent
      }
    }
    if (batch.length === 0) return;
    let rows: AppendRow[];
    try {
      if (batch.length === 1) {
        const [a] = appends as [PreparedAppend];
        const [row] = await this.prepared<Pick<AppendRow, 'next_revision' | 'last_position' | 'last_hash'>>(
          'kauri_append_one',
          `select next_revision, last_position, last_hash
           from kauri_append_one($1, $2, $3::jsonb, $4, $5, $6, $7, $8, $9)`,
          [
            a.stream,
            a.expected,
            a.events,
            this.notifiesOnAppend,
            this.takesPositionLock,
            a.fromRevision,
            a.fromHash,
            a.hashes ?? null,
            a.checkStored,
          ],
        );
        rows = [{ ...NO_ERROR, idx: 1, ...row! }];
      } else {
        rows = await this.prepared<AppendRow>('kauri_append', 'select * from kauri_append($1::jsonb, $2, $3)', [
          appendsJson(appends),
          this.notifiesOnAppend,
          this.takesPositionLock,
        ]);
      }
    } catch (error) {
      if (batch.length === 1) {
        const row = errorRow(error);
        if (row) this.settle(batch, [row]);
        else batch[0]!.reject(error);
      } else {
        for (const append of batch) append.reject(error);
      }
      for (const append of batch) this.heads.delete(append.streamId);
      return;
    }
    this.settle(batch, rows);
  }

  /** A statement run on every append: prepared once where the database can (see SqlDatabase.queryPrepared). */
  private prepared<R>(name: string, text: string, params: readonly unknown[]): Promise<R[]> {
    return this.db.queryPrepared ? this.db.queryPrepared<R>(name, text, params) : this.db.query<R>(text, params);
  }

  /**
   * The append as kauri_append takes it, with its events' hashes when the stream's head is known here (a new
   * stream's, or one this store appended to): hashed in JavaScript, over the text jsonb will render (see
   * jsonb-text.ts). The database uses them only if they chain from the head it holds; else it hashes itself.
   */
  private prepare(append: QueuedAppend, heads: Map<string, Head>): PreparedAppend {
    const { streamId, expected } = append;
    const events = append.events.map(rendered);
    const from = expected === 'no_stream' ? NEW_STREAM : (heads.get(streamId) ?? this.heads.get(streamId));
    let hashes: string[] | null = from ? [] : null;
    let previous = from?.hash ?? '';
    for (const [i, e] of events.entries()) {
      if (!hashes) break;
      if (e.data === null || e.metadata === null) hashes = null;
      else {
        const revision = from!.revision + 1 + i;
        previous = chainHash(previous, {
          streamId,
          revision,
          eventId: e.eventId,
          type: e.type,
          data: e.data,
          metadata: e.metadata,
        });
        hashes.push(previous);
      }
    }
    if (from && hashes) heads.set(streamId, { revision: from.revision + events.length, hash: previous });
    else heads.delete(streamId);
    return {
      stream: streamId,
      expected: String(expected),
      events: `[${events.map((e) => e.json).join(', ')}]`,
      fromRevision: from?.revision ?? null,
      fromHash: from?.hash ?? null,
      ...(hashes && { hashes }),
      checkStored: append.checkStored === true,
    };
  }

  /** Stream heads this store knows (its own appends), so that the next append to them can hash here. */
  private readonly heads = new Map<string, Head>();

  private rememberHead(streamId: string, head: Head): void {
    this.heads.delete(streamId);
    this.heads.set(streamId, head);
    if (this.heads.size > MAX_KNOWN_HEADS) this.heads.delete(this.heads.keys().next().value!);
  }

  private settle(batch: readonly QueuedAppend[], rows: readonly AppendRow[]): void {
    if (rows.some((r) => r.err_state === null)) this.signal.notify();
    for (const row of rows) {
      const append = batch[row.idx - 1]!;
      if (row.err_state === null) {
        const nextRevision = Number(row.next_revision);
        if (row.last_hash) this.rememberHead(append.streamId, { revision: nextRevision, hash: row.last_hash });
        append.resolve({ nextRevision, position: Number(row.last_position) });
        continue;
      }
      this.heads.delete(append.streamId);
      if (row.err_state === DEADLOCK) {
        // Chosen as a deadlock's victim (against another process): nothing of it was kept; it goes again.
        this.queued.push(append);
      } else if (
        row.err_state === UNIQUE_VIOLATION &&
        row.err_constraint === 'events_stream_event_id' &&
        !append.checkStored
      ) {
        // An event of it is stored already (a retry): again, dropping what is stored (idempotency).
        this.queued.push({ ...append, checkStored: true });
      } else {
        this.refused(append, row).then(append.reject, append.reject);
      }
    }
  }

  /** The error for an append kauri_append refused. */
  private async refused(append: QueuedAppend, row: AppendRow): Promise<Error> {
    const { streamId, expected } = append;
    if (row.err_message === WRONG_REVISION) {
      const current = Number(row.err_detail);
      return new WrongExpectedRevisionError(streamId, expected, current < 0 ? 'no_stream' : current);
    }
    // The stream row lock makes this unreachable in normal use; should two writers still collide on a
    // revision (say, a row of `streams` edited by hand), the caller sees the domain error, not a raw one.
    if (row.err_state === UNIQUE_VIOLATION && row.err_constraint === 'events_stream_revision') {
      return new WrongExpectedRevisionError(streamId, expected, await this.actualRevision(streamId));
    }
    return Object.assign(new Error(row.err_message ?? 'append failed'), {
      code: row.err_state,
      detail: row.err_detail,
      constraint: row.err_constraint,
    });
  }

  private async appendNothing(streamId: string, expected: ExpectedRevision): Promise<AppendResult> {
    const current = await this.streamRevision(streamId);
    checkExpectedRevision(streamId, expected, current);
    return { nextRevision: current, position: await this.headPosition() };
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
