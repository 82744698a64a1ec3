import { MemoryReadStore } from './memory-read-store.js';
import { ReadModelMemo } from './read-model-memo.js';
import type { ReadStore } from './read-store.js';

interface Row {
  _id: string;
  n: number;
}

/** A memo of the `n` of a row of `rows`, counting how often it was worked out. */
function memoOf(store: ReadStore, collections = ['rows']) {
  const memo = new ReadModelMemo<string, number | null>(store, collections);
  let computed = 0;
  const rows = store.collection<Row>('rows');
  const get = (id: string) =>
    memo.get(
      id,
      async () => {
        computed++;
        return (await rows.get(id))?.n ?? null;
      },
      (n) => n !== null,
    );
  return { get, rows, computed: () => computed };
}

describe('ReadModelMemo', () => {
  it('works a value out once while its collections are unchanged, and again after any change to them', async () => {
    const store = new MemoryReadStore();
    const { get, rows, computed } = memoOf(store);
    await rows.upsert({ _id: 'a', n: 1 });
    expect(await get('a')).toBe(1);
    expect(await get('a')).toBe(1);
    expect(computed()).toBe(1);
    await rows.upsert({ _id: 'a', n: 2 });
    expect(await get('a')).toBe(2);
    await rows.delete('a');
    expect(await get('a')).toBeNull();
    // A write to a collection it does not watch keeps it.
    await rows.upsert({ _id: 'a', n: 3 });
    expect(await get('a')).toBe(3);
    await store.collection<Row>('others').upsert({ _id: 'x', n: 0 });
    expect(await get('a')).toBe(3);
    expect(computed()).toBe(4);
  });

  it('keeps nothing `keep` refuses (an unknown key is worked out every time)', async () => {
    const { get, computed } = memoOf(new MemoryReadStore());
    expect(await get('nobody')).toBeNull();
    expect(await get('nobody')).toBeNull();
    expect(computed()).toBe(2);
  });

  it('does not keep a value worked out while a change landed (it may predate the change)', async () => {
    const store = new MemoryReadStore();
    const rows = store.collection<Row>('rows');
    await rows.upsert({ _id: 'a', n: 1 });
    const memo = new ReadModelMemo<string, number>(store, ['rows']);
    const stale = await memo.get('a', async () => {
      const n = (await rows.get('a'))!.n;
      await rows.upsert({ _id: 'a', n: 2 });
      return n;
    });
    expect(stale).toBe(1);
    expect(await memo.get('a', async () => (await rows.get('a'))!.n)).toBe(2);
  });

  it('starts again empty past its size bound', async () => {
    const store = new MemoryReadStore();
    const memo = new ReadModelMemo<string, string>(store, ['rows'], 2);
    let computed = 0;
    const get = (key: string) => memo.get(key, async () => `${key}${++computed}`);
    expect([await get('a'), await get('b'), await get('a')]).toEqual(['a1', 'b2', 'a1']);
    expect([await get('c'), await get('a')]).toEqual(['c3', 'a4']);
  });

  it('memoises nothing on a store that cannot tell when its collections change', async () => {
    const inner = new MemoryReadStore();
    const blind: ReadStore = {
      kind: 'blind',
      collection: (name) => inner.collection(name),
      renameCollection: (from, to) => inner.renameCollection(from, to),
      writeBatch: (steps) => inner.writeBatch(steps),
      dropCollection: (name) => inner.dropCollection(name),
      listCollections: () => inner.listCollections(),
      health: () => inner.health(),
      close: () => inner.close(),
    };
    const { get, rows, computed } = memoOf(blind);
    await rows.upsert({ _id: 'a', n: 1 });
    await get('a');
    await get('a');
    expect(computed()).toBe(2);
  });
});
