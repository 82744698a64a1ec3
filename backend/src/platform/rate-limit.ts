import { isIPv4, isIPv6 } from 'node:net';
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

  /** Takes back the attempt recorded at `at` (an attempt counted before its outcome was known, that did not fail). */
  forget(key: string, at: number): void {
    const times = this.hits.get(key);
    const index = times?.indexOf(at) ?? -1;
    if (!times || index === -1) return;
    times.splice(index, 1);
    if (times.length === 0) this.hits.delete(key);
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
