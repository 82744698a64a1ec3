import { contractEvent, describeEventStoreContract } from './event-store.contract.js';
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
