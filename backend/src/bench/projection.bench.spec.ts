import { MemoryEventStore } from '../platform/event-store/memory-event-store.js';
import { project } from '../platform/projection-engine/projection.js';
import { MemoryReadStore } from '../platform/read-store/memory-read-store.js';
import type { Doc } from '../platform/read-store/read-store.js';
import { benchProjection, benchProjections } from './projection.bench.js';

describe('projection bench', () => {
  it('fills the store, times catch-up and rebuild, and leaves the read model a fresh projection would build', async () => {
    const events = new MemoryEventStore();
    const reads = new MemoryReadStore();

    const bench = await benchProjections(events, 3000, reads);

    expect(await events.headPosition()).toBe(3000);
    const log = await events.readAll();
    expect(new Set(log.map((e) => e.streamId)).size).toBe(20);
    for (const figure of [bench.append, bench.catchUp, bench.rebuild]) {
      expect(figure.events).toBe(3000);
      expect(figure.eventsPerSecond).toBeGreaterThan(0);
    }
    const built = await reads
      .collection<Doc & { _position: number }>(benchProjection.name)
      .find({}, { sort: { _id: 1 } });
    const expected = [...project(benchProjection, log).values()].sort((a, b) => (a._id < b._id ? -1 : 1));
    expect(built.map(({ _position: _, ...doc }) => doc)).toEqual(expected);
    // Offerings, assets and investors: three kinds of document.
    expect(new Set(expected.map((d) => d.kind))).toEqual(new Set(['offering', 'asset', 'investor']));
  });
});
