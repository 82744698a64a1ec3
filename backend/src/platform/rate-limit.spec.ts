import { MemoryCountedWindows } from './limits/counted-windows.js';
import { addressKey, clientAddress, FailureBackoff, RateLimiter, tooManyAttemptsMessage } from './rate-limit.js';

const MINUTE = 60_000;

describe('FailureBackoff (exponential backoff on failures)', () => {
  const backoff = () => new FailureBackoff(new MemoryCountedWindows(), 'test', 5, 15 * MINUTE, MINUTE, 15 * MINUTE);

  it('lets the first failures through, then doubles the wait from the last failure up to the cap', async () => {
    const b = backoff();
    let now = 0;
    for (let i = 0; i < 5; i++) {
      expect(await b.retryAfter('k', now)).toBe(0);
      await b.fail('k', now);
    }
    const waits = [];
    for (let i = 0; i < 4; i++) {
      const wait = await b.retryAfter('k', now);
      waits.push(wait);
      now += wait;
      expect(await b.retryAfter('k', now)).toBe(0);
      await b.fail('k', now);
    }
    expect(waits).toEqual([MINUTE, 2 * MINUTE, 4 * MINUTE, 8 * MINUTE]);
    // Failures older than the window no longer count: the next wait is shorter than 16 minutes, and capped.
    expect(await b.retryAfter('k', now)).toBeLessThanOrEqual(15 * MINUTE);
  });

  it('keeps keys apart, forgets a cleared key, and frees a key whose failures left the window', async () => {
    const b = backoff();
    for (let i = 0; i < 6; i++) await b.fail('a', 0);
    expect(await b.retryAfter('a', 0)).toBe(2 * MINUTE);
    expect(await b.retryAfter('b', 0)).toBe(0);
    expect(await b.failed('a', 0)).toBe(true);
    expect(await b.failed('b', 0)).toBe(false);
    expect(await b.retryAfter('a', 15 * MINUTE + 1)).toBe(0);
    await b.clear('a');
    expect(await b.retryAfter('a', 0)).toBe(0);
  });

  it('takes a failure only when the key need not wait', async () => {
    const b = backoff();
    for (let i = 0; i < 5; i++) expect(await b.take('k', 0)).toBe(0);
    expect(await b.take('k', 0)).toBe(MINUTE);
    // The refused attempt was not counted: after the minute, one more is taken, and then two minutes.
    expect(await b.take('k', MINUTE)).toBe(0);
    expect(await b.take('k', MINUTE)).toBe(2 * MINUTE);
  });
});

describe('RateLimiter (sliding window)', () => {
  const limiter = () => new RateLimiter(new MemoryCountedWindows(), 'test', 2, 10 * MINUTE);

  it('allows `limit` attempts per window and says how long until the oldest leaves it', async () => {
    const r = limiter();
    await r.record('ip', 0);
    await r.record('ip', MINUTE);
    expect(await r.retryAfter('ip', 2 * MINUTE)).toBe(8 * MINUTE);
    expect(await r.retryAfter('ip', 10 * MINUTE + 1)).toBe(0);
  });

  it('takes an attempt only while one is allowed, and counts a refused one not at all', async () => {
    const r = limiter();
    const burst = await Promise.all([0, 0, 0, 0].map(() => r.take('ip', 0)));
    expect(burst).toEqual([0, 0, 10 * MINUTE, 10 * MINUTE]);
    expect(await r.attempts('ip', 0)).toEqual([0, 0]);
    expect(await r.take('ip', 10 * MINUTE)).toBe(0);
  });

  it("keeps its keys apart from another limiter's on the same store", async () => {
    const windows = new MemoryCountedWindows();
    const a = new RateLimiter(windows, 'a', 1, MINUTE);
    const b = new RateLimiter(windows, 'b', 1, MINUTE);
    expect(await a.take('ip', 0)).toBe(0);
    expect(await b.take('ip', 0)).toBe(0);
    expect(await a.take('ip', 0)).toBe(MINUTE);
  });

  it('takes back one attempt (counted before its outcome, and not a failure after all)', async () => {
    const r = limiter();
    await r.record('ip', 0);
    await r.record('ip', MINUTE);
    await r.forget('ip', MINUTE);
    await r.forget('ip', 5 * MINUTE); // never recorded: nothing happens
    expect(await r.attempts('ip', MINUTE)).toEqual([0]);
    expect(await r.retryAfter('ip', MINUTE)).toBe(0);
    await r.forget('ip', 0);
    expect(await r.attempts('ip', MINUTE)).toEqual([]);
  });

  it('words the wait in whole minutes', () => {
    expect(tooManyAttemptsMessage(1000)).toBe('Too many attempts. Please try again in 1 minute.');
    expect(tooManyAttemptsMessage(14 * MINUTE + 1)).toBe('Too many attempts. Please try again in 15 minutes.');
  });
});

describe('addressKey (what a client address is counted under)', () => {
  it('keeps an IPv4 address, also when written IPv4-mapped', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey('::FFFF:cb00:7109')).toBe('203.0.113.9');
    expect(addressKey(' 198.51.100.1 ')).toBe('198.51.100.1');
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const key = '2001:db8:1:2::/64';
    for (const ip of [
      '2001:db8:1:2::1',
      '2001:0DB8:0001:0002:ffff:ffff:ffff:ffff',
      '2001:db8:1:2:a:b:c:d',
      '2001:db8:1:2::203.0.113.9',
      'fe80::1%eth0'.replace('fe80::1', '2001:db8:1:2::9'),
    ])
      expect({ ip, key: addressKey(ip) }).toEqual({ ip, key });
    expect(addressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('2001:db8::')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::')).toBe('0:0:0:0::/64');
  });

  it('puts anything that is not an address under one key', () => {
    expect(addressKey('')).toBe('unknown');
    expect(addressKey('not an address')).toBe('unknown');
    expect(addressKey('1.2.3.4.5')).toBe('unknown');
    expect(clientAddress({})).toBe('unknown');
    expect(clientAddress({ ip: '2001:db8:aa:bb:1::' })).toBe('2001:db8:aa:bb::/64');
  });
});
