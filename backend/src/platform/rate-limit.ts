import type { HttpReply } from './http/http.js';
import { DomainError } from './errors.js';

/**
 * Attempt counters, in memory: they reset when the app restarts and are per process (with several app
 * instances behind a balancer each counts its own share — acceptable for slowing guessing down, which is all
 * they are for; accounts are also protected by scrypt's cost).
 */

/** Sliding window: at most `limit` attempts per key in `windowMs`. */
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

  /** The times of `key`'s attempts in the window, oldest first. */
  attempts(key: string, now = Date.now()): readonly number[] {
    return this.recent(key, now);
  }

  private recent(key: string, now: number): number[] {
    return (this.hits.get(key) ?? []).filter((t) => t > now - this.windowMs);
  }

  /** Forgets keys with no attempt in the window, so the map stays as small as the recent traffic. */
  private sweep(now: number): void {
    for (const [key, times] of this.hits) if (!times.some((t) => t > now - this.windowMs)) this.hits.delete(key);
  }
}

/**
 * Exponential backoff on failures (OWASP): the first `free` failures of a key in the window cost nothing;
 * after that each attempt must wait `baseMs`, doubled for every further failure (at most `maxMs`), counted
 * from the key's last failure. Failures leave the window, so a key that stops failing is soon free again.
 */
export class FailureBackoff {
  private readonly failures: RateLimiter;

  constructor(
    readonly free: number,
    readonly windowMs: number,
    readonly baseMs: number,
    readonly maxMs: number,
  ) {
    // The counter itself never refuses: the limit only bounds how many timestamps are kept per key.
    this.failures = new RateLimiter(Number.MAX_SAFE_INTEGER, windowMs);
  }

  retryAfter(key: string, now = Date.now()): number {
    const times = this.failures.attempts(key, now);
    if (times.length < this.free) return 0;
    const wait = Math.min(this.baseMs * 2 ** Math.min(times.length - this.free, 30), this.maxMs);
    return Math.max(0, times[times.length - 1]! + wait - now);
  }

  /** Whether `key` failed at all in the window. */
  failed(key: string, now = Date.now()): boolean {
    return this.failures.attempts(key, now).length > 0;
  }

  fail(key: string, now = Date.now()): void {
    this.failures.record(key, now);
  }

  clear(key: string): void {
    this.failures.reset(key);
  }
}

export function tooManyAttemptsMessage(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

/** 429 `Too many attempts. Please try again in N minutes.` with Retry-After (seconds) while `waitMs` > 0. */
export function refuseWhileWaiting(reply: HttpReply, waitMs: number): void {
  if (waitMs <= 0) return;
  reply.header('Retry-After', String(Math.ceil(waitMs / 1000)));
  throw new DomainError(tooManyAttemptsMessage(waitMs), 429, undefined, 'Too Many Attempts');
}

/** The client's address (X-Forwarded-For only from a trusted proxy: 'trust proxy' in app.ts). */
export function clientAddress(req: { ip?: string }): string {
  return req.ip ?? 'unknown';
}
