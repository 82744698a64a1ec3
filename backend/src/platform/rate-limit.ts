import { isIPv4, isIPv6 } from 'node:net';
import type { HttpReply } from './http/http.js';
import { DomainError } from './errors.js';

import type { CountedWindows } from './limits/counted-windows.js';
import type { Logger } from './logging.js';

/**
 * Attempt limits, counted in the `CountedWindows` the stores configure (limits/counted-windows.ts): shared by every
 * replica on the PostgreSQL database or MongoDB, in process memory for the embedded default (one process).
 *
 * When the store cannot count (its database is down) a limit either lets the attempt through (`failOpen`, logged)
 * or refuses it with 503 `LIMITS_UNAVAILABLE` — limits against guessing or flooding fail closed.
 */

export const LIMITS_UNAVAILABLE = 'This is unavailable for a moment. Please try again in a minute.';

/** The OpenAPI description of that 503, for every route whose attempt limits fail closed. */
export const LIMITS_DOWN = `'${LIMITS_UNAVAILABLE}' with Retry-After: the attempt limits could not be counted`;

/** 503 with Retry-After: the limits could not be counted, so the attempt is not let through unchecked. */
export class LimitsUnavailable extends DomainError {
  constructor(cause: unknown) {
    super(LIMITS_UNAVAILABLE, 503, undefined, 'Temporarily Unavailable');
    this.cause = cause;
  }
}

export interface LimitOptions {
  /** Lets attempts through while the store cannot count (logged), instead of refusing them with 503. */
  failOpen?: boolean;
}

/** Sliding window: at most `limit` attempts per key in `windowMs`. */
export class RateLimiter {
  constructor(
    private readonly windows: CountedWindows,
    /** Keeps this limiter's keys apart from others' in the shared store. */
    readonly name: string,
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Milliseconds until another attempt is allowed for `key`, or 0 when one is allowed now. */
  async retryAfter(key: string, now = Date.now()): Promise<number> {
    return this.waitAfter(await this.attempts(key, now), now);
  }

  async record(key: string, now = Date.now()): Promise<void> {
    await this.hit(key, now);
  }

  /** Counts an attempt at `now` and answers the times of the attempts in the window, this one included. */
  hit(key: string, now = Date.now()): Promise<number[]> {
    return this.windows.hit(this.key(key), this.windowMs, now);
  }

  /**
   * Counts an attempt when one is allowed and answers 0; otherwise counts nothing and answers the wait. Counted
   * first and taken back when over the limit, so concurrent attempts on any replica cannot all pass.
   */
  async take(key: string, now = Date.now()): Promise<number> {
    const times = await this.hit(key, now);
    const before = attemptsBefore(times, now);
    const wait = this.waitAfter(before, now);
    if (wait > 0) await this.windows.forget(this.key(key), now);
    return wait;
  }

  async reset(key: string): Promise<void> {
    await this.windows.reset(this.key(key));
  }

  /** Takes back the attempt recorded at `at` (an attempt counted before its outcome was known, that did not fail). */
  async forget(key: string, at: number): Promise<void> {
    await this.windows.forget(this.key(key), at);
  }

  /** The times of `key`'s attempts in the window, oldest first. */
  attempts(key: string, now = Date.now()): Promise<number[]> {
    return this.windows.hits(this.key(key), this.windowMs, now);
  }

  /** The wait before another attempt, given the attempts in the window (oldest first). */
  waitAfter(times: readonly number[], now: number): number {
    return times.length < this.limit ? 0 : times[0]! + this.windowMs - now;
  }

  private key(key: string): string {
    return `${this.name}|${key}`;
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
    windows: CountedWindows,
    name: string,
    readonly free: number,
    readonly windowMs: number,
    readonly baseMs: number,
    readonly maxMs: number,
  ) {
    // The counter itself never refuses: only the backoff below does.
    this.failures = new RateLimiter(windows, name, Number.MAX_SAFE_INTEGER, windowMs);
  }

  async retryAfter(key: string, now = Date.now()): Promise<number> {
    return this.waitAfter(await this.failures.attempts(key, now), now);
  }

  /** The wait given the key's failures in the window (oldest first). */
  waitAfter(times: readonly number[], now: number): number {
    if (times.length < this.free) return 0;
    const wait = Math.min(this.baseMs * 2 ** Math.min(times.length - this.free, 30), this.maxMs);
    return Math.max(0, times[times.length - 1]! + wait - now);
  }

  /** Whether `key` failed at all in the window. */
  async failed(key: string, now = Date.now()): Promise<boolean> {
    return (await this.failures.attempts(key, now)).length > 0;
  }

  async fail(key: string, now = Date.now()): Promise<void> {
    await this.failures.record(key, now);
  }

  /** Counts a failure at `now` and answers the key's failures in the window, this one included. */
  hit(key: string, now = Date.now()): Promise<number[]> {
    return this.failures.hit(key, now);
  }

  /**
   * Counts a failure now when the key need not wait, and answers 0; otherwise counts nothing and answers the wait
   * (counted first, then taken back, as `RateLimiter.take`).
   */
  async take(key: string, now = Date.now()): Promise<number> {
    const times = await this.failures.hit(key, now);
    const wait = this.waitAfter(attemptsBefore(times, now), now);
    if (wait > 0) await this.failures.forget(key, now);
    return wait;
  }

  async clear(key: string): Promise<void> {
    await this.failures.reset(key);
  }

  /** Takes back the failure counted at `at`. */
  async forget(key: string, at: number): Promise<void> {
    await this.failures.forget(key, at);
  }
}

/** `times` (oldest first) without one entry equal to `at`: the attempts before the one just counted. */
export function attemptsBefore(times: readonly number[], at: number): number[] {
  const index = times.lastIndexOf(at);
  return index === -1 ? [...times] : [...times.slice(0, index), ...times.slice(index + 1)];
}

/**
 * The limits of the app's controllers, over the configured `CountedWindows`; a store error becomes a 503
 * (`LimitsUnavailable`), or — for a limit that fails open — a logged warning and no limit.
 */
export class RateLimits {
  constructor(
    readonly windows: CountedWindows,
    private readonly logger: Pick<Logger, 'warn'>,
  ) {}

