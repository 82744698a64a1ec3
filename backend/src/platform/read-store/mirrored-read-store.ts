import { MemoryReadStore } from './memory-read-store.js';
import type { BatchStep, Doc, ReadCollection, ReadStore, WriteOp } from './read-store.js';

/**
 * Read models served from this process's memory over a store that keeps them (MongoDB beside EventStoreDB): what
 * the SQL store does over its table, for any `ReadStore`. A collection is loaded whole from the kept copy on first
 * use (and the rest in the background); every write goes to the kept copy first and to memory once it is there;
 * `applyUnpersisted` changes memory alone. So, as on PostgreSQL, every replica folds the log into its own memory
 * and only the holder of the `read-models` lease writes the kept copy (platform/jobs) — two replicas never write
 * the same documents, and none reads another's half-written batch.
 */
export class MirroredReadStore extends MemoryReadStore {
  override readonly kind: string;
  /** Writes and loads one at a time, so that memory applies writes in the order the kept copy took them. */
  private writing: Promise<unknown> = Promise.resolve();
  private closed = false;
  /** Collections in the kept copy that are not in memory yet. */
  private readonly unloaded = new Set<string>();

  private constructor(private readonly kept: ReadStore) {
    super();
    this.kind = kept.kind;
  }

  /** Lists the kept collections and starts loading them, one after another, a second from now. */
  static async over(kept: ReadStore, { loadInBackground = true } = {}): Promise<MirroredReadStore> {
    const store = new MirroredReadStore(kept);
    for (const name of await kept.listCollections()) store.unloaded.add(name);
    if (loadInBackground) store.loadInBackground();
    return store;
  }

  override collection<T extends Doc>(name: string): ReadCollection<T> {
    const inMemory = super.collection<T>(name);
    if (!this.unloaded.has(name)) return inMemory;
    const loaded = async <R>(read: () => Promise<R>): Promise<R> => {
      await this.serially(() => this.loadNow(name));
      return read();
    };
    return {
      get: (id) => loaded(() => inMemory.get(id)),
      // Writes go through writeBatch, which loads the collection first.
      upsert: (doc) => inMemory.upsert(doc),
      delete: (id) => inMemory.delete(id),
      find: (filter, options) => loaded(() => inMemory.find(filter, options)),
      count: (filter) => loaded(() => inMemory.count(filter)),
      write: (ops) => inMemory.write(ops),
    };
  }

  /** Only inside `serially`: no write can land between reading the kept documents and adopting them. */
  private async loadNow(name: string): Promise<void> {
    if (!this.unloaded.has(name)) return;
    const docs = await this.kept.collection<Doc>(name).find();
    this.unloaded.delete(name);
    this.adopt([{ collection: name, ops: docs.map((upsert): WriteOp<Doc> => ({ upsert })) }]);
  }

  private loadInBackground(): void {
    const next = () => {
      const [name] = this.unloaded;
      if (this.closed || name === undefined) return;
      this.serially(() => this.loadNow(name)).then(
        () => setImmediate(next).unref(),
        () => undefined, // closed meanwhile, or the store failed: a later use loads it (or says why)
      );
    };
    setTimeout(next, 1000).unref();
  }

  protected override discard(name: string): void {
    this.unloaded.delete(name);
    super.discard(name);
  }

  override async listCollections(): Promise<string[]> {
    return [...new Set([...(await super.listCollections()), ...this.unloaded])];
  }

  /** Kept first; memory once the kept copy took the whole batch (a failure leaves memory as it was). */
  override async writeBatch(steps: readonly BatchStep[]): Promise<void> {
    const copies = copied(steps);
    await this.serially(async () => {
      for (const name of touched(steps)) await this.loadNow(name);
      await this.kept.writeBatch(steps);
      this.adopt(copies);
    });
  }

  override async applyUnpersisted(steps: readonly BatchStep[]): Promise<void> {
    const copies = copied(steps);
    await this.serially(async () => {
      for (const name of touched(steps)) await this.loadNow(name);
      this.adopt(copies);
    });
  }

  override dropCollection(name: string): Promise<void> {
    return this.serially(async () => {
      await this.kept.dropCollection(name);
      await super.dropCollection(name);
    });
  }

  override async health(): Promise<{ ok: boolean; kind: string; detail?: string }> {
    const kept = await this.kept.health();
    if (!kept.ok) return kept;
    const { collections, documents } = this.size();
    const waiting = this.unloaded.size > 0 ? `, ${this.unloaded.size} more not loaded yet` : '';
    return {
      ...kept,
      detail: `${kept.detail ?? ''}; ${collections} collections, ${documents} documents in memory${waiting}`,
    };
  }

  override async close(): Promise<void> {
    this.closed = true;
    await this.writing.catch(() => undefined);
    await this.kept.close();
  }

  private serially<T>(task: () => Promise<T>): Promise<T> {
    if (this.closed) return Promise.reject(new Error('The read store is closed'));
    const run = this.writing.then(task, task);
    this.writing = run.catch(() => undefined);
    return run;
  }
}

function touched(steps: readonly BatchStep[]): Set<string> {
  return new Set(steps.flatMap((s) => ('rename' in s ? [s.rename, s.to] : [s.collection])));
}

/** Memory keeps copies: the caller's documents may change after the call. */
function copied(steps: readonly BatchStep[]): BatchStep[] {
  return steps.map((step) =>
    'rename' in step
      ? step
      : { ...step, ops: step.ops.map((op) => ('upsert' in op ? { upsert: structuredClone(op.upsert) } : op)) },
  );
}
