import type { SqlDatabase } from '../event-store/sql-database.js';
import { KeptReadStore } from './kept-read-store.js';
import type { BatchStep, Doc, ReadStoreHealth, WriteOp } from './read-store.js';

/**
 * Read models kept in memory and persisted in the event store's own PostgreSQL database (PGlite or a server):
 * queries are answered from memory (the memory adapter: mingo filters, the same semantics) and never touch the
 * database once a collection is loaded; every write is committed to the `read_models` table first and applied in
 * memory once committed, so memory never shows what a crash could take back (save `applyUnpersisted`, for the
 * engine's retry of a write that failed transiently: its checkpoints stay unstored too). `writeBatch` is one transaction, so a
 * projection's documents and its checkpoint are stored together or not at all, and a blue/green swap is atomic.
 *
 * At open only the collections' names are read. Each collection is loaded (all its documents, in one go) on its
 * first use, and the rest one after another from a second after open, so the app serves at once whatever the size
 * of its read models, and a restart costs the same with a million events behind it as with none.
 * One process per database: another process's writes are not seen until it reopens. A collection is its rows,
 * so one left empty is not listed after a reopen.
 */
export interface SqlReadStoreOptions {
  /** Names the store in health reports: 'pglite', 'postgres'. */
  kind?: string;
  dump?: DumpReadModels;
  /** Load the collections nobody has used yet in the background (default true). */
  loadInBackground?: boolean;
}

export class SqlReadStore extends KeptReadStore {
  override readonly kind: string;

  private constructor(
    private readonly db: SqlDatabase,
    kind: string,
    private readonly dump: DumpReadModels,
  ) {
    super();
    this.kind = kind;
  }

  /**
   * Creates the table if missing and lists its collections. `dump`, when given, reads a collection in one go
   * (PGlite's COPY, see `pgliteDump`) instead of page by page.
   */
  static async open(db: SqlDatabase, options: SqlReadStoreOptions = {}): Promise<SqlReadStore> {
    await db.query(
      // `id` is the document's `_id` as JSON text (see storedId).
      // `json` keeps the text as written: every string JSON.stringify produces is accepted (jsonb refuses
      // \u0000), nothing is rendered again on the way out, and a reload gives back exactly what memory holds.
      `create table if not exists read_models (
         collection text not null,
         id text not null,
         doc json not null,
         primary key (collection, id)
       )`,
    );
    const store = new SqlReadStore(db, options.kind ?? 'sql', options.dump ?? pagedDump);
    // The distinct names by hopping along the primary key: one index probe per collection, not a scan.
    const names = await db.query<{ name: string }>(
      `with recursive names as (
         (select collection as name from read_models order by collection limit 1)
         union all
         select (select collection from read_models where collection > names.name order by collection limit 1)
         from names where names.name is not null
       )
       select name from names where name is not null`,
    );
    for (const { name } of names) store.unloaded.add(name);
    if (options.loadInBackground ?? true) store.loadInBackground();
    return store;
  }

  protected async readKept(name: string): Promise<Doc[]> {
    const docs: Doc[] = [];
    await this.dump(this.db, name, (texts) => {
      for (const text of texts) docs.push(JSON.parse(typeof text === 'string' ? text : text.toString('utf8')) as Doc);
    });
    return docs;
  }

  protected async readKeptOne(name: string, id: string): Promise<Doc | null> {
    const [row] = await this.db.query<{ doc: string }>(
      'select doc::text as doc from read_models where collection = $1 and id = $2',
      [name, storedId(id)],
    );
    return row ? (JSON.parse(row.doc) as Doc) : null;
  }

  protected async dropKept(name: string): Promise<void> {
    await this.db.query('delete from read_models where collection = $1', [name]);
  }

  protected memoryCopy(steps: readonly BatchStep[]): BatchStep[] {
    return steps.map((step) => serialise(step).step);
  }

  override async writeBatch(steps: readonly BatchStep[]): Promise<void> {
    // Serialised before anything can fail, so a document that cannot be stored fails the batch untouched.
    const stored = steps.map(serialise);
    await this.afterLoading(steps, async () => {
      await this.db.transaction(async (tx) => {
        for (const statement of statements(stored)) await tx.query(statement.text, statement.params);
      });
      this.adopt(stored.map((s) => s.step));
    });
  }

  override async health(): Promise<ReadStoreHealth> {
    try {
      await this.db.query('select 1');
      return { ok: true, kind: this.kind, ...this.inMemory() };
    } catch (error) {
      return { ok: false, kind: this.kind, detail: error instanceof Error ? error.message : String(error) };
    }
  }

  // close (KeptReadStore's) waits for writes under way; the database itself belongs to the event store, which closes it.
}

/** A stored document's JSON text, as read from the database. */
type StoredText = string | Buffer;

/** Hands one collection's stored documents, as text, to `load` (in one or several parts). */
export type DumpReadModels = (
  db: SqlDatabase,
  collection: string,
  load: (texts: StoredText[]) => void,
) => Promise<void>;

const PAGE = 10_000;

