import { FailureBackoff, RateLimiter, tooManyAttemptsMessage } from './rate-limit.js';

const MINUTE = 60_000;

describe('FailureBackoff (exponential backoff on failures)', () => {
  const backoff = () => new FailureBackoff(5, 15 * MINUTE, MINUTE, 15 * MINUTE);

  it('lets the first failures through, then doubles the wait from the last failure up to the cap', () => {
    const b = backoff();
    let now = 0;
    for (let i = 0; i < 5; i++) {
      expect(b.retryAfter('k', now)).toBe(0);
      b.fail('k', now);
    }
    const waits = [];
    for (let i = 0; i < 4; i++) {
      const wait = b.retryAfter('k', now);
      waits.push(wait);
      now += wait;
      expect(b.retryAfter('k', now)).toBe(0);
      b.fail('k', now);
    }
    expect(waits).toEqual([MINUTE, 2 * MINUTE, 4 * MINUTE, 8 * MINUTE]);
    // Failures older than the window no longer count: the next wait is shorter than 16 minutes, and capped.
    expect(b.retryAfter('k', now)).toBeLessThanOrEqual(15 * MINUTE);
  });

  it('keeps keys apart, forgets a cleared key, and frees a key whose failures left the window', () => {
    const b = backoff();
    for (let i = 0; i < 6; i++) b.fail('a', 0);
    expect(b.retryAfter('a', 0)).toBe(2 * MINUTE);
    expect(b.retryAfter('b', 0)).toBe(0);
    expect(b.failed('a', 0)).toBe(true);
    expect(b.failed('b', 0)).toBe(false);
    expect(b.retryAfter('a', 15 * MINUTE + 1)).toBe(0);
    b.clear('a');
    expect(b.retryAfter('a', 0)).toBe(0);
  });
});

describe('RateLimiter (sliding window)', () => {
  it('allows `limit` attempts per window and says how long until the oldest leaves it', () => {
    const r = new RateLimiter(2, 10 * MINUTE);
    r.record('ip', 0);
    r.record('ip', MINUTE);
    expect(r.retryAfter('ip', 2 * MINUTE)).toBe(8 * MINUTE);
    expect(r.retryAfter('ip', 10 * MINUTE + 1)).toBe(0);
  });

  it('words the wait in whole minutes', () => {
    expect(tooManyAttemptsMessage(1000)).toBe('Too many attempts. Please try again in 1 minute.');
    expect(tooManyAttemptsMessage(14 * MINUTE + 1)).toBe('Too many attempts. Please try again in 15 minutes.');
  });
});
