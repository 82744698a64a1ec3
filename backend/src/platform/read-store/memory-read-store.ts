import { Query } from 'mingo';
import type { BatchStep, Doc, Filter, FindOptions, ReadCollection, ReadStore, WriteOp } from './read-store.js';

const NONE: ReadonlyMap<string, never> = new Map<string, never>();

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
  ) {}

  private get docs(): ReadonlyMap<string, T> {
    return (this.existing() ?? NONE) as ReadonlyMap<string, T>;
  }

  async get(id: string): Promise<T | null> {
    const doc = this.docs.get(id);
    return doc ? structuredClone(doc) : null;
  }

  upsert(doc: T): Promise<void> {
    return this.write([{ upsert: doc }]);
  }

  delete(id: string): Promise<void> {
    return this.write([{ delete: id }]);
  }

  async find(filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    const query = new Query(filter, {});
    let result = [...this.docs.values()].filter((d) => query.test(d as unknown as Record<string, unknown>));
    if (options.sort) result.sort(compareBy(options.sort));
    const skip = options.skip ?? 0;
    result = result.slice(skip, options.limit ? skip + options.limit : undefined);
    return structuredClone(result);
  }

  async count(filter: Filter = {}): Promise<number> {
    if (Object.keys(filter).length === 0) return this.docs.size;
    const query = new Query(filter, {});
    let n = 0;
    for (const d of this.docs.values()) if (query.test(d as unknown as Record<string, unknown>)) n++;
    return n;
  }

  write(ops: readonly WriteOp<T>[]): Promise<void> {
    return this.store.writeBatch([{ collection: this.name, ops }]);
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

  collection<T extends Doc>(name: string): ReadCollection<T> {
    return new MemoryCollection<T>(this, name, () => this.documents(name));
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
      if ('upsert' in op) docs.set(op.upsert._id, op.upsert);
      else docs.delete(op.delete);
    }
  }

  /** A missing source leaves no target (as the mongodb adapter does), rather than an empty one. */
  private rename(from: string, to: string): void {
    const source = this.documents(from);
    this.discard(to);
    if (!source) return;
    this.collections.set(to, source);
    this.discard(from);
  }

  /** How many collections and documents it holds. */
  protected size(): { collections: number; documents: number } {
    let documents = 0;
    for (const docs of this.collections.values()) documents += docs.size;
    return { collections: this.collections.size, documents };
  }

  async health(): Promise<{ ok: boolean; kind: string; detail?: string }> {
    return { ok: true, kind: this.kind, detail: `${this.collections.size} collections` };
  }

  async close(): Promise<void> {}
}
