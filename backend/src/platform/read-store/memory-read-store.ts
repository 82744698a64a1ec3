import { Query } from 'mingo';
import type { Doc, Filter, FindOptions, ReadCollection, ReadStore, WriteOp } from './read-store.js';

const NONE: ReadonlyMap<string, never> = new Map<string, never>();

/**
 * Looks its documents up by name on every call, so a handle stays valid across a blue/green swap.
 * Like MongoDB, only a write creates the collection: reading a missing one sees it empty.
 */
class MemoryCollection<T extends Doc> implements ReadCollection<T> {
  constructor(
    private readonly existing: () => Map<string, T> | undefined,
    private readonly created: () => Map<string, T>,
  ) {}

  private get docs(): ReadonlyMap<string, T> {
    return this.existing() ?? NONE;
  }

  async get(id: string): Promise<T | null> {
    const doc = this.docs.get(id);
    return doc ? structuredClone(doc) : null;
  }

  async upsert(doc: T): Promise<void> {
    this.created().set(doc._id, structuredClone(doc));
  }

  async delete(id: string): Promise<void> {
    this.existing()?.delete(id);
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

  async write(ops: readonly WriteOp<T>[]): Promise<void> {
    // Deletes alone never create the collection.
    const docs = ops.some((op) => 'upsert' in op) ? this.created() : this.existing();
    if (!docs) return;
    for (const op of ops) {
      if ('upsert' in op) docs.set(op.upsert._id, structuredClone(op.upsert));
      else docs.delete(op.delete);
    }
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
  readonly kind = 'memory';
  private readonly collections = new Map<string, Map<string, Doc>>();

  collection<T extends Doc>(name: string): ReadCollection<T> {
    return new MemoryCollection(
      () => this.collections.get(name) as Map<string, T> | undefined,
      () => {
        let docs = this.collections.get(name);
        if (!docs) {
          docs = new Map();
          this.collections.set(name, docs);
        }
        return docs as Map<string, T>;
      },
    );
  }

  /** A missing source leaves no target (as the mongodb adapter does), rather than an empty one. */
  async renameCollection(from: string, to: string): Promise<void> {
    const source = this.collections.get(from);
    this.collections.delete(to);
    if (!source) return;
    this.collections.set(to, source);
    this.collections.delete(from);
  }

  async dropCollection(name: string): Promise<void> {
    this.collections.delete(name);
  }

  async listCollections(): Promise<string[]> {
    return [...this.collections.keys()];
  }

  async health() {
    return { ok: true, kind: this.kind, detail: `${this.collections.size} collections` };
  }

  async close(): Promise<void> {}
}
