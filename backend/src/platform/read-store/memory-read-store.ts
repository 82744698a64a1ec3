import { Query } from 'mingo';
import type {
  BatchStep,
  Doc,
  Filter,
  FindOptions,
  ReadCollection,
  ReadStore,
  ReadStoreHealth,
  WriteOp,
} from './read-store.js';

const NONE: ReadonlyMap<string, never> = new Map<string, never>();

/**
 * A deep copy of a stored document (so a caller's changes never reach the store), as `structuredClone` makes it but
 * several times faster for what documents hold: plain objects, arrays and primitives. Anything else (a Date, a
 * Map) is copied by `structuredClone`. Every read returns copies: this is on the path of every request.
 */
export function copyOf<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = copyOf(value[i]);
    return out as T;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return structuredClone(value);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const copy = copyOf((value as Record<string, unknown>)[key]);
    // A key such as __proto__ stays a key of the copy, never its prototype.
    if (key === '__proto__')
      Object.defineProperty(out, key, { value: copy, enumerable: true, writable: true, configurable: true });
    else out[key] = copy;
  }
  return out as T;
}

/**
 * Looks its documents up by name on every call, so a handle stays valid across a blue/green swap.
 * Like MongoDB, only a write creates the collection: reading a missing one sees it empty. Writes go through
 * the store's `writeBatch`, so an adapter built on this one (the SQL store) sees every write.
 */
class MemoryCollection<T extends Doc> implements ReadCollection<T> {
  constructor(
    private readonly store: ReadStore,
    private readonly name: string,
    private readonly existing: () => ReadonlyMap<string, Doc> | undefined,
    private readonly indexes: EqualityIndexes,
  ) {}

  /**
   * The documents that may match: those named by `_id` (in the order asked), else those an equality (or `$in`) on a
   * top-level field narrows to through its index, in the collection's order; all of them when the filter has
   * neither. Mingo still tests each one unless the lookup alone is the answer.
   */
  private candidates(filter: Filter): { docs: Iterable<T>; exact: boolean } {
    const docs = this.docs;
    const keys = Object.keys(filter);
    const named = Object.hasOwn(filter, '_id') ? valuesNamed(filter._id) : null;
    if (named) {
      const found = named.flatMap((id) => (typeof id === 'string' ? (docs.get(id) ?? []) : []));
      return { docs: found, exact: keys.length === 1 };
    }
    if (docs.size < INDEX_FROM) return { docs: docs.values(), exact: keys.length === 0 };
    for (const field of keys) {
      const values = field !== '_id' && !field.startsWith('$') && !field.includes('.') && valuesNamed(filter[field]);
      if (!values) continue;
      const found = this.indexes.lookup(docs, field, values);
      // A lone condition on a field no document holds an array or object in: the index's answer is the answer.
      return { docs: found.docs as T[], exact: keys.length === 1 && found.exact };
    }
    return { docs: docs.values(), exact: keys.length === 0 };
  }

  private matching(filter: Filter): T[] {
    const { docs, exact } = this.candidates(filter);
    if (exact) return [...docs];
    const query = new Query(filter, {});
    return [...docs].filter((d) => query.test(d as unknown as Record<string, unknown>));
  }

  private get docs(): ReadonlyMap<string, T> {
    return (this.existing() ?? NONE) as ReadonlyMap<string, T>;
  }

  async get(id: string): Promise<T | null> {
    const doc = this.docs.get(id);
    return doc ? copyOf(doc) : null;
  }

  upsert(doc: T): Promise<void> {
    return this.write([{ upsert: doc }]);
  }

  delete(id: string): Promise<void> {
    return this.write([{ delete: id }]);
  }

  async find(filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    let result = this.matching(filter);
    if (options.sort) result.sort(compareBy(options.sort));
    const skip = options.skip ?? 0;
    result = result.slice(skip, options.limit ? skip + options.limit : undefined);
    return copyOf(result);
  }

  async count(filter: Filter = {}): Promise<number> {
    if (Object.keys(filter).length === 0) return this.docs.size;
    return this.matching(filter).length;
  }

  write(ops: readonly WriteOp<T>[]): Promise<void> {
    return this.store.writeBatch([{ collection: this.name, ops }]);
  }
}

type Primitive = string | number | boolean;

const isPrimitive = (value: unknown): value is Primitive =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/**
 * The values a condition names when it is a plain string, number or boolean, or `{ $in: [such values] }` (each
 * once): a lookup by key or index can answer it instead of a scan. Null for any other condition.
 */
