/**
 * The read store port: disposable, rebuildable documents that projections write and queries read.
 * Filters use MongoDB query syntax on both adapters (memory via mingo, mongodb natively), so a query
 * written against one behaves the same on the other — the shared contract suite holds them to it.
 */

export interface Doc {
  _id: string;
}

/**
 * A document as the read store holds it: a projection's documents also carry the position of the last event the
 * engine applied to them. Typed here, so an answer that passes a document on as it was read does not compile
 * (`ApiOk`: `_position` is in no response class); `withoutInternals` is how a document leaves the read side.
 */
export type Stored<T extends Doc> = T & { _position?: number };

/** The fields of T that are not the read side's own (`_id`, `_position`: every name starting with `_`). */
export type Fields<T> = { [K in keyof T as K extends `_${string}` ? never : K]: T[K] };

/** A document without the read side's bookkeeping: its fields, for an answer that names the id its own way. */
export function withoutInternals<T extends object>(doc: T): Fields<T> {
  return Object.fromEntries(Object.entries(doc).filter(([key]) => !key.startsWith('_'))) as Fields<T>;
}

/** A document as an answer carries it: `id`, then its fields, without the read side's bookkeeping. */
export function asAnswer<T extends Doc>(doc: T): { id: string } & Fields<T> {
  return { id: doc._id, ...withoutInternals(doc) };
}

export type Filter = Record<string, unknown>;
export type Sort = Record<string, 1 | -1>;

export interface FindOptions {
  sort?: Sort;
  skip?: number;
  limit?: number;
}

export type WriteOp<T extends Doc> = { upsert: T } | { delete: string };

/**
 * One step of `ReadStore.writeBatch`: operations on one collection, or a blue/green swap of a whole collection
 * (`renameCollection`'s semantics).
 */
export type BatchStep = { collection: string; ops: readonly WriteOp<Doc>[] } | { rename: string; to: string };

export interface ReadCollection<T extends Doc> {
  get(id: string): Promise<Stored<T> | null>;
  /** Replaces the whole document with this `_id`, inserting it when missing. */
  upsert(doc: T): Promise<void>;
  delete(id: string): Promise<void>;
  /** Without a sort the order is the adapter's: ask for one when it matters. */
  find(filter?: Filter, options?: FindOptions): Promise<Stored<T>[]>;
  count(filter?: Filter): Promise<number>;
  /** Applies the operations in order; used by projections to write a batch at once. */
  write(ops: readonly WriteOp<T>[]): Promise<void>;
}

/** What a read store says of itself in `GET /api/health`. */
export interface ReadStoreHealth {
  ok: boolean;
  kind: string;
  detail?: string;
  /**
   * Collections kept but not in memory yet (after a restart they load in the background): 0 once every one is.
   * Absent where a store loads nothing into memory, or holds only memory.
   */
  loading?: number;
}

export interface ReadStore {
  readonly kind: string;
  collection<T extends Doc>(name: string): ReadCollection<T>;
  /** Replaces `to` by `from` (blue/green swap after a rebuild). */
  renameCollection(from: string, to: string): Promise<void>;
  /**
   * Applies the steps in order: how a projection stores its documents together with its checkpoint. On the SQL
   * store the whole batch is one transaction (all or nothing, also across a crash); memory applies it at once
   * within the process (and loses it with the process); MongoDB applies the steps one after another, so a crash
   * may leave a prefix applied (the engine's documents carry their position, so re-applying is harmless).
   */
  writeBatch(steps: readonly BatchStep[]): Promise<void>;
  /**
   * Applies operation steps to what this process reads, without storing them: for a batch whose `writeBatch`
   * failed on a transient database error (a deadlock, a lost connection) and that the caller will write again,
   * so the read models keep serving meanwhile; and for a replica that leaves storing the read models to another
   * (the `read-models` job). Absent where reads do not come from this process's memory (the bare MongoDB adapter;
   * the app wraps it in `MirroredReadStore`): there a failed write stays a failure.
   */
  applyUnpersisted?(steps: readonly BatchStep[]): Promise<void>;
  dropCollection(name: string): Promise<void>;
  listCollections(): Promise<string[]>;
  /**
   * A number that is different after every change to the collection's documents in this store (a write, a swap,
   * a drop), so what is worked out from them can be kept until they change (`ReadModelMemo`). Absent where the
   * store cannot tell: a database other processes may write (MongoDB).
   */
  generation?(collection: string): number;
  health(): Promise<ReadStoreHealth>;
  /** The app has started serving: a store that loads its read models lazily loads the rest in the background now. */
  serving?(): void;
  /**
   * One document, read where it is kept without loading its collection into memory when it is not there yet: a
   * snapshot's chunks (kept-snapshots.ts), read once at start, are read one by one so that requests go on between
   * them. Without it, `collection(name).get(id)`.
   */
  peek?<T extends Doc>(collection: string, id: string): Promise<T | null>;
  close(): Promise<void>;
}

/**
 * The documents with these ids, by id, in one query however many are asked for (each id once; missing ones are
 * absent): how a query reads the documents a list refers to without a round trip per item.
 */
export async function byIds<T extends Doc>(
  collection: ReadCollection<T>,
  ids: Iterable<string>,
): Promise<Map<string, Stored<T>>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const found = await collection.find({ _id: { $in: wanted } });
  return new Map(found.map((doc) => [doc._id, doc]));
}