/** Any PostgreSQL: keyset pages in primary key order. */
const pagedDump: DumpReadModels = async (db, collection, load) => {
  const columns = 'select id, doc::text as doc from read_models where collection = $1';
  let rows = await db.query<StoredRow>(`${columns} order by id limit ${PAGE}`, [collection]);
  for (;;) {
    load(rows.map((r) => r.doc));
    if (rows.length < PAGE) return;
    rows = await db.query<StoredRow>(`${columns} and id > $2 order by id limit ${PAGE}`, [collection, rows.at(-1)!.id]);
  }
};

interface StoredRow {
  id: string;
  doc: string;
}

/** The little of PGlite that `pgliteDump` uses: its raw wire protocol, run exclusively. */
export interface PgliteProtocol {
  runExclusive<T>(fn: () => Promise<T>): Promise<T>;
  execProtocolRawStream(message: Uint8Array, options: { onRawData: (data: Uint8Array) => void }): Promise<void>;
}

/** COPY takes no parameters: the name goes in as a string literal (standard_conforming_strings is on). */
const dumpOf = (collection: string) =>
  `copy (select collection, doc from read_models where collection = '${collection.replaceAll("'", "''")}') to stdout with (format binary)`;

/**
 * PGlite: `COPY … TO STDOUT` in binary format over PGlite's raw protocol stream, parsed as it arrives. Measured
 * on a million events' read models, several times faster than `query()` (which decodes every row in JS) or a
 * COPY to PGlite's '/dev/blob' (which gathers a Blob first); binary, so there is no escaping to undo. In table
 * order: sorting would spill the whole table to disk.
 */
export function pgliteDump(pglite: PgliteProtocol): DumpReadModels {
  return async (_db, collection, load) => {
    const rows = new CopyRows();
    let error: string | null = null;
    // Copies each chunk (its memory may be reused), so the documents' bytes can stay where they arrived.
    const messages = new Framer(true, messageLength, (bytes, at, length) => {
      const type = bytes[at];
      const payload = bytes.subarray(at + 5, at + length);
      if (type === 0x64)
        rows.push(payload); // CopyData
      else if (type === 0x45) error ??= errorMessage(payload); // ErrorResponse
    });
    const query = simpleQuery(dumpOf(collection));
    await pglite.runExclusive(() => pglite.execProtocolRawStream(query, { onRawData: (data) => messages.push(data) }));
    if (error) throw new Error(`Loading the read models: ${error}`);
    if (messages.pending > 0 || !rows.complete) throw new Error('Loading the read models: the COPY stream ended early');
    for (const docs of rows.groups.values()) load(docs);
  };
}

/** A wire protocol Query message. */
function simpleQuery(sql: string): Uint8Array {
  const text = Buffer.from(`${sql}\0`);
  const message = Buffer.alloc(5 + text.length);
  message.write('Q', 0, 'latin1');
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return message;
}

/** A backend message: its type byte, then its length (counting itself but not the type). */
function messageLength(bytes: Buffer, at: number): number | null {
  return bytes.length - at < 5 ? null : 1 + bytes.readInt32BE(at + 1);
}

/** The M(essage) field of an ErrorResponse. */
function errorMessage(payload: Buffer): string {
  for (let at = 0; at < payload.length && payload[at] !== 0; ) {
    const end = payload.indexOf(0, at + 1);
    if (payload[at] === 0x4d) return payload.toString('utf8', at + 1, end);
    at = end + 1;
  }
  return 'unknown error';
}

/**
 * Cuts a byte stream that arrives in chunks into frames whose length shows in their first bytes (null: not
 * enough bytes yet), keeping a partial frame for the next chunk.
 */
class Framer {
  private carry: Buffer | null = null;

  constructor(
    private readonly copyChunks: boolean,
    private readonly frameLength: (bytes: Buffer, at: number) => number | null,
    private readonly onFrame: (bytes: Buffer, at: number, length: number) => void,
  ) {}

  get pending(): number {
    return this.carry?.length ?? 0;
  }

  push(chunk: Uint8Array): void {
    let bytes = this.copyChunks ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (this.carry) bytes = Buffer.concat([this.carry, bytes]);
    this.carry = null;
    let at = 0;
    for (;;) {
      const length = at < bytes.length ? this.frameLength(bytes, at) : null;
      if (length === null || at + length > bytes.length) break;
      this.onFrame(bytes, at, length);
      at += length;
    }
    if (at < bytes.length) this.carry = bytes.subarray(at);
  }
}

const COPY_SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');
/** Signature, flags and the length of the header extension. */
const COPY_HEADER = COPY_SIGNATURE.length + 8;

/**
 * PostgreSQL's binary COPY of (collection text, doc json): a header, then per row a field count and each field
 * as a length and its bytes (json is sent as its text), then a count of -1. Rows are parsed as they arrive.
 */
class CopyRows {
  readonly groups = new Map<string, StoredText[]>();
  complete = false;
  private header = false;
  private readonly framer = new Framer(
    false,
    (bytes, at) => this.frameLength(bytes, at),
    (bytes, at, length) => this.frame(bytes, at, length),
  );

