/**
 * Counted windows: the hits on a key in a sliding window, kept where every replica of the app sees them (docs/design.md §8).
 * The port behind every attempt limit (rate-limit.ts, the sign-in limits): in process memory for the embedded and
 * memory stores (one process), a table in the shared PostgreSQL database, or a MongoDB collection.
 *
 * Keys are already digests or client-address keys; a shared store keeps only a digest of them all the same.
 */
export interface CountedWindows {
  readonly kind: string;
  /**
   * Counts a hit on `key` at `now` (it stays countable for `windowMs`) and answers the times of the key's hits in
   * (now − windowMs, now], oldest first, this one included. The count is atomic: of two concurrent hits on one key,
   * from any replica, each is counted once and the later answer includes both.
   */
  hit(key: string, windowMs: number, now: number): Promise<number[]>;
  /** The times of `key`'s hits in (now − windowMs, now], oldest first. */
  hits(key: string, windowMs: number, now: number): Promise<number[]>;
  /** Takes back one hit on `key` made at `at` (nothing when there is none). */
  forget(key: string, at: number): Promise<void>;
  /** Forgets every hit on `key`. */
  reset(key: string): Promise<void>;
  close(): Promise<void>;
}

/** How often (in hits) a store sweeps out hits that have left their window. */
export const SWEEP_EVERY = 1000;

/** In process memory: right wherever one process holds the data (the embedded default, the memory stores). */
export class MemoryCountedWindows implements CountedWindows {
  readonly kind = 'memory';
  /** Per key, its hits' times and how long each stays in its window. */
  private readonly times = new Map<string, { at: number; until: number }[]>();
  private count = 0;

  async hit(key: string, windowMs: number, now: number): Promise<number[]> {
    const kept = (this.times.get(key) ?? []).filter((h) => h.until > now);
    kept.push({ at: now, until: now + windowMs });
    this.times.set(key, kept);
    if (++this.count % SWEEP_EVERY === 0) this.sweep(now);
    return this.recent(key, windowMs, now);
  }

  async hits(key: string, windowMs: number, now: number): Promise<number[]> {
    return this.recent(key, windowMs, now);
  }

  async forget(key: string, at: number): Promise<void> {
    const kept = this.times.get(key);
    const index = kept?.findIndex((h) => h.at === at) ?? -1;
    if (!kept || index === -1) return;
    kept.splice(index, 1);
    if (kept.length === 0) this.times.delete(key);
  }

  async reset(key: string): Promise<void> {
    this.times.delete(key);
  }

  async close(): Promise<void> {}

  private recent(key: string, windowMs: number, now: number): number[] {
    return (this.times.get(key) ?? [])
      .filter((h) => h.at > now - windowMs && h.at <= now)
      .map((h) => h.at)
      .sort((a, b) => a - b);
  }

  /** Forgets keys with no hit left in its window, so the map stays as small as the recent traffic. */
  private sweep(now: number): void {
    for (const [key, kept] of this.times) if (!kept.some((h) => h.until > now)) this.times.delete(key);
  }
}
