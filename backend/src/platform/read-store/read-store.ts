/**
 * The read store port: disposable, rebuildable documents that projections write and queries read.
 * Filters use MongoDB query syntax on both adapters (memory via mingo, mongodb natively), so a query
 * written against one behaves the same on the other — the shared contract suite holds them to it.
 */

export interface Doc {
  _id: string;
}

export type Filter = Record<string, unknown>;
export type Sort = Record<string, 1 | -1>;

export interface FindOptions {
  sort?: Sort;
  skip?: number;
  limit?: number;
}

export type WriteOp<T extends Doc> = { upsert: T } | { delete: string };

export interface ReadCollection<T extends Doc> {
  get(id: string): Promise<T | null>;
  /** Replaces the whole document with this `_id`, inserting it when missing. */
  upsert(doc: T): Promise<void>;
  delete(id: string): Promise<void>;
  find(filter?: Filter, options?: FindOptions): Promise<T[]>;
  count(filter?: Filter): Promise<number>;
  /** Applies the operations in order; used by projections to write a batch at once. */
  write(ops: readonly WriteOp<T>[]): Promise<void>;
}

export interface ReadStore {
  readonly kind: string;
  collection<T extends Doc>(name: string): ReadCollection<T>;
  /** Replaces `to` by `from` (blue/green swap after a rebuild). */
  renameCollection(from: string, to: string): Promise<void>;
  dropCollection(name: string): Promise<void>;
  listCollections(): Promise<string[]>;
  health(): Promise<{ ok: boolean; kind: string; detail?: string }>;
  close(): Promise<void>;
}
