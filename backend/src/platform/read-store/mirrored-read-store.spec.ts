import { randomUUID } from 'node:crypto';
import type { EventToAppend } from '../event-store/event-store.js';
import { MemoryEventStore } from '../event-store/memory-event-store.js';
import type { Projection } from '../projection-engine/projection.js';
import { ProjectionEngine } from '../projection-engine/projection-engine.js';
import { MemoryReadStore } from './memory-read-store.js';
import { MirroredReadStore } from './mirrored-read-store.js';
import { describeReadStoreContract } from './read-store.contract.js';
import type { Doc } from './read-store.js';

// What MongoDB beside EventStoreDB is wrapped in (stores.ts): here over a memory store standing in for the server.
describeReadStoreContract('mirrored over another store', () => MirroredReadStore.over(new MemoryReadStore()));

describe('mirrored read store', () => {
  it("serves from its own memory: another replica's writes are not seen until it reopens, and a failed write leaves memory as it was", async () => {
    const kept = new MemoryReadStore();
    await kept.collection<Doc & { name: string }>('people').upsert({ _id: 'p1', name: 'Aroha' });
    const a = await MirroredReadStore.over(kept, { loadInBackground: false });
    const people = (store: MemoryReadStore) => store.collection<Doc & { name: string }>('people');
    const b = await MirroredReadStore.over(kept, { loadInBackground: false });
    // Loaded on first use.
    expect(await a.collection('people').get('p1')).toEqual({ _id: 'p1', name: 'Aroha' });
    expect(await b.collection('people').count()).toBe(1);
    await people(a).upsert({ _id: 'p2', name: 'Hine' });
    expect(await kept.collection('people').count()).toBe(2);
    expect(await b.collection('people').count()).toBe(1);
    expect(await (await MirroredReadStore.over(kept)).collection('people').count()).toBe(2);

    // Applied here only: the kept copy does not change.
    await a.applyUnpersisted([{ collection: 'people', ops: [{ delete: 'p1' }] }]);
    expect(await a.collection('people').get('p1')).toBeNull();
    expect(await kept.collection('people').get('p1')).not.toBeNull();

    // The kept copy refuses a batch: memory is not touched.
    const failing = Object.assign(new MemoryReadStore(), {
      writeBatch: async () => {
        throw new Error('server gone');
      },
    });
    const c = await MirroredReadStore.over(failing, { loadInBackground: false });
    await expect(people(c).upsert({ _id: 'p3', name: 'Mere' })).rejects.toThrow('server gone');
    expect(await c.collection('people').count()).toBe(0);
  });

  it('lets only the lease holder write the kept copy: a follower folds in memory and stores what it changed on taking over', async () => {
    const events = new MemoryEventStore();
    const kept = new MemoryReadStore();
    const counters: Projection<Doc & { count: number }> = {
      name: 'counters',
      version: 1,
      eventTypes: ['Counted'],
      upcast: (event) => event, // events of one shape only
      keys: (event) => [(event.data as { counter: string }).counter],
      evolve: (doc, _event, id) => ({ _id: id, count: (doc?.count ?? 0) + 1 }),
    };
    const projections = [counters as unknown as Projection<Doc>];
    const follower = new ProjectionEngine(events, await MirroredReadStore.over(kept), projections, { persist: false });
    await follower.start();
    for (let n = 0; n < 10; n++) await events.append(`c-${n % 2}`, [counted(`c${n % 2}`)], 'any');
    await follower.caughtUp();
    expect(await kept.collection('counters').count()).toBe(0);
    await follower.persist(true);
    expect(await kept.collection('counters').find({}, { sort: { _id: 1 } })).toEqual([
      { _id: 'c0', count: 5, _position: 9 },
      { _id: 'c1', count: 5, _position: 10 },
    ]);
    expect(await kept.collection<Doc & { position: number }>('_checkpoints').get('counters')).toMatchObject({
      position: 10,
    });
    await follower.stop();
  });
});

function counted(counter: string): EventToAppend {
  return {
    type: 'Counted',
    data: { counter },
    metadata: {
      eventId: randomUUID(),
      schemaVersion: 1,
      occurredAt: '2026-01-01T00:00:00.000Z',
      actor: { kind: 'system', name: 'test' },
      correlationId: 'test',
      causationId: null,
    },
  };
}
