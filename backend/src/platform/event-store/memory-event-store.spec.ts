import { contractEvent, describeEventStoreContract } from './event-store.contract.js';
import type { RecordedEvent } from './event-store.js';
import { logPages } from './log-pages.js';
import { MemoryEventStore } from './memory-event-store.js';

describeEventStoreContract('memory', async () => new MemoryEventStore());

describe('catch-up subscription over a long history', () => {
  it('lets the event loop run between pages: a timer fires before the history is through', async () => {
    const store = new MemoryEventStore();
    await store.append(
      'long',
      Array.from({ length: 3_500 }, () => contractEvent('Happened')),
      'no_stream',
    );
    let delivered = 0;
    let deliveredWhenTheTimerRan: number | null = null;
    setImmediate(() => (deliveredWhenTheTimerRan = delivered));
    const caughtUp = new Promise<number>((resolve) => {
      const subscription = store.subscribe({
        onEvent: () => void delivered++,
        onCaughtUp: (position) => void subscription.stop().then(() => resolve(position)),
      });
    });
    expect(await caughtUp).toBe(3_500);
    expect(delivered).toBe(3_500);
    // Its store settles every read as a microtask: without a turn of the event loop between pages, the timer
    // (an HTTP request, in the app) would wait for all 3,500.
    expect(deliveredWhenTheTimerRan).toBeGreaterThan(0);
    expect(deliveredWhenTheTimerRan).toBeLessThan(3_500);
  });
});

describe('logPages', () => {
  const positions = async (pages: AsyncGenerator<RecordedEvent[]>) => {
    const seen: number[][] = [];
    for await (const page of pages) seen.push(page.map((e) => e.position));
    return seen;
  };

  it('reads the log after a position a page at a time, as the store filters it, without an empty last page', async () => {
    const store = new MemoryEventStore();
    await store.append('a-1', [contractEvent('X'), contractEvent('Y'), contractEvent('X')], 'no_stream');
    await store.append('b-1', [contractEvent('X')], 'no_stream');
    await store.append('a-2', [contractEvent('X')], 'no_stream');
    expect(await positions(logPages(new MemoryEventStore(), {}))).toEqual([]);
    expect(await positions(logPages(store, {}, 0, 2))).toEqual([[1, 2], [3, 4], [5]]);
    expect(await positions(logPages(store, {}, 1, 2))).toEqual([
      [2, 3],
      [4, 5],
    ]);
    expect(await positions(logPages(store, { streamPrefixes: ['a-'], eventTypes: ['X'] }, 0, 2))).toEqual([
      [1, 3],
      [5],
    ]);
    expect(await positions(logPages(store, {}, 5))).toEqual([]);
  });
});
