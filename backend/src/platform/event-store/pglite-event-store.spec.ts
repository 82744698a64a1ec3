import { rm } from 'node:fs/promises';
import { jest } from '@jest/globals';
import { contractEvent, describeEventStoreContract } from './event-store.contract.js';
import { WrongExpectedRevisionError } from './event-store.js';
import { PgliteEventStore } from './pglite-event-store.js';
import { freshPgliteDir, openPglite } from '../../testing/pglite.js';

// One database for the whole contract suite.
describeEventStoreContract('pglite', async () => PgliteEventStore.open({ pglite: await openPglite() }));

describe('PgliteEventStore on disk', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await freshPgliteDir();
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps its events in the data folder across close and reopen', async () => {
    const first = await PgliteEventStore.open({ dataDir: dir });
    const { position } = await first.append(
      'asset-1',
      [contractEvent('AssetDrafted', { title: 'Villa' })],
      'no_stream',
    );
    await first.close();

    const again = await PgliteEventStore.open({ dataDir: dir });
    try {
      expect(await again.headPosition()).toBe(position);
      expect((await again.readStream('asset-1')).map((e) => e.data)).toEqual([{ title: 'Villa' }]);
      expect((await again.append('asset-1', [contractEvent('AssetRenamed')], 0)).nextRevision).toBe(1);
    } finally {
      await again.close();
    }
  });
});

describe('PgliteEventStore: appends made meanwhile go together', () => {
  it('answers each of many concurrent appends as if alone, in fewer statements, a refused one failing alone', async () => {
    const pglite = await openPglite();
    const store = await PgliteEventStore.open({ pglite });
    try {
      const sent = jest.spyOn(store.database, 'queryPrepared');
      const settled = await Promise.allSettled([
        ...Array.from({ length: 12 }, (_, i) => store.append(`g-${i % 3}`, [contractEvent('A', { i })], 'any')),
        store.append('g-0', [contractEvent('Refused')], 'no_stream'),
        store.append('g-new', [contractEvent('B'), contractEvent('C')], 'no_stream'),
      ]);
      // The first goes at once; the others waited for it and went in one statement.
      expect(sent.mock.calls.length).toBe(2);
      expect(settled.map((s) => s.status)).toEqual([...Array(12).fill('fulfilled'), 'rejected', 'fulfilled']);
      expect((settled[12] as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
      const results = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
      // In the order they were made: revisions count up per stream, positions across all.
      expect(results.map((r) => r.nextRevision)).toEqual([0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 1]);
      const positions = results.map((r) => r.position);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));
      expect((await store.readStream('g-0')).map((e) => e.data)).toEqual([{ i: 0 }, { i: 3 }, { i: 6 }, { i: 9 }]);
      expect((await store.readStream('g-new')).map((e) => e.type)).toEqual(['B', 'C']);
      expect((await store.verifyIntegrity()).firstBroken).toBeNull();

      // Data JSON cannot carry fails its own append, alone, whether it goes first or waits with others.
      const unsendable = contractEvent('Bad', { n: BigInt(1) });
      const mixed = await Promise.allSettled([
        store.append('g-bad', [unsendable], 'any'),
        store.append('g-0', [contractEvent('A', { i: 12 })], 3),
        store.append('g-bad', [unsendable], 'any'),
        store.append('g-1', [contractEvent('A', { i: 13 })], 3),
      ]);
      expect(mixed.map((s) => s.status)).toEqual(['rejected', 'fulfilled', 'rejected', 'fulfilled']);
      expect(await store.readStream('g-bad')).toEqual([]);
    } finally {
      await store.close();
    }
  }, 60_000);
});