function valuesNamed(condition: unknown): Primitive[] | null {
  if (isPrimitive(condition)) return [condition];
  if (condition === null || typeof condition !== 'object' || Object.keys(condition).length !== 1) return null;
  const values: unknown = '$in' in condition ? condition.$in : null;
  if (!Array.isArray(values)) return null;
  const named = new Set<Primitive>();
  for (const value of values as unknown[]) {
    if (!isPrimitive(value)) return null;
    named.add(value);
  }
  return [...named];
}

/** Collections smaller than this are scanned: an index would not pay for itself. */
const INDEX_FROM = 64;

interface FieldIndex {
  /** Ids by the field's value, for documents whose value is a string, number or boolean. */
  byValue: Map<Primitive, Set<string>>;
  /** Documents whose value is an array or an object: an equality may match inside them, so always candidates. */
  other: Set<string>;
}

/**
 * Equality indexes over the documents of a collection, built on the first query that can use them and kept up to
 * date by every write after that: a query such as `{ investorId }` looks at that investor's documents instead of
 * scanning all of them (reads answer in microseconds whatever the history). Results keep the collection's order
 * (a Map's: first insertion), which the index remembers as a sequence number per document.
 */
class EqualityIndexes {
  private readonly byCollection = new WeakMap<
    ReadonlyMap<string, Doc>,
    { fields: Map<string, FieldIndex>; order: Map<string, number>; next: number }
  >();

  /**
   * The documents that may match `{ [field]: value }` for one of the values; `exact` when they all do (none holds an
   * array or object).
   */
  lookup(docs: ReadonlyMap<string, Doc>, field: string, values: readonly Primitive[]): { docs: Doc[]; exact: boolean } {
    let indexed = this.byCollection.get(docs);
    if (!indexed) {
      indexed = { fields: new Map(), order: new Map(), next: 0 };
      for (const id of docs.keys()) indexed.order.set(id, indexed.next++);
      this.byCollection.set(docs, indexed);
    }
    let index = indexed.fields.get(field);
    if (!index) {
      index = { byValue: new Map(), other: new Set() };
      for (const [id, doc] of docs) add(index, id, (doc as unknown as Record<string, unknown>)[field]);
      indexed.fields.set(field, index);
    }
    const ids = [...values.flatMap((value) => [...(index.byValue.get(value) ?? [])]), ...index.other];
    const { order } = indexed;
    if (ids.length > 1) ids.sort((a, b) => order.get(a)! - order.get(b)!);
    return { docs: ids.map((id) => docs.get(id)!), exact: index.other.size === 0 };
  }

  /** Before `docs` changes: keeps its indexes (if any) in step with the operation. */
  write(docs: ReadonlyMap<string, Doc>, op: WriteOp<Doc>): void {
    const indexed = this.byCollection.get(docs);
    if (!indexed) return;
    const id = 'upsert' in op ? op.upsert._id : op.delete;
    const before = docs.get(id) as Record<string, unknown> | undefined;
    const after = 'upsert' in op ? (op.upsert as unknown as Record<string, unknown>) : undefined;
    for (const [field, index] of indexed.fields) {
      if (before && after && before[field] === after[field]) continue;
      if (before) remove(index, id, before[field]);
      if (after) add(index, id, after[field]);
    }
    if (!before && after) indexed.order.set(id, indexed.next++);
    if (before && !after) indexed.order.delete(id);
  }
}

function add(index: FieldIndex, id: string, value: unknown): void {
  if (value !== null && typeof value === 'object') index.other.add(id);
  else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    let ids = index.byValue.get(value);
    if (!ids) index.byValue.set(value, (ids = new Set()));
    ids.add(id);
  }
}

function remove(index: FieldIndex, id: string, value: unknown): void {
  if (value !== null && typeof value === 'object') index.other.delete(id);
  else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    const ids = index.byValue.get(value);
    ids?.delete(id);
    if (ids?.size === 0) index.byValue.delete(value);
  }
}

function valueAt(doc: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, k) => (v == null ? undefined : (v as Record<string, unknown>)[k]), doc);
}

/** MongoDB's order for the types we store: null/missing < numbers < strings < booleans < dates. */
function rank(v: unknown): number {
  if (v === null || v === undefined) return 0;
  if (typeof v === 'number') return 1;
  if (typeof v === 'string') return 2;
  if (typeof v === 'boolean') return 4;
  if (v instanceof Date) return 5;
  return 3;
}

