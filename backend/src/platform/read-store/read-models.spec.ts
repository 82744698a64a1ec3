import { Upcasters } from '../event-store/upcasters.js';
import { defineProjection } from '../projection-engine/projection.js';
import { MemoryReadStore } from './memory-read-store.js';
import { ReadModels } from './read-models.js';

interface Item {
  _id: string;
  n: number;
}

const items = defineProjection<Item, { type: 'Counted'; data: { id: string; n: number } }>({
  name: 'items',
  version: 1,
  upcasters: Upcasters.none,
  eventTypes: ['Counted'],
  keys: (event) => [event.data.id],
  evolve: (_doc, event) => ({ _id: event.data.id, n: event.data.n }),
});

describe('ReadModels', () => {
  async function stored() {
    const store = new MemoryReadStore();
    await store.writeBatch([
      {
        collection: 'items',
        ops: [
          { upsert: { _id: 'a', n: 1, _position: 7 } as Item },
          { upsert: { _id: 'b', n: 2, _position: 9 } as Item },
        ],
      },
    ]);
    return new ReadModels(store).of(items);
  }

  it('answers a projection’s documents by its name, without the read side’s bookkeeping', async () => {
    const model = await stored();
    expect(model.name).toBe('items');
    expect(await model.get('a')).toEqual({ _id: 'a', n: 1 });
    expect(await model.get('missing')).toBeNull();
    expect(await model.find({}, { sort: { _id: 1 } })).toEqual([
      { _id: 'a', n: 1 },
      { _id: 'b', n: 2 },
    ]);
    expect(await model.count({ n: { $gt: 1 } })).toBe(1);
    expect([...(await model.byIds(['b', 'a', 'b', 'x'])).entries()].sort()).toEqual([
      ['a', { _id: 'a', n: 1 }],
      ['b', { _id: 'b', n: 2 }],
    ]);
    expect((await model.byIds([])).size).toBe(0);
  });
});
