import type { ReadStore } from './read-store.js';

/** Past this many entries the memo starts again empty: a bound on memory whoever asks for what. */
const MAX_ENTRIES = 10_000;

/**
 * Values worked out from some read models, kept by key until any of those collections changes (their
 * `ReadStore.generation`): a read the same documents would answer again is answered from here, without reading
 * and copying them. Every change empties it, so a value is never older than the documents it came from: a
 * revoked session or a new investment is seen by the very next request. A store that cannot tell when its
 * collections change (MongoDB) gets no memo: every call works the value out.
 *
 * Values are shared between callers: keep them immutable (frozen).
 */
export class ReadModelMemo<K, V> {
  private readonly entries = new Map<K, V>();
  /** The collections' generations the entries were worked out at. */
  private readonly at: number[];

  constructor(
    private readonly reads: ReadStore,
    private readonly collections: readonly string[],
    private readonly maxEntries = MAX_ENTRIES,
  ) {
    this.at = collections.map(() => -1);
  }

  /**
   * The value for `key`, worked out by `compute` when not kept. It is kept only when `keep` says so (e.g. not for
   * an unknown key, which anyone can make up) and the collections did not change while it was worked out.
   */
  async get(key: K, compute: () => Promise<V>, keep: (value: V) => boolean = () => true): Promise<V> {
    if (!this.reads.generation) return compute();
    if (!this.current()) {
      this.entries.clear();
      for (let i = 0; i < this.collections.length; i++) this.at[i] = this.generation(i);
    }
    const kept = this.entries.get(key);
    if (kept !== undefined || this.entries.has(key)) return kept as V;
    const before = this.at.slice();
    const value = await compute();
    // Read before the change landed: the next call works it out again.
    if (!keep(value) || !this.current() || this.at.some((g, i) => g !== before[i])) return value;
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, value);
    return value;
  }

  private generation(i: number): number {
    return this.reads.generation?.(this.collections[i]!) ?? -1;
  }

  private current(): boolean {
    for (let i = 0; i < this.collections.length; i++) if (this.at[i] !== this.generation(i)) return false;
    return true;
  }
}
