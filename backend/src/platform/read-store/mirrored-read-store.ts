import { KeptReadStore } from './kept-read-store.js';
import type { BatchStep, Doc, ReadStore, ReadStoreHealth } from './read-store.js';

/**
 * Read models served from this process's memory over a store that keeps them (MongoDB beside EventStoreDB): what
 * the SQL store does over its table, for any `ReadStore` (the lazy loading both share: kept-read-store.ts); every write goes to the kept copy first and to memory once it is there;
 * `applyUnpersisted` changes memory alone. So, as on PostgreSQL, every replica folds the log into its own memory
 * and only the holder of the `read-models` lease writes the kept copy (platform/jobs) — two replicas never write
 * the same documents, and none reads another's half-written batch.
 */
export class MirroredReadStore extends KeptReadStore {
  override readonly kind: string;

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

  protected readKept(name: string): Promise<Doc[]> {
    return this.kept.collection<Doc>(name).find();
  }

  protected readKeptOne(name: string, id: string): Promise<Doc | null> {
    return this.kept.collection<Doc>(name).get(id);
  }

  protected dropKept(name: string): Promise<void> {
    return this.kept.dropCollection(name);
  }

  protected memoryCopy(steps: readonly BatchStep[]): BatchStep[] {
    return copied(steps);
  }

  /** Kept first; memory once the kept copy took the whole batch (a failure leaves memory as it was). */
  override async writeBatch(steps: readonly BatchStep[]): Promise<void> {
    const copies = copied(steps);
    await this.afterLoading(steps, async () => {
      await this.kept.writeBatch(steps);
      this.adopt(copies);
    });
  }

  override async health(): Promise<ReadStoreHealth> {
    const kept = await this.kept.health();
    if (!kept.ok) return kept;
    const memory = this.inMemory();
    return { ...kept, detail: `${kept.detail ?? ''}; ${memory.detail}`, loading: memory.loading };
  }

  override async close(): Promise<void> {
    await super.close();
    await this.kept.close();
  }
}

/** Memory keeps copies: the caller's documents may change after the call. */
function copied(steps: readonly BatchStep[]): BatchStep[] {
  return steps.map((step) =>
    'rename' in step
      ? step
      : { ...step, ops: step.ops.map((op) => ('upsert' in op ? { upsert: structuredClone(op.upsert) } : op)) },
  );
}
