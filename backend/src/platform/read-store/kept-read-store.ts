import { UNSERVED_LOAD_MS } from '../event-loop.js';
import { MemoryReadStore } from './memory-read-store.js';
import type { BatchStep, Doc, ReadCollection } from './read-store.js';

/**
 * Read models served from this process's memory over a copy kept elsewhere (the SQL table, MongoDB): the lazy
 * loading and the ordering both such stores share. Only the collections' names are known at open; each collection
 * is loaded whole on its first use, and the rest one after another from a second after it serves, so a process serves at
 * once whatever the size of its read models. Loads and writes run one at a time (`serially`), so memory applies
 * writes in the order the kept copy took them and no write lands between reading a kept collection and adopting it.
 */
export abstract class KeptReadStore extends MemoryReadStore {
  private writing: Promise<unknown> = Promise.resolve();
  private closed = false;
  /** The background loads' start, while it is still to come. */
  private backgroundTimer: NodeJS.Timeout | null = null;
  /** Collections in the kept copy that are not in memory yet. */
  protected readonly unloaded = new Set<string>();

  /** A collection's kept documents (only called inside `serially`). */
  protected abstract readKept(name: string): Promise<Iterable<Doc>>;
  /** One kept document (only called inside `serially`). */
  protected abstract readKeptOne(name: string, id: string): Promise<Doc | null>;
  /** Removes a collection from the kept copy. */
  protected abstract dropKept(name: string): Promise<void>;
  /** The copies memory keeps of a batch's documents (the caller's may change after the call). */
  protected abstract memoryCopy(steps: readonly BatchStep[]): BatchStep[];

  /** Every call waits for its collection to be in memory (loaded on first use), then reads it there. */
  override collection<T extends Doc>(name: string): ReadCollection<T> {
    const inMemory = super.collection<T>(name);
    if (!this.unloaded.has(name)) return inMemory;
    const loaded = async <R>(read: () => Promise<R>): Promise<R> => {
      await this.load(name);
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

  /** From memory once the collection is there; else from the kept copy, leaving the collection where it is. */
  peek<T extends Doc>(name: string, id: string): Promise<T | null> {
    const inMemory = () => super.collection<T>(name).get(id);
    if (!this.unloaded.has(name)) return inMemory();
    return this.serially(async () =>
      this.unloaded.has(name) ? ((await this.readKeptOne(name, id)) as T | null) : inMemory(),
    );
  }

  /** Loads a collection not in memory yet (nothing to do for one that is). */
  private load(name: string): Promise<void> {
    if (!this.unloaded.has(name)) return Promise.resolve();
    return this.serially(() => this.loadNow(name));
  }

  /** Only inside `serially`: no write can land between reading the kept documents and adopting them. */
  private async loadNow(name: string): Promise<void> {
    if (!this.unloaded.has(name)) return;
    const docs = new Map<string, Doc>();
    for (const doc of await this.readKept(name)) docs.set(doc._id, doc);
    this.unloaded.delete(name);
    this.collections.set(name, docs);
  }

  /**
   * Loads the collections nobody has used yet, one per turn of the event loop, from a second after the app starts
   * serving (`serving`) — or, in a process that never serves (a tool), from ten seconds after open. Counted from open,
   * they began as a slow boot began to listen (the chain's fold is loaded first) and a first request waited behind
   * three of them: 0.7 s of a chain-on restart at 200,000 events (2026-11-28).
   */
  protected loadInBackground(): void {
    this.scheduleBackgroundLoads(UNSERVED_LOAD_MS);
  }

  /** The app listens: what nobody asks for meanwhile loads from a second after. */
  serving(): void {
    if (this.backgroundTimer) this.scheduleBackgroundLoads(BACKGROUND_LOAD_DELAY_MS);
  }

  private scheduleBackgroundLoads(delayMs: number): void {
    if (this.backgroundTimer) clearTimeout(this.backgroundTimer);
    const next = () => {
      this.backgroundTimer = null;
      const [name] = this.unloaded;
      if (this.closed || name === undefined) return;
      this.load(name).then(
        () => setImmediate(next).unref(),
        () => undefined, // closed meanwhile, or the kept copy failed: a later use loads it (or says why)
      );
    };
    this.backgroundTimer = setTimeout(next, delayMs).unref();
  }

  protected override discard(name: string): void {
    this.unloaded.delete(name);
    super.discard(name);
  }

  override async listCollections(): Promise<string[]> {
    return [...new Set([...(await super.listCollections()), ...this.unloaded])];
  }

  /** Runs `task` in turn, once the collections `steps` touch are in memory. */
  protected afterLoading<T>(steps: readonly BatchStep[], task: () => Promise<T>): Promise<T> {
    const touched = new Set(steps.flatMap((s) => ('rename' in s ? [s.rename, s.to] : [s.collection])));
    return this.serially(async () => {
      for (const name of touched) await this.loadNow(name);
      return task();
    });
  }

  /**
   * Memory only, for a batch whose write failed on a transient error and that the engine writes again (merged
   * with what came since): the one case where memory runs ahead of the kept copy. A crash meanwhile loses nothing,
   * as the checkpoints kept are those of the documents kept, and a restart replays the rest from the log.
   */
  override async applyUnpersisted(steps: readonly BatchStep[]): Promise<void> {
    const copies = this.memoryCopy(steps);
    await this.afterLoading(steps, async () => this.adopt(copies));
  }

  override dropCollection(name: string): Promise<void> {
    return this.serially(async () => {
      await this.dropKept(name);
      await super.dropCollection(name);
    });
  }

  /** What memory holds, for health reports: in words, and how many kept collections are still to load. */
  protected inMemory(): { detail: string; loading: number } {
    const { collections, documents } = this.size();
    const loading = this.unloaded.size;
    const waiting = loading > 0 ? `, ${loading} more not loaded yet` : '';
    return { detail: `${collections} collections, ${documents} documents in memory${waiting}`, loading };
  }

  /** Waits for the loads and writes under way; nothing starts after. */
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

const BACKGROUND_LOAD_DELAY_MS = 1000;
