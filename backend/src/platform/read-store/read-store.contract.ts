import { byIds, type Doc, type ReadCollection, type ReadStore } from './read-store.js';

/**
 * The one contract every ReadStore adapter passes. MongoDB is the reference: where the memory adapter
 * (mingo) could differ — type bracketing, sort order of missing fields and mixed types, what creates a
 * collection — the cases pin MongoDB's behaviour.
 */

interface Item extends Doc {
  group?: string;
  n?: number | string | null;
  name?: string;
  nested?: { level: number; tags?: string[] };
}

const ids = (docs: readonly Doc[]): string[] => docs.map((d) => d._id);
const up = (doc: Item): { upsert: Item } => ({ upsert: doc });

export function describeReadStoreContract(name: string, open: () => Promise<ReadStore>): void {
  describe(`ReadStore contract: ${name}`, () => {
    let store: ReadStore;
    // Unique per run and per test: a server-backed store may keep collections from earlier runs.
    const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
    let seq = 0;
    const fresh = (): string => `contract_${run}_${++seq}`;

    async function seeded(docs: readonly Item[]): Promise<ReadCollection<Item>> {
      const items = store.collection<Item>(fresh());
      await items.write(docs.map((upsert) => ({ upsert })));
      return items;
    }

    beforeAll(async () => {
      store = await open();
    });

    afterAll(async () => {
      if (store) await store.close();
    });

    it('reports itself healthy', async () => {
      const health = await store.health();
      expect(health).toMatchObject({ ok: true, kind: store.kind });
    });

    describe('documents', () => {
      it('gets null for a missing id, and what was upserted otherwise', async () => {
        const items = store.collection<Item>(fresh());
        expect(await items.get('nope')).toBeNull();
        await items.upsert({ _id: 'a', name: 'Alpha', nested: { level: 1, tags: ['x'] } });
        expect(await items.get('a')).toEqual({ _id: 'a', name: 'Alpha', nested: { level: 1, tags: ['x'] } });
      });

      it('upsert replaces the whole document, dropping fields it no longer has', async () => {
        const items = store.collection<Item>(fresh());
        await items.upsert({ _id: 'a', name: 'Alpha', n: 1, nested: { level: 1 } });
        await items.upsert({ _id: 'a', name: 'Alpha 2' });
        expect(await items.get('a')).toEqual({ _id: 'a', name: 'Alpha 2' });
        expect(await items.count()).toBe(1);
      });

      it('deletes a document, and deleting a missing one is a no-op', async () => {
        const items = await seeded([{ _id: 'a' }, { _id: 'b' }]);
        await items.delete('a');
        await items.delete('never-there');
        expect(await items.get('a')).toBeNull();
        expect(ids(await items.find())).toEqual(['b']);
      });

      it('hands out copies: mutating a returned document does not change the stored one', async () => {
        const items = await seeded([{ _id: 'a', nested: { level: 1, tags: ['x'] } }]);
        const got = (await items.get('a'))!;
        got.nested!.tags!.push('mutated');
        const [found] = await items.find({ _id: 'a' });
        found!.nested!.level = 99;
        expect(await items.get('a')).toEqual({ _id: 'a', nested: { level: 1, tags: ['x'] } });
      });
    });

    describe('find', () => {
      const people: Item[] = [
        { _id: 'p1', group: 'b', n: 1, name: 'Aroha', nested: { level: 1, tags: ['admin', 'ops'] } },
        { _id: 'p2', group: 'a', n: 5, name: 'ben', nested: { level: 3 } },
        { _id: 'p3', group: 'a', n: 10, name: 'ARIKI', nested: { level: 2, tags: ['ops'] } },
        { _id: 'p4', group: 'b', n: '7', name: 'Mere' },
        { _id: 'p5', group: 'c', n: null, name: 'Tane', nested: { level: 5 } },
        { _id: 'p6', group: 'a', name: 'Wiremu' },
      ];
      let items: ReadCollection<Item>;

      beforeAll(async () => {
        items = await seeded(people);
      });

      const found = async (filter: Record<string, unknown>): Promise<string[]> =>
        ids(await items.find(filter, { sort: { _id: 1 } }));

      it('returns everything without a filter, and nothing from a collection never written', async () => {
        expect(ids(await items.find())).toHaveLength(people.length);
        expect(await store.collection<Item>(fresh()).find()).toEqual([]);
      });

      it('matches equality and $in', async () => {
        expect(await found({ group: 'a' })).toEqual(['p2', 'p3', 'p6']);
        expect(await found({ _id: { $in: ['p1', 'p4', 'missing'] } })).toEqual(['p1', 'p4']);
        expect(await found({ group: { $in: [] } })).toEqual([]);
      });

      it('looks documents up by _id: each once however often named, with the other conditions still applied', async () => {
        expect(await found({ _id: 'p2' })).toEqual(['p2']);
        expect(await found({ _id: { $in: ['p3', 'p1', 'p3', 'constructor', '__proto__'] } })).toEqual(['p1', 'p3']);
        expect(await found({ _id: { $in: ['p1', 'p2', 'p3'] }, group: 'a' })).toEqual(['p2', 'p3']);
        expect(await found({ _id: { $in: ['p1', 'p2'], $ne: 'p1' } })).toEqual(['p2']);
        expect(await items.count({ _id: { $in: ['p1', 'p2', 'p2', 'missing'] } })).toBe(2);
      });

      it('byIds reads the documents a list names in one query, by id', async () => {
        const docs = await byIds(items, ['p4', 'p1', 'p4', 'missing']);
        expect([...docs.keys()].sort()).toEqual(['p1', 'p4']);
        expect(docs.get('p4')).toEqual(people[3]);
        expect(await byIds(items, [])).toEqual(new Map());
      });

      it('ranges with $gte/$lt compare within a type only (a numeric string is not a number)', async () => {
        expect(await found({ n: { $gte: 5, $lt: 10 } })).toEqual(['p2']);
        expect(await found({ n: { $gte: 1 } })).toEqual(['p1', 'p2', 'p3']);
        expect(await found({ n: { $gte: '5' } })).toEqual(['p4']);
      });

      it('null matches both null and missing fields', async () => {
        expect(await found({ n: null })).toEqual(['p5', 'p6']);
      });

      it('reaches into nested documents and arrays with dot paths', async () => {
        expect(await found({ 'nested.level': { $gte: 2 } })).toEqual(['p2', 'p3', 'p5']);
        expect(await found({ 'nested.tags': 'ops' })).toEqual(['p1', 'p3']);
        expect(await found({ 'nested.tags': { $exists: false } })).toEqual(['p2', 'p4', 'p5', 'p6']);
      });

      it('matches $regex, case-insensitively with the i option', async () => {
        expect(await found({ name: { $regex: '^ar' } })).toEqual([]);
        expect(await found({ name: { $regex: '^ar', $options: 'i' } })).toEqual(['p1', 'p3']);
        expect(await found({ name: { $regex: 'E', $options: 'i' } })).toEqual(['p2', 'p4', 'p5', 'p6']);
      });

      it('combines alternatives with $or, alongside other conditions', async () => {
        expect(await found({ $or: [{ group: 'c' }, { n: { $lt: 2 } }] })).toEqual(['p1', 'p5']);
        expect(await found({ group: 'a', $or: [{ n: 10 }, { name: 'Wiremu' }] })).toEqual(['p3', 'p6']);
      });

      it('sorts on several keys, ascending and descending', async () => {
        const sorted = await items.find({}, { sort: { group: 1, 'nested.level': -1, _id: 1 } });
        expect(ids(sorted)).toEqual(['p2', 'p3', 'p6', 'p1', 'p4', 'p5']);
      });

      it('sorts missing and null first ascending (last descending), numbers before strings', async () => {
        expect(ids(await items.find({}, { sort: { n: 1, _id: 1 } }))).toEqual(['p5', 'p6', 'p1', 'p2', 'p3', 'p4']);
        expect(ids(await items.find({}, { sort: { n: -1, _id: 1 } }))).toEqual(['p4', 'p3', 'p2', 'p1', 'p5', 'p6']);
      });

      it('sorts strings by code point: upper case before lower case', async () => {
        const sorted = await items.find({}, { sort: { name: 1 } });
        expect(sorted.map((d) => d.name)).toEqual(['ARIKI', 'Aroha', 'Mere', 'Tane', 'Wiremu', 'ben']);
      });

      it('pages with skip and limit after sorting', async () => {
        const page = (skip: number, limit?: number) => items.find({}, { sort: { _id: -1 }, skip, limit });
        expect(ids(await page(0, 2))).toEqual(['p6', 'p5']);
        expect(ids(await page(2, 2))).toEqual(['p4', 'p3']);
        expect(ids(await page(4))).toEqual(['p2', 'p1']);
        expect(await page(6, 2)).toEqual([]);
        expect(ids(await items.find({ group: 'a' }, { sort: { n: -1 }, limit: 1 }))).toEqual(['p3']);
      });

      it('counts with and without a filter', async () => {
        expect(await items.count()).toBe(6);
        expect(await items.count({ group: 'b' })).toBe(2);
        expect(await items.count({ 'nested.tags': 'ops', n: { $lt: 5 } })).toBe(1);
        expect(await store.collection(fresh()).count()).toBe(0);
      });
    });

    describe('write', () => {
      it('applies a batch in order: upsert then delete of one id leaves it gone', async () => {
        const items = await seeded([{ _id: 'kept', n: 0 }]);
        await items.write([
          { upsert: { _id: 'a', n: 1 } },
          { delete: 'a' },
          { delete: 'b' },
          { upsert: { _id: 'b', n: 2 } },
          { upsert: { _id: 'c', n: 3 } },
          { upsert: { _id: 'c', n: 4, name: 'last wins' } },
          { delete: 'kept' },
        ]);
        expect(await items.find({}, { sort: { _id: 1 } })).toEqual([
          { _id: 'b', n: 2 },
          { _id: 'c', n: 4, name: 'last wins' },
        ]);
      });

      it('accepts an empty batch', async () => {
        const items = await seeded([{ _id: 'a' }]);
        await items.write([]);
        expect(await items.count()).toBe(1);
      });
    });

    describe('writeBatch', () => {
      it('applies its steps in order, across collections and through a rename', async () => {
        const built = fresh();
        const live = fresh();
        const marks = fresh();
        await store.collection<Item>(live).write([{ upsert: { _id: 'stale' } }, up({ _id: 'y', n: 0 })]);
        await store.writeBatch([
          { collection: built, ops: [up({ _id: 'x', n: 1 }), up({ _id: 'y', n: 2 })] },
          { collection: marks, ops: [up({ _id: 'mark', n: 9 })] },
          { rename: built, to: live },
          { collection: live, ops: [{ delete: 'x' }, up({ _id: 'z', n: 3 })] },
        ]);
        expect(await store.collection<Item>(live).find({}, { sort: { _id: 1 } })).toEqual([
          { _id: 'y', n: 2 },
          { _id: 'z', n: 3 },
        ]);
        expect(await store.collection<Item>(marks).get('mark')).toEqual({ _id: 'mark', n: 9 });
        expect(await store.collection<Item>(built).count()).toBe(0);
        expect(await store.listCollections()).not.toContain(built);
      });

      it('accepts an empty batch and a step without operations, creating nothing', async () => {
        const untouched = fresh();
        await store.writeBatch([]);
        await store.writeBatch([{ collection: untouched, ops: [] }]);
        expect(await store.listCollections()).not.toContain(untouched);
      });

      it('hands documents over as copies: changing one after the write does not change the stored one', async () => {
        const name = fresh();
        const doc: Item = { _id: 'a', nested: { level: 1 } };
        await store.writeBatch([{ collection: name, ops: [{ upsert: doc }] }]);
        doc.nested!.level = 2;
        expect(await store.collection<Item>(name).get('a')).toEqual({ _id: 'a', nested: { level: 1 } });
      });
    });

    describe('collections', () => {
      it('lists collections that were written, not ones only read', async () => {
        const written = fresh();
        const onlyRead = fresh();
        await store.collection<Item>(written).upsert({ _id: 'a' });
        await store.collection<Item>(onlyRead).get('a');
        await store.collection<Item>(onlyRead).count();
        const names = await store.listCollections();
        expect(names).toContain(written);
        expect(names).not.toContain(onlyRead);
      });

      it('drops a collection with its documents; dropping a missing one is a no-op', async () => {
        const name = fresh();
        const items = store.collection<Item>(name);
        await items.write([{ upsert: { _id: 'a' } }, { upsert: { _id: 'b' } }]);
        await store.dropCollection(name);
        await store.dropCollection(fresh());
        expect(await items.count()).toBe(0);
        expect(await store.listCollections()).not.toContain(name);
      });

      it('renameCollection replaces the target, and handles taken before see the new data', async () => {
        const live = fresh();
        const green = fresh();
        const liveHandle = store.collection<Item>(live);
        const greenHandle = store.collection<Item>(green);
        await liveHandle.write([{ upsert: { _id: 'old', n: 1 } }, { upsert: { _id: 'both', n: 1 } }]);
        await greenHandle.write([{ upsert: { _id: 'new', n: 2 } }, { upsert: { _id: 'both', n: 2 } }]);

        await store.renameCollection(green, live);

        expect(await liveHandle.find({}, { sort: { _id: 1 } })).toEqual([
          { _id: 'both', n: 2 },
          { _id: 'new', n: 2 },
        ]);
        expect(await greenHandle.count()).toBe(0);
        const names = await store.listCollections();
        expect(names).toContain(live);
        expect(names).not.toContain(green);
        // The old source name starts afresh.
        await greenHandle.upsert({ _id: 'again' });
        expect(ids(await greenHandle.find())).toEqual(['again']);
        expect(await liveHandle.count()).toBe(2);
      });

      it('renameCollection to a name not in use just moves the collection', async () => {
        const from = fresh();
        const to = fresh();
        await store.collection<Item>(from).upsert({ _id: 'a', n: 1 });
        await store.renameCollection(from, to);
        expect(await store.collection<Item>(to).get('a')).toEqual({ _id: 'a', n: 1 });
        expect(await store.listCollections()).not.toContain(from);
      });

      it('renameCollection from a missing source leaves the target dropped', async () => {
        const target = fresh();
        const handle = store.collection<Item>(target);
        await handle.upsert({ _id: 'stale' });
        await store.renameCollection(fresh(), target);
        expect(await handle.count()).toBe(0);
        expect(await store.listCollections()).not.toContain(target);
      });
    });

    it('a generation, where the store keeps one, changes with every write, swap and drop of that collection only', async () => {
      const generation = store.generation?.bind(store);
      if (!generation) return; // A store other processes may write cannot tell (see ReadModelMemo).
      const name = fresh();
      const other = fresh();
      const green = fresh();
      await store.collection<Item>(other).upsert({ _id: 'x' });
      const seen = [generation(name)];
      const changes: (() => Promise<void>)[] = [
        () => store.collection<Item>(name).upsert({ _id: 'a', n: 1 }),
        () => store.collection<Item>(name).write([up({ _id: 'b' }), { delete: 'a' }]),
        () => store.collection<Item>(name).delete('b'),
        () => store.writeBatch([{ collection: name, ops: [up({ _id: 'c' })] }]),
        async () => {
          await store.collection<Item>(green).upsert({ _id: 'd' });
          await store.renameCollection(green, name);
        },
        () => store.dropCollection(name),
        () => store.collection<Item>(name).upsert({ _id: 'a', n: 1 }),
      ];
      for (const change of changes) {
        const untouched = generation(other);
        await change();
        expect(seen).not.toContain(generation(name));
        seen.push(generation(name));
        expect(generation(other)).toBe(untouched);
      }
    });
  });
}
