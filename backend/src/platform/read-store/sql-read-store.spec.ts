import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openPglite } from '../../testing/pglite.js';
import { pgliteDatabase } from '../event-store/pglite-event-store.js';
import { poolDatabase } from '../event-store/postgres-event-store.js';
import { scratchDatabase } from '../event-store/scratch-database.js';
import type { SqlDatabase, SqlSession } from '../event-store/sql-database.js';
import { describeReadStoreContract } from './read-store.contract.js';
import type { BatchStep, Doc, ReadStore } from './read-store.js';
import { pgliteDump, SqlReadStore, type DumpReadModels, type PgliteProtocol } from './sql-read-store.js';

interface Item extends Doc {
  text?: string;
  n?: number;
  nested?: Record<string, unknown>;
}

/** Every collection's documents in id order, as text (so key order counts too). */
async function contents(store: ReadStore, names: readonly string[]): Promise<Record<string, string>> {
  const all: Record<string, string> = {};
  for (const name of names) all[name] = JSON.stringify(await store.collection(name).find({}, { sort: { _id: 1 } }));
  return all;
}

/** Counts the statements sent outside transactions and in them; fails the `failAt`-th statement of a transaction. */
function instrumented(inner: SqlDatabase) {
  const counts = { queries: 0, inTransactions: 0 };
  let failAt: number | null = null;
  const db: SqlDatabase = {
    query: (text, params) => {
      counts.queries++;
      return inner.query(text, params);
    },
    transaction: (work) =>
      inner.transaction((tx) => {
        let n = 0;
        const session: SqlSession = {
          query: async (text, params) => {
            counts.inTransactions++;
            if (++n === failAt) throw new Error('disk full');
            return tx.query(text, params);
          },
        };
        return work(session);
      }),
  };
  return {
    db,
    counts,
    failNextTransactionAt(statement: number | null) {
      failAt = statement;
    },
  };
}

const up = (doc: Item): { upsert: Item } => ({ upsert: doc });

let seq = 0;
const fresh = (): string => `persisted_${Date.now().toString(36)}_${++seq}`;

/**
 * What the SQL store adds to the contract: it survives a reopen (through each way of loading), a batch is all or
 * nothing, and queries never reach the database.
 */
