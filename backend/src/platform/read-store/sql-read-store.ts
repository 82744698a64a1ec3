import type { SqlDatabase } from '../event-store/sql-event-store.js';
import { MemoryReadStore } from './memory-read-store.js';
import type { BatchStep, Doc, WriteOp } from './read-store.js';

/**
 * Read models kept in memory and persisted in the event store's own PostgreSQL database (PGlite or a server):
 * queries are answered from memory (the memory adapter: mingo filters, the same semantics) and never touch the
 * database; every write is committed to the `read_models` table first and applied in memory once committed, so
 * memory never shows what a crash could take back. `writeBatch` is one transaction, so a projection's documents
 * and its checkpoint are stored together or not at all, and a blue/green swap is atomic.
 *
 * At open the stored documents are loaded into memory: the cost grows with the number of documents, not with
 * the length of the log. One process per database: another process's writes are not seen until it reopens.
 * A collection is its rows, so one left empty is not listed after a reopen.
 */
export class SqlReadStore extends MemoryReadStore {
  override readonly kind: string;
  /** Writes are serialised so that memory applies them in the order the database committed them. */
  private writing: Promise<unknown> = Promise.resolve();
  private closed = false;

  private constructor(
    private readonly db: SqlDatabase,
    kind: string,
  ) {
    super();
    this.kind = kind;
  }

  /**
   * Creates the table if missing and loads every stored document. `dump`, when given, reads the whole table in
   * one go (PGlite's COPY, see `pgliteDump`) instead of page by page.
   */
  static async open(db: SqlDatabase, options: { kind?: string; dump?: DumpReadModels } = {}): Promise<SqlReadStore> {
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
    const store = new SqlReadStore(db, options.kind ?? 'sql');
    const load = (collection: string, docs: Doc[]) => {
      store.adopt([{ collection, ops: docs.map((upsert) => ({ upsert })) }]);
    };
    await (options.dump ?? pagedDump)(db, load);
    return store;
  }

  override async writeBatch(steps: readonly BatchStep[]): Promise<void> {
    // Serialised before anything can fail, so a document that cannot be stored fails the batch untouched.
    const stored = steps.map(serialise);
    await this.serially(async () => {
      await this.db.transaction(async (tx) => {
        for (const statement of statements(stored)) await tx.query(statement.text, statement.params);
      });
      this.adopt(stored.map((s) => s.step));
    });
  }

  override dropCollection(name: string): Promise<void> {
    return this.serially(async () => {
      await this.db.query('delete from read_models where collection = $1', [name]);
      await super.dropCollection(name);
    });
  }

  override async health(): Promise<{ ok: boolean; kind: string; detail?: string }> {
    try {
      await this.db.query('select 1');
      const { collections, documents } = this.size();
      return { ok: true, kind: this.kind, detail: `${collections} collections, ${documents} documents in memory` };
    } catch (error) {
      return { ok: false, kind: this.kind, detail: error instanceof Error ? error.message : String(error) };
    }
  }

  /** Waits for writes under way; the database itself belongs to the event store, which closes it. */
  override async close(): Promise<void> {
    this.closed = true;
    await this.writing.catch(() => undefined);
  }

  private serially<T>(task: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new Error('The read store is closed'));
    const run = this.writing.then(task, task);
    this.writing = run.catch(() => undefined);
    return run;
  }
}

/** Hands each collection's stored documents, parsed, to `load`; a collection may come in several parts. */
export type DumpReadModels = (db: SqlDatabase, load: (collection: string, docs: Doc[]) => void) => Promise<void>;

const PAGE = 10_000;

/** Any PostgreSQL: keyset pages in primary key order. */
const pagedDump: DumpReadModels = async (db, load) => {
  const columns = 'select collection, id, doc::text as doc from read_models';
  let rows = await db.query<StoredRow>(`${columns} order by collection, id limit ${PAGE}`);
  for (;;) {
    for (const [collection, docs] of groupByCollection(rows)) load(collection, docs);
    if (rows.length < PAGE) return;
    const last = rows.at(-1)!;
    rows = await db.query<StoredRow>(
      `${columns} where (collection, id) > ($1, $2) order by collection, id limit ${PAGE}`,
      [last.collection, last.id],
    );
  }
};

interface StoredRow {
  collection: string;
  id: string;
  doc: string;
}

function groupByCollection(rows: readonly StoredRow[]): Map<string, Doc[]> {
  const groups = new Map<string, Doc[]>();
  for (const row of rows) {
    let docs = groups.get(row.collection);
    if (!docs) groups.set(row.collection, (docs = []));
    docs.push(JSON.parse(row.doc) as Doc);
  }
  return groups;
}

/**
 * PGlite: one `COPY … TO '/dev/blob'` in binary format (several times faster than a SELECT, whose rows PGlite
 * decodes one by one, and than COPY's text format, which escapes every backslash). `copy` runs the statement
 * and returns the blob, e.g. `(sql) => pglite.query(sql).then((r) => r.blob)`.
 */
export function pgliteDump(copy: (sql: string) => Promise<Blob | undefined>): DumpReadModels {
  return async (_db, load) => {
    // In table order: sorting would spill the whole table to disk.
    const blob = await copy(`copy (select collection, doc from read_models) to '/dev/blob' with (format binary)`);
    // PGlite hands back no blob at all for an empty result.
    if (!blob) return;
    for (const [collection, docs] of parseBinaryCopy(Buffer.from(await blob.arrayBuffer()))) load(collection, docs);
  };
}

const COPY_SIGNATURE = Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1');

/**
 * PostgreSQL's binary COPY of (collection text, doc json): a header, then per row a field count and each field
 * as a length and its bytes (json is sent as its text), then -1.
 */
function parseBinaryCopy(bytes: Buffer): Map<string, Doc[]> {
  if (!bytes.subarray(0, COPY_SIGNATURE.length).equals(COPY_SIGNATURE)) throw new Error('Not a binary COPY');
  let at = COPY_SIGNATURE.length + 4;
  at += 4 + bytes.readInt32BE(at);
  const groups = new Map<string, Doc[]>();
  let name = '';
  let docs: Doc[] = [];
  for (;;) {
    const fields = bytes.readInt16BE(at);
    at += 2;
    if (fields === -1) break;
    if (fields !== 2) throw new Error(`Binary COPY row with ${fields} fields`);
    const nameLength = bytes.readInt32BE(at);
    const collection = bytes.toString('utf8', at + 4, at + 4 + nameLength);
    at += 4 + nameLength;
    const docLength = bytes.readInt32BE(at);
    const doc = JSON.parse(bytes.toString('utf8', at + 4, at + 4 + docLength)) as Doc;
    at += 4 + docLength;
    if (collection !== name) {
      name = collection;
      docs = groups.get(name) ?? [];
      groups.set(name, docs);
    }
    docs.push(doc);
  }
  return groups;
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
