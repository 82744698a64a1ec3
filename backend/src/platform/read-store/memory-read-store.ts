import { Query } from 'mingo';
import type { Doc, Filter, FindOptions, ReadCollection, ReadStore, WriteOp } from './read-store.js';

/** Looks its documents up by name on every call, so a handle stays valid across a blue/green swap. */
class MemoryCollection<T extends Doc> implements ReadCollection<T> {
  constructor(private readonly resolve: () => Map<string, T>) {}

  private get docs(): Map<string, T> {
    return this.resolve();
  }

  async get(id: string): Promise<T | null> {
    const doc = this.docs.get(id);
    return doc ? structuredClone(doc) : null;
  }

  async upsert(doc: T): Promise<void> {
    this.docs.set(doc._id, structuredClone(doc));
  }

  async delete(id: string): Promise<void> {
    this.docs.delete(id);
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
    for (const op of ops) {
      if ('upsert' in op) this.docs.set(op.upsert._id, structuredClone(op.upsert));
      else this.docs.delete(op.delete);
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
    return new MemoryCollection(() => {
      let docs = this.collections.get(name);
      if (!docs) {
        docs = new Map();
        this.collections.set(name, docs);
      }
      return docs as Map<string, T>;
    });
  }

  async renameCollection(from: string, to: string): Promise<void> {
    this.collections.set(to, this.collections.get(from) ?? new Map());
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