function describePersistence(
  name: string,
  database: () => SqlDatabase,
  dumps: Record<string, DumpReadModels | undefined>,
): void {
  describe(`SqlReadStore on ${name}: persistence`, () => {
    const awkward: Item[] = [
      { _id: 'plain', text: 'Kia ora', n: 1, nested: { b: 1, a: [1, 'two', null, { deep: true }] } },
      { _id: 'escapes', text: 'tab\there, new\nline, back\\slash, "quoted", \r\f\b\v' },
      { _id: 'unicode', text: 'māori macrons ā, fern 🌿, lone \ud800 surrogate, nul \u0000 byte' },
      { _id: 'numbers', n: 0.1, nested: { big: 2 ** 53, small: -1e-7, e: 1e21, zero: 0 } },
      { _id: 'id with\ttab and \\ and \u00e9' },
      { _id: 'id with nul \u0000 and lone \udc00' },
      { _id: 'id with nul \u0000 and lone \udc01' },
      { _id: 'order', nested: { zebra: 1, apple: 2, mango: { y: 1, x: 2 } } },
    ];

    for (const [how, dump] of Object.entries(dumps)) {
      it(`opens (${how}) on an empty table`, async () => {
        await database().query('drop table if exists read_models');
        const store = await SqlReadStore.open(database(), { dump });
        expect(await store.listCollections()).toEqual([]);
        await store.collection<Item>(fresh()).upsert({ _id: 'first' });
      });

      it(`a reopened store (${how}) holds exactly what was written: documents, collections, awkward text`, async () => {
        const store = await SqlReadStore.open(database());
        const [a, b, gone] = [fresh(), fresh(), fresh()];
        await store.writeBatch([
          { collection: a, ops: awkward.map((upsert) => ({ upsert })) },
          { collection: b, ops: [up({ _id: 'x', n: 1 }), up({ _id: 'y', n: 2 }), { delete: 'x' }] },
          { collection: gone, ops: [{ upsert: { _id: 'soon gone' } }] },
        ]);
        await store.collection<Item>(a).upsert({ _id: 'plain', text: 'Kia ora anō', n: 2 });
        await store.collection<Item>(b).delete('y');
        await store.collection<Item>(b).upsert({ _id: 'z', text: 'in the \\\t middle' });
        await store.dropCollection(gone);
        const before = await contents(store, [a, b, gone]);
        await store.close();

        const reopened = await SqlReadStore.open(database(), { dump });
        expect(await contents(reopened, [a, b, gone])).toEqual(before);
        expect(JSON.parse(before[a]!)).toHaveLength(awkward.length);
        expect(await reopened.listCollections()).toEqual(expect.arrayContaining([a, b]));
        expect(await reopened.listCollections()).not.toContain(gone);
        await reopened.close();
      });
    }

    for (const [how, dump] of Object.entries(dumps)) {
      it(`a reopened store (${how}) renames, drops and writes collections it has not loaded yet`, async () => {
        const store = await SqlReadStore.open(database());
        const [live, green, other, gone] = [fresh(), fresh(), fresh(), fresh()];
        await store.writeBatch([
          { collection: live, ops: [up({ _id: 'old', n: 1 })] },
          { collection: green, ops: [up({ _id: 'new', n: 2 })] },
          { collection: other, ops: [up({ _id: 'a', n: 1 }), up({ _id: 'b', n: 2 })] },
          { collection: gone, ops: [up({ _id: 'x', n: 0 })] },
        ]);
        await store.close();

        const reopened = await SqlReadStore.open(database(), { dump, loadInBackground: false });
        expect(await reopened.listCollections()).toEqual(expect.arrayContaining([live, green, other, gone]));
        await reopened.writeBatch([
          { rename: green, to: live },
          { collection: other, ops: [{ delete: 'a' }] },
        ]);
        await reopened.dropCollection(gone);
        const names = [live, green, other, gone];
        expect(await contents(reopened, names)).toEqual({
          [live]: JSON.stringify([{ _id: 'new', n: 2 }]),
          [green]: '[]',
          [other]: JSON.stringify([{ _id: 'b', n: 2 }]),
          [gone]: '[]',
        });
        const again = await SqlReadStore.open(database(), { dump });
        expect(await contents(again, names)).toEqual(await contents(reopened, names));
      });
    }

    it('loads a table of more than one page', async () => {
      const store = await SqlReadStore.open(database());
      const name = fresh();
      const docs = Array.from({ length: 12_345 }, (_, i) => ({ _id: `doc-${String(i).padStart(5, '0')}`, n: i }));
      await store.writeBatch([{ collection: name, ops: docs.map((upsert) => ({ upsert })) }]);
      for (const [how, dump] of Object.entries(dumps)) {
        const reopened = await SqlReadStore.open(database(), { dump });
        expect({ how, count: await reopened.collection(name).count() }).toEqual({ how, count: docs.length });
        const tail = await reopened.collection(name).find({ n: { $gte: 12_340 } }, { sort: { _id: 1 } });
        expect(tail).toEqual(docs.slice(12_340));
      }
    }, 120_000);

    it('a batch is all or nothing: when one statement fails, neither memory nor the table changes', async () => {
      const probe = instrumented(database());
      const store = await SqlReadStore.open(probe.db);
      const [docs, checkpoints, green] = [fresh(), fresh(), fresh()];
      await store.writeBatch([
        { collection: docs, ops: [up({ _id: 'a', n: 1 })] },
        { collection: checkpoints, ops: [up({ _id: 'p', n: 1 })] },
        { collection: green, ops: [up({ _id: 'a', n: 100 }), up({ _id: 'b', n: 100 })] },
      ]);
      const before = await contents(store, [docs, checkpoints, green]);

      const batches: BatchStep[][] = [
        // Documents and their checkpoint, as the engine writes a batch.
        [
          { collection: docs, ops: [up({ _id: 'a', n: 2 }), { delete: 'b' }, up({ _id: 'c', n: 2 })] },
          { collection: checkpoints, ops: [up({ _id: 'p', n: 2 })] },
        ],
        // A blue/green swap and its checkpoint.
        [
          { rename: green, to: docs },
          { collection: checkpoints, ops: [up({ _id: 'p', n: 3 })] },
        ],
      ];
      for (const batch of batches) {
        for (let failAt = 1; ; failAt++) {
          probe.failNextTransactionAt(failAt);
          const statementsBefore = probe.counts.inTransactions;
          const outcome = await store.writeBatch(batch).then(
            () => 'written',
            (error: Error) => error.message,
          );
          if (outcome === 'written') {
            // Every statement of the batch has been made to fail once: undo the success and stop.
            expect(probe.counts.inTransactions - statementsBefore).toBeLessThan(failAt);
            break;
          }
          expect(outcome).toBe('disk full');
          expect(await contents(store, [docs, checkpoints, green])).toEqual(before);
          const reopened = await SqlReadStore.open(database());
          expect(await contents(reopened, [docs, checkpoints, green])).toEqual(before);
        }
        probe.failNextTransactionAt(null);
        const reopened = await SqlReadStore.open(database());
        const names = [docs, checkpoints, green];
        expect(await contents(reopened, names)).toEqual(await contents(store, names));
        expect(await contents(store, [docs, checkpoints, green])).not.toEqual(before);
        // The next batch starts from here.
        Object.assign(before, await contents(store, [docs, checkpoints, green]));
      }
      expect(await store.collection(docs).find({}, { sort: { _id: 1 } })).toEqual([
        { _id: 'a', n: 100 },
        { _id: 'b', n: 100 },
      ]);
      expect(await store.collection(checkpoints).get('p')).toEqual({ _id: 'p', n: 3 });
    });

    it('answers every query from memory: reads send nothing to the database', async () => {
      const probe = instrumented(database());
      const store = await SqlReadStore.open(probe.db);
      const name = fresh();
      await store.collection<Item>(name).write([up({ _id: 'a', n: 1 }), up({ _id: 'b', n: 2 })]);
      const sent = { ...probe.counts };
      const items = store.collection<Item>(name);
      expect(await items.get('a')).toEqual({ _id: 'a', n: 1 });
      expect(await items.find({ n: { $gte: 2 } })).toEqual([{ _id: 'b', n: 2 }]);
      expect(await items.count()).toBe(2);
      expect(await store.listCollections()).toContain(name);
      expect(probe.counts).toEqual(sent);

      // Reopened: the open reads the names only; a collection is loaded once, on first use, and then read in memory.
      const reopened = await SqlReadStore.open(probe.db, { loadInBackground: false });
      expect(probe.counts.queries - sent.queries).toBe(2);
      const again = reopened.collection<Item>(name);
      expect(await again.get('b')).toEqual({ _id: 'b', n: 2 });
      const loaded = { ...probe.counts };
      expect(await again.find({ n: { $gte: 2 } })).toEqual([{ _id: 'b', n: 2 }]);
      expect(await reopened.collection<Item>(name).count()).toBe(2);
      expect(probe.counts).toEqual(loaded);
    });

    it('peeks at one kept document without loading its collection, and reads memory once it is loaded', async () => {
      const store = await SqlReadStore.open(database());
      const name = fresh();
      await store.collection<Item>(name).write([up({ _id: 'a', n: 1 }), up({ _id: 'b', n: 2 })]);
      const reopened = await SqlReadStore.open(database(), { loadInBackground: false });
      expect(await reopened.peek<Item>(name, 'b')).toEqual({ _id: 'b', n: 2 });
      expect(await reopened.peek<Item>(name, 'none')).toBeNull();
      // Still not in memory: a snapshot's chunks, read once at start, are not kept there as well.
      const waiting = await reopened.health();
      expect(waiting.detail).toMatch(/more not loaded yet$/);
      expect(waiting.loading).toBeGreaterThan(0);
      await reopened.collection<Item>(name).upsert({ _id: 'b', n: 3 });
      expect(await reopened.peek<Item>(name, 'b')).toEqual({ _id: 'b', n: 3 });
      await reopened.close();
    });

    it('loads what nobody asked for in the background from a second after the app serves, not from its open', async () => {
      const store = await SqlReadStore.open(database());
      await store.collection<Item>(fresh()).upsert({ _id: 'a' });
      await store.close();
      const probe = instrumented(database());
      const reopened = await SqlReadStore.open(probe.db);
      const opened = { ...probe.counts };
      // A boot slower than a second (the chain's fold loads first) is not yet serving: its first requests must not
      // wait behind loads nobody asked for.
      await new Promise((r) => setTimeout(r, 1_500));
      expect(probe.counts).toEqual(opened);
      const waiting = await reopened.health();
      expect(waiting.detail).toMatch(/more not loaded yet$/);
      expect(waiting.loading).toBeGreaterThan(0);
      reopened.serving();
      for (let i = 0; i < 60 && (await reopened.health()).loading !== 0; i++)
        await new Promise((r) => setTimeout(r, 100));
      expect(await reopened.health()).toMatchObject({
        detail: expect.not.stringMatching(/not loaded yet/),
        loading: 0,
      });
      expect(probe.counts.queries).toBeGreaterThan(opened.queries);
      await reopened.close();
    });

    it('concurrent writes are applied in memory in the order the database committed them', async () => {
      const store = await SqlReadStore.open(database());
      const name = fresh();
      const items = store.collection<Item>(name);
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          items.write([up({ _id: `doc-${i % 3}`, n: i }), { delete: `doc-${(i + 1) % 3}` }]),
        ),
      );
      const reopened = await SqlReadStore.open(database());
      expect(await contents(reopened, [name])).toEqual(await contents(store, [name]));
      // The last two: 38 wrote doc-2 and deleted doc-0, 39 wrote doc-0 and deleted doc-1.
      expect(await items.find({}, { sort: { _id: 1 } })).toEqual([
        { _id: 'doc-0', n: 39 },
        { _id: 'doc-2', n: 38 },
      ]);
    });

    it('refuses a document it cannot store, before writing anything', async () => {
      const store = await SqlReadStore.open(database());
      const name = fresh();
      const unstorable = { _id: 'b', n: BigInt(1) } as unknown as Item;
      await expect(
        store.writeBatch([{ collection: name, ops: [{ upsert: { _id: 'a' } }, { upsert: unstorable }] }]),
      ).rejects.toThrow(/BigInt/);
      expect(await store.listCollections()).not.toContain(name);
      expect(await (await SqlReadStore.open(database())).listCollections()).not.toContain(name);
    });
  });
}

