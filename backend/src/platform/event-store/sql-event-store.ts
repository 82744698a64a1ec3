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
import { AppendSignal, signalledSubscription } from './catch-up-subscription.js';
import type { DbInt, SqlDatabase } from './sql-database.js';
import {
  APPEND_MANY,
  APPEND_ONE,
  COUNT_EVENTS,
  EVENTS_REVISION,
  fields,
  HEAD_POSITION,
  INTEGRITY_FIRST_PAGE,
  INTEGRITY_NEXT_PAGE,
  readAllOfTypesSql,
  readAllSql,
  readStreamSql,
  STREAM_REVISION,
  type StoredText,
  WRONG_REVISION,
} from './sql-event-store.sql.js';

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

interface EventRow {
  position: DbInt;
  stream_id: string;
  revision: DbInt;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

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
   * Whether appends take the position lock (see APPEND_FUNCTIONS, sql-event-store.sql.ts). PGlite runs one connection: its transactions
   * never overlap, so positions become visible in order without it.
   */
  protected readonly takesPositionLock: boolean = true;

  /** Releases the connection(s). */
  protected abstract release(): Promise<void>;

  /**
   * One statement (kauri_append, see APPEND_FUNCTIONS in sql-event-store.sql.ts): an append made while none is under way goes at once; those
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
          APPEND_ONE,
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
        rows = await this.prepared<AppendRow>('kauri_append', APPEND_MANY, [
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
    const [row] = await this.db.query<{ revision: DbInt }>(STREAM_REVISION, [streamId]);
    return row ? Number(row.revision) : -1;
  }

  /** The stream's revision as its events tell it (for a collision the `streams` row did not prevent). */
  private async actualRevision(streamId: string): Promise<number | 'no_stream'> {
    const [row] = await this.db.query<{ revision: DbInt | null }>(EVENTS_REVISION, [streamId]);
    return row?.revision == null ? 'no_stream' : Number(row.revision);
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const rows = await this.db.query<EventRow>(readStreamSql(backwards), [
      streamId,
      options.fromRevision ?? (backwards ? Number.MAX_SAFE_INTEGER : 0),
      options.maxCount ?? null,
    ]);
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
    const types = options.eventTypes?.length ? placeholders(options.eventTypes) : [];
    if (options.streamPrefixes?.length) {
      const likes = placeholders(options.streamPrefixes.map(likePrefix)).map((p) => `stream_id like ${p}`);
      conditions.push(`(${likes.join(' or ')})`);
    }
    if (types.length === 1) conditions.push(`type = ${types[0]}`);
    const sql = types.length > 1 ? readAllOfTypesSql(types, conditions) : readAllSql(conditions);
    const rows = await this.db.query<EventRow>(sql, params);
    return rows.map(toRecorded);
  }

  subscribe(options: SubscribeOptions): Subscription {
    return signalledSubscription((o) => this.readAll(o), this.signal, options);
  }

  async headPosition(): Promise<number> {
    const [row] = await this.db.query<{ head: DbInt }>(HEAD_POSITION);
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
    const [{ count }] = (await this.db.query<{ count: DbInt }>(COUNT_EVENTS)) as [{ count: DbInt }];
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
        ? await this.db.query<StoredText>(INTEGRITY_NEXT_PAGE, [cursor.streamId, cursor.revision])
        : await this.db.query<StoredText>(INTEGRITY_FIRST_PAGE);
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
