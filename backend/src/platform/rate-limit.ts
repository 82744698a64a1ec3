/**
 * Sliding-window attempt counter, in memory: it resets when the app restarts and is per process (with
 * several app instances behind a balancer each counts its own share — acceptable for slowing guessing down,
 * which is all it is for; accounts are also protected by scrypt's cost).
 */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();
  private sweeps = 0;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Milliseconds until another attempt is allowed for `key`, or 0 when one is allowed now. */
  retryAfter(key: string, now = Date.now()): number {
    const recent = this.recent(key, now);
    return recent.length < this.limit ? 0 : recent[0]! + this.windowMs - now;
  }

  record(key: string, now = Date.now()): void {
    this.hits.set(key, [...this.recent(key, now), now]);
    if (++this.sweeps % 1000 === 0) this.sweep(now);
  }

  reset(key: string): void {
    this.hits.delete(key);
  }

  private recent(key: string, now: number): number[] {
    return (this.hits.get(key) ?? []).filter((t) => t > now - this.windowMs);
  }

  /** Forgets keys with no attempt in the window, so the map stays as small as the recent traffic. */
  private sweep(now: number): void {
    for (const [key, times] of this.hits) if (!times.some((t) => t > now - this.windowMs)) this.hits.delete(key);
  }
}

export function tooManyAttemptsMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}