  limiter(name: string, limit: number, windowMs: number): RateLimiter {
    return new RateLimiter(this.windows, name, limit, windowMs);
  }

  backoff(name: string, free: number, windowMs: number, baseMs: number, maxMs: number): FailureBackoff {
    return new FailureBackoff(this.windows, name, free, windowMs, baseMs, maxMs);
  }

  /** Runs `count` (a limit's check or count); on a store error, fails open (answers `open`) or closed (503). */
  async guard<T>(what: string, options: LimitOptions & { open: T }, count: () => Promise<T>): Promise<T> {
    try {
      return await count();
    } catch (error) {
      if (error instanceof DomainError) throw error;
      if (options.failOpen) {
        this.logger.warn({ limit: what, err: error }, 'attempt limit not counted (store error): let through');
        return options.open;
      }
      throw new LimitsUnavailable(error);
    }
  }

  /**
   * Takes an attempt of `key` under `limiter`, or refuses it: 429 with Retry-After past the limit, 503 when the
   * store cannot count (fails closed: for limits against guessing or flooding).
   */
  async takeOrRefuse(limiter: RateLimiter, key: string, reply: HttpReply): Promise<void> {
    refuseWhileWaiting(reply, await this.guard(limiter.name, { open: 0 }, () => limiter.take(key)));
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

/**
 * The key a client's address is counted under (`addressKey`): X-Forwarded-For is honoured only from the proxies
 * `TRUST_PROXY` names (Fastify's `trustProxy`, app.ts), so `req.ip` is the peer's address otherwise.
 */
export function clientAddress(req: { ip?: string }): string {
  return addressKey(req.ip ?? '');
}

/**
 * The key an address is counted under: an IPv4 address as it is (also when written IPv4-mapped, `::ffff:1.2.3.4`);
 * an IPv6 address by its /64, which is what one subscriber gets (RFC 6177) — a client could otherwise take a fresh
 * address from its prefix for every attempt. Anything else (no address at all) is one shared key.
 */
export function addressKey(address: string): string {
  const text = address.trim().toLowerCase();
  if (isIPv4(text)) return text;
  // A zone (fe80::1%eth0) names the local interface, not the client.
  const ip = text.replace(/%.*$/, '');
  if (!isIPv6(ip)) return 'unknown';
  const groups = ipv6Groups(ip);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff)
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail converted). */
function ipv6Groups(ip: string): number[] {
  let text = ip;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number);
    text = `${text.slice(0, dotted.index)}${((a! << 8) | b!).toString(16)}:${((c! << 8) | d!).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, null];
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const front = parse(head);
  const back = tail === null ? [] : parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}