function compareBy(sort: Record<string, 1 | -1>) {
  const keys = Object.entries(sort);
  return (a: unknown, b: unknown): number => {
    for (const [path, dir] of keys) {
      const x = valueAt(a, path);
      const y = valueAt(b, path);
      const rx = rank(x);
      const ry = rank(y);
      let c = rx - ry;
      if (c === 0 && rx > 0) c = x! < y! ? -1 : x! > y! ? 1 : 0;
      if (c !== 0) return c * dir;
    }
    return 0;
  };
}

export class MemoryReadStore implements ReadStore {
  readonly kind: string = 'memory';
  protected readonly collections = new Map<string, Map<string, Doc>>();
  private readonly indexes = new EqualityIndexes();
  /** Each collection's generation; one counter for the store, so a collection dropped and made again never repeats one. */
  private readonly generations = new Map<string, number>();
  private lastGeneration = 0;

  generation(collection: string): number {
    return this.generations.get(collection) ?? 0;
  }

  /** After every change to a collection's documents (every write, swap and drop goes through here). */
  private changed(name: string): void {
    this.generations.set(name, ++this.lastGeneration);
  }

  collection<T extends Doc>(name: string): ReadCollection<T> {
    return new MemoryCollection<T>(this, name, () => this.documents(name), this.indexes);
  }

  /**
   * A collection's documents (undefined when it does not exist): every read and write goes through here, so a
   * subclass can fill a collection on first use.
   */
  protected documents(name: string): Map<string, Doc> | undefined {
    return this.collections.get(name);
  }

  /** Forgets a collection, as a drop or the target of a rename. */
  protected discard(name: string): void {
    this.collections.delete(name);
    this.changed(name);
  }

  renameCollection(from: string, to: string): Promise<void> {
    return this.writeBatch([{ rename: from, to }]);
  }

  async dropCollection(name: string): Promise<void> {
    this.discard(name);
  }

  async listCollections(): Promise<string[]> {
    return [...this.collections.keys()];
  }

  /** Copies every document first, so a document that cannot be copied fails the batch before any step applies. */
  async writeBatch(steps: readonly BatchStep[]): Promise<void> {
    const copy = (op: WriteOp<Doc>): WriteOp<Doc> => ('upsert' in op ? { upsert: structuredClone(op.upsert) } : op);
    this.adopt(steps.map((step) => ('rename' in step ? step : { ...step, ops: step.ops.map(copy) })));
  }

  /** Memory is all this store has: the same as a write. */
  applyUnpersisted(steps: readonly BatchStep[]): Promise<void> {
    return MemoryReadStore.prototype.writeBatch.call(this, steps);
  }

  /**
   * Applies the steps at once (synchronously), keeping the documents given rather than copies: for a caller
   * that hands them over and never touches them again, such as the SQL store with documents it has just parsed.
   */
  protected adopt(steps: readonly BatchStep[]): void {
    for (const step of steps) {
      if ('rename' in step) this.rename(step.rename, step.to);
      else this.apply(step.collection, step.ops);
    }
  }

  /** Deletes alone never create the collection. */
  private apply(name: string, ops: readonly WriteOp<Doc>[]): void {
    let docs = this.documents(name);
    if (!docs) {
      if (!ops.some((op) => 'upsert' in op)) return;
      docs = new Map();
      this.collections.set(name, docs);
    }
    for (const op of ops) {
      this.indexes.write(docs, op);
      if ('upsert' in op) docs.set(op.upsert._id, op.upsert);
      else docs.delete(op.delete);
    }
    this.changed(name);
  }

  /** A missing source leaves no target (as the mongodb adapter does), rather than an empty one. */
  private rename(from: string, to: string): void {
    const source = this.documents(from);
    this.discard(to);
    if (!source) return;
    this.collections.set(to, source);
    this.changed(to);
    this.discard(from);
  }

  /** How many collections and documents it holds. */
  protected size(): { collections: number; documents: number } {
    let documents = 0;
    for (const docs of this.collections.values()) documents += docs.size;
    return { collections: this.collections.size, documents };
  }

  async health(): Promise<ReadStoreHealth> {
    return { ok: true, kind: this.kind, detail: `${this.collections.size} collections` };
  }

  async close(): Promise<void> {}
}