describe('PgliteEventStore: hashes made in JavaScript', () => {
  it('chains verify whether the store hashed an append itself or its head was stale and the database did', async () => {
    const pglite = await openPglite();
    // Two stores on one database, each knowing only its own appends: each one's idea of the head goes stale.
    const a = await PgliteEventStore.open({ pglite });
    const b = await PgliteEventStore.open({ pglite });
    try {
      const sentByA = jest.spyOn(a.database, 'queryPrepared');
      const sentByB = jest.spyOn(b.database, 'queryPrepared');
      const odd = {
        text: 'tab\t, quote ", é, 🌿, \u0001',
        n: [0.1, -0, 2 ** 53, 1e21, 1.5e-7],
        nested: { zz: 1, a: {} },
      };
      await a.append('s', [contractEvent('One', odd), contractEvent('Two')], 'no_stream');
      await a.append('s', [contractEvent('Three', { plain: true })], 1);
      await b.append('s', [contractEvent('Four')], 2);
      await a.append('s', [contractEvent('Five', { after: 'a stale head' })], 3);
      await b.append('s', [contractEvent('Six')], 'any');
      const calls = [sentByA.mock, sentByB.mock].flatMap((mock) =>
        mock.calls.map((call, i) => ({ order: mock.invocationCallOrder[i]!, params: call[2] })),
      );
      const hashesSent = calls.sort((x, y) => x.order - y.order).map((call) => call.params[7]);
      // New stream (1e21 has an exponent: the database hashed that one), own head, then stale heads.
      expect(hashesSent.map((h) => (Array.isArray(h) ? h.length : h))).toEqual([null, 1, null, 1, 1]);
      expect(await a.verifyIntegrity()).toMatchObject({ checkedEvents: 6, firstBroken: null });
      expect((await a.readStream('s')).map((e) => e.type)).toEqual(['One', 'Two', 'Three', 'Four', 'Five', 'Six']);
    } finally {
      await a.close();
    }
  }, 60_000);
});

describe('PgliteEventStore: appends as a prepared statement', () => {
  it('never run inside another caller’s transaction, and are prepared again when deallocated', async () => {
    const pglite = await openPglite();
    const store = await PgliteEventStore.open({ pglite });
    try {
      await store.append('p-1', [contractEvent('A')], 'no_stream');
      // Another caller's transaction, open across an await: an append made meanwhile waits for it to end and is
      // not taken back with it.
      let appended: Promise<unknown> | undefined;
      await expect(
        pglite.transaction(async (tx) => {
          await tx.query('select 1');
          appended = store.append('p-1', [contractEvent('B')], 0);
          await new Promise((resolve) => setTimeout(resolve, 50));
          await tx.query('select 2');
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      await expect(appended).resolves.toMatchObject({ nextRevision: 1 });
      await pglite.exec('deallocate all');
      await store.append('p-1', [contractEvent('C')], 1);
      expect((await store.readStream('p-1')).map((e) => e.type)).toEqual(['A', 'B', 'C']);
    } finally {
      await store.close();
    }
  }, 60_000);
});

describe('PgliteEventStore: indexes', () => {
  it('reads a prefix of stream ids through the stream indexes, the prefix index dropped (collation C)', async () => {
    const pglite = await openPglite();
    const indexes = async () =>
      (await pglite.query<{ name: string }>("select indexname as name from pg_indexes where tablename = 'events'")).rows
        .map((r) => r.name)
        .sort();
    const store = await PgliteEventStore.open({ pglite });
    try {
      expect(await indexes()).toEqual([
        'events_pkey',
        'events_stream_event_id',
        'events_stream_revision',
        'events_type_position',
      ]);
      await pglite.exec(`insert into events (stream_id, revision, event_id, type, data, metadata, hash)
        select case when g % 100 = 0 then 'x-asset-' else 'x-user-' end || g, 0, gen_random_uuid(), 'T', '{}', '{}', ''
        from generate_series(1, 20000) g;
        analyze events`);
      const plan = await pglite.query<{ 'QUERY PLAN': string }>(
        `explain select position from events where position > $1 and (stream_id like $3) order by position limit $2`,
        [0, 1000, 'x-asset-%'],
      );
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Index Cond: .*stream_id >= 'x-asset-'/);
      expect(await store.readAll({ streamPrefixes: ['x-asset-'], maxCount: 1000 })).toHaveLength(200);
      // A database that has the index (made before this step) loses it at its next open.
      await pglite.exec(`create index events_stream_prefix on events (stream_id text_pattern_ops, position);
        delete from event_store_migrations where name = 'stream-prefix-index-only-where-needed'`);
      await PgliteEventStore.open({ pglite });
      expect(await indexes()).not.toContain('events_stream_prefix');
      await pglite.exec("delete from events where stream_id like 'x-%'");
    } finally {
      await store.close();
    }
  }, 60_000);
});