describe('SqlReadStore on pglite', () => {
  let pglite: PGlite;
  /** The PGlite of this file (opened later, in beforeAll), optionally handing its raw data on in tiny chunks. */
  const protocol = (tiny: boolean): PgliteProtocol => ({
    runExclusive: (fn) => pglite.runExclusive(fn),
    execProtocolRawStream: (message, { onRawData }) =>
      pglite.execProtocolRawStream(message, {
        onRawData: (data) => {
          if (!tiny) return onRawData(data);
          for (let at = 0, n = 1; at < data.length; at += n, n = (n % 7) + 1) onRawData(data.slice(at, at + n));
        },
      }),
  });
  beforeAll(async () => {
    pglite = await openPglite();
  });
  afterAll(() => pglite.close());

  describeReadStoreContract('pglite', () => SqlReadStore.open(pgliteDatabase(pglite), { kind: 'pglite' }));
  describePersistence('pglite', () => pgliteDatabase(pglite), {
    'page by page': undefined,
    'PGlite COPY': pgliteDump(protocol(false)),
    // The same stream cut into pieces of 1 to 7 bytes: messages and rows split anywhere.
    'PGlite COPY, in tiny chunks': pgliteDump(protocol(true)),
  });

  it("reports the database's error when the COPY fails, rather than loading nothing", async () => {
    await pglite.query('drop table if exists read_models');
    const load = pgliteDump(protocol(false))(pgliteDatabase(pglite), 'anything', () => undefined);
    await expect(load).rejects.toThrow('Loading the read models: relation "read_models" does not exist');
  });
});

describe('SqlReadStore on postgres', () => {
  const scratch = scratchDatabase('kauri_reads');
  let pool: pg.Pool;
  beforeAll(async () => {
    await scratch.create();
    pool = new pg.Pool({ connectionString: scratch.url, max: 4 });
    // The forced drop at the end terminates whatever connection is still closing; an idle client's FATAL 57P01
    // then arrives as the pool's 'error' event, which with no listener failed the file on a busy machine.
    pool.on('error', (error) => {
      if ((error as { code?: string }).code !== '57P01') throw error;
    });
  });
  afterAll(async () => {
    await pool?.end();
    await scratch.drop();
  });

  describeReadStoreContract('postgres', () => SqlReadStore.open(poolDatabase(pool), { kind: 'postgres' }));
  describePersistence('postgres', () => poolDatabase(pool), { 'page by page': undefined });
});