  /** `payload` must not change afterwards: its documents are kept as views of it. */
  push(payload: Buffer): void {
    this.framer.push(payload);
  }

  private frameLength(bytes: Buffer, at: number): number | null {
    const available = bytes.length - at;
    if (!this.header) return available < COPY_HEADER ? null : COPY_HEADER + bytes.readInt32BE(at + COPY_HEADER - 4);
    if (available < 2) return null;
    const fields = bytes.readInt16BE(at);
    if (fields === -1) return 2;
    if (fields !== 2) throw new Error(`Binary COPY row with ${fields} fields`);
    if (available < 6) return null;
    const second = 6 + bytes.readInt32BE(at + 2);
    if (available < second + 4) return null;
    return second + 4 + bytes.readInt32BE(at + second);
  }

  private frame(bytes: Buffer, at: number, length: number): void {
    if (!this.header) {
      if (!bytes.subarray(at, at + COPY_SIGNATURE.length).equals(COPY_SIGNATURE)) throw new Error('Not a binary COPY');
      this.header = true;
    } else if (length === 2) {
      this.complete = true;
    } else {
      const nameEnd = at + 6 + bytes.readInt32BE(at + 2);
      const collection = bytes.toString('utf8', at + 6, nameEnd);
      let texts = this.groups.get(collection);
      if (!texts) this.groups.set(collection, (texts = []));
      texts.push(bytes.subarray(nameEnd + 4, at + length));
    }
  }
}

interface StoredStep {
  /** The step with each document as it will read back: parsed from the text that is stored. */
  step: BatchStep;
  /** Beside each operation, the text stored for its document (null for a delete). */
  texts: (string | null)[];
}

function serialise(step: BatchStep): StoredStep {
  if ('rename' in step) return { step, texts: [] };
  const texts = step.ops.map((op) => ('upsert' in op ? JSON.stringify(op.upsert) : null));
  const ops = step.ops.map((op, i): WriteOp<Doc> => ('upsert' in op ? { upsert: JSON.parse(texts[i]!) as Doc } : op));
  return { step: { collection: step.collection, ops }, texts };
}

/**
 * The `id` column holds the `_id` as JSON text: escaped, so that every string is a key (a PostgreSQL text value
 * cannot hold U+0000, and a lone surrogate would be stored as U+FFFD, making two ids one).
 */
function storedId(id: string): string {
  return JSON.stringify(id);
}

/** By (collection, stored id), as JavaScript compares strings: any fixed order will do, if every writer uses it. */
function byKey(a: readonly string[], b: readonly string[]): number {
  if (a[0] !== b[0]) return a[0]! < b[0]! ? -1 : 1;
  return a[1]! < b[1]! ? -1 : a[1]! > b[1]! ? 1 : 0;
}

interface Statement {
  text: string;
  params: unknown[];
}

/**
 * The SQL for a batch: runs of operation steps are folded to the last operation per document (a statement
 * may not touch a row twice) and written with one DELETE and one upsert; a rename is a swap of the rows.
 */
function* statements(steps: readonly StoredStep[]): Generator<Statement> {
  let run = new Map<string, Map<string, string | null>>();
  function* flush(): Generator<Statement> {
    const deletes: [string, string][] = [];
    const upserts: [string, string, string][] = [];
    for (const [collection, docs] of run) {
      for (const [id, text] of docs) {
        if (text === null) deletes.push([collection, id]);
        else upserts.push([collection, id, text]);
      }
    }
    run = new Map();
    // Rows are locked in the order a statement reaches them. Two processes writing the same rows (every engine
    // upserts the same checkpoints each batch) in different orders can each hold a row the other waits for:
    // PostgreSQL then aborts one with "deadlock detected". In one order, (collection, id), the second simply
    // waits for the first. (The engine still retries a deadlock; this makes it rare.)
    deletes.sort(byKey);
    upserts.sort(byKey);
    if (deletes.length > 0) {
      yield {
        text: `delete from read_models r using unnest($1::text[], $2::text[]) as d(collection, id)
                where r.collection = d.collection and r.id = d.id`,
        params: [deletes.map((d) => d[0]), deletes.map((d) => d[1])],
      };
    }
    if (upserts.length > 0) {
      yield {
        text: `insert into read_models (collection, id, doc)
               select * from unnest($1::text[], $2::text[], $3::json[])
               on conflict (collection, id) do update set doc = excluded.doc`,
        params: [upserts.map((u) => u[0]), upserts.map((u) => u[1]), upserts.map((u) => u[2])],
      };
    }
  }
  for (const { step, texts } of steps) {
    if ('rename' in step) {
      yield* flush();
      yield { text: 'delete from read_models where collection = $1', params: [step.to] };
      yield { text: 'update read_models set collection = $2 where collection = $1', params: [step.rename, step.to] };
      continue;
    }
    let docs = run.get(step.collection);
    if (!docs) run.set(step.collection, (docs = new Map()));
    for (const [i, op] of step.ops.entries()) docs.set(storedId('upsert' in op ? op.upsert._id : op.delete), texts[i]!);
  }
  yield* flush();
}
