import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { EventToAppend } from '../event-store/event-store.js';
import { MemoryEventStore } from '../event-store/memory-event-store.js';
import { poolDatabase } from '../event-store/postgres-event-store.js';
import { scratchDatabase } from '../event-store/scratch-database.js';
import type { BatchStep, Doc } from '../read-store/read-store.js';
import { SqlReadStore } from '../read-store/sql-read-store.js';
import type { Projection } from './projection.js';
import { ProjectionEngine } from './projection-engine.js';

/**
 * Several app processes on one PostgreSQL database write the same `read_models` rows (issue 29): their writes must
 * not deadlock each other, and a lock conflict that does stop a write (a deadlock, a lock timeout) must be retried,
 * never stop a projection. Real PostgreSQL: deadlock detection and lock timeouts are the server's.
 */

const PATIENCE = 30_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check: () => Promise<boolean>): Promise<void> {
  for (const deadline = performance.now() + PATIENCE; performance.now() < deadline && !(await check()); )
    await sleep(10);
}

const scratch = scratchDatabase('kauri_contention');
const pools: pg.Pool[] = [];

function pool(options: Partial<pg.PoolConfig> = {}): pg.Pool {
  const created = new pg.Pool({ connectionString: scratch.url, max: 2, ...options });
  // The forced drop at the end terminates idle connections: their 57P01 arrives as the pool's 'error' event.
  created.on('error', (error) => {
    if ((error as { code?: string }).code !== '57P01') throw error;
  });
  pools.push(created);
  return created;
}

/** A raw connection of its own, to hold row locks the stores must wait for. */
async function rawClient(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: scratch.url });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

/** Sessions of this database waiting for a lock, other than the one asking. */
async function waitingForLocks(client: pg.Client): Promise<number> {
  const [row] = (
    await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
    )
  ).rows;
  return row!.n;
}

/** Counts events per counter named in them: an event applied twice would show. */
function counters(name: string): Projection<Doc> {
  const projection: Projection<Doc & { count: number }> = {
    name,
    version: 1,
    eventTypes: ['Counted'],
    upcast: (event) => event, // events of one shape only
    keys: (event) => [(event.data as { counter: string }).counter],
    evolve: (doc, _event, id) => ({ _id: id, count: (doc?.count ?? 0) + 1 }),
  };
  return projection as unknown as Projection<Doc>;
}

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

beforeAll(() => scratch.create());
afterAll(async () => {
  for (const p of pools.splice(0)) await p.end();
  await scratch.drop();
});

describe('read models written by two processes on one PostgreSQL database', () => {
  it('two stores upserting the same rows in opposite orders do not deadlock: rows are locked in one order', async () => {
    const ids = Array.from({ length: 40 }, (_, i) => `r${String(i).padStart(3, '0')}`);
    const a = await SqlReadStore.open(poolDatabase(pool()), { kind: 'postgres', loadInBackground: false });
    const b = await SqlReadStore.open(poolDatabase(pool()), { kind: 'postgres', loadInBackground: false });
    const batch = (writer: string, order: readonly string[]): BatchStep[] => [
      { collection: 'shared', ops: order.map((_id) => ({ upsert: { _id, writer } })) },
      { collection: '_checkpoints', ops: [{ upsert: { _id: 'shared', writer } }] },
    ];
    await a.writeBatch(batch('seed', ids));

    // A third session holds the middle row, so both writers are under way (each holding the rows it reached
    // before it) when it lets go: in opposite orders, each would then wait for a row the other holds.
    const holder = await rawClient();
    try {
      await holder.query('begin');
      await holder.query(`select 1 from read_models where collection = 'shared' and id = $1 for update`, [
        JSON.stringify('r020'),
      ]);
      const writes = [a.writeBatch(batch('a', ids)), b.writeBatch(batch('b', [...ids].reverse()))];
      const settled = Promise.allSettled(writes);
      await until(async () => (await waitingForLocks(holder)) >= 2);
      expect(await waitingForLocks(holder)).toBeGreaterThanOrEqual(2);
      await holder.query('commit');

      const outcomes = await settled;
      expect(outcomes.map((o) => (o.status === 'rejected' ? String(o.reason) : o.status))).toEqual([
        'fulfilled',
        'fulfilled',
      ]);
    } finally {
      await holder.end();
    }
    // One of the two wrote last, every row alike.
    const reopened = await SqlReadStore.open(poolDatabase(pool()), { kind: 'postgres', loadInBackground: false });
    const writers = new Set(
      (await reopened.collection<Doc & { writer: string }>('shared').find()).map((d) => d.writer),
    );
    expect(writers.size).toBe(1);
    for (const store of [a, b, reopened]) await store.close();
  });

  it('a lock conflict while storing (lock timeout) is retried: the projection stays live and serving, then is stored', async () => {
    const events = new MemoryEventStore();
    // This process gives up on a row lock after 200 ms (55P03), as a deadlock victim gives up (40P01).
    const reads = await SqlReadStore.open(poolDatabase(pool({ options: '-c lock_timeout=200' })), {
      kind: 'postgres',
      loadInBackground: false,
    });
    const engine = new ProjectionEngine(events, reads, [counters('counters')]);
    await engine.start();
    await events.append('c-1', [counted('one'), counted('two')], 'any');
    expect(await engine.caughtUp(PATIENCE)).toBe(true);

    // Another process holds the projection's checkpoint row (as a concurrent writer of the same rows would).
    const holder = await rawClient();
    try {
      await holder.query('begin');
      await holder.query(`select 1 from read_models where collection = '_checkpoints' and id = $1 for update`, [
        JSON.stringify('counters'),
      ]);
      const { position } = await events.append('c-1', [counted('one'), counted('three')], 'any');
      expect(await engine.waitFor(position, ['counters'], PATIENCE)).toBe(true);
      await until(async () => ((await engine.status())[0]!.persistence?.attempts ?? 0) >= 2);

      const [retrying] = await engine.status();
      expect(retrying).toMatchObject({ status: 'live', checkpoint: position, lastError: null });
      expect(retrying!.persistence).toMatchObject({ retrying: true, lastError: expect.stringMatching(/lock timeout/) });
      // Served from memory, current.
      expect(await reads.collection<Doc & { count: number }>('counters').find({}, { sort: { _id: 1 } })).toEqual([
        { _id: 'one', count: 2, _position: 3 },
        { _id: 'three', count: 1, _position: 4 },
        { _id: 'two', count: 1, _position: 2 },
      ]);
      await holder.query('commit');

      await until(async () => (await engine.status())[0]!.persistence === null);
      expect((await engine.status())[0]).toMatchObject({ status: 'live', checkpoint: position, persistence: null });
    } finally {
      await holder.end();
    }
    const stopping = engine.stop();
    await events.close();
    await stopping;

    // What is stored is what memory served, with its checkpoint.
    const reopened = await SqlReadStore.open(poolDatabase(pool()), { kind: 'postgres', loadInBackground: false });
    for (const name of ['counters', '_checkpoints'])
      expect(await reopened.collection(name).find({}, { sort: { _id: 1 } })).toEqual(
        await reads.collection(name).find({}, { sort: { _id: 1 } }),
      );
    expect(await reopened.collection<Doc & { position: number }>('_checkpoints').get('counters')).toMatchObject({
      position: 4,
    });
    for (const store of [reads, reopened]) await store.close();
  });

  it("a deadlock with another writer aborts the engine's write (40P01): it is retried, and the projection never stops", async () => {
    const events = new MemoryEventStore();
    const reads = await SqlReadStore.open(poolDatabase(pool()), { kind: 'postgres', loadInBackground: false });
    const engine = new ProjectionEngine(events, reads, [counters('tallies')]);
    await engine.start();
    await events.append('t-1', [counted('one')], 'any');
    expect(await engine.caughtUp(PATIENCE)).toBe(true);

    // The other writer holds a document row; the engine (checkpoint row first, in (collection, id) order) then
    // waits for it; the other writer asks for the checkpoint row: each waits for the other. Its own deadlock
    // check is put off, so the server picks the engine's transaction to abort.
    const other = await rawClient();
    let position = 0;
    try {
      await other.query(`set deadlock_timeout = '60s'`);
      await other.query('begin');
      await other.query(`select 1 from read_models where collection = 'tallies' and id = $1 for update`, [
        JSON.stringify('one'),
      ]);
      ({ position } = await events.append('t-1', [counted('one')], 'any'));
      await until(async () => (await waitingForLocks(other)) >= 1);
      const crossing = other.query(
        `select 1 from read_models where collection = '_checkpoints' and id = $1 for update`,
        [JSON.stringify('tallies')],
      );
      await until(async () => ((await engine.status())[0]!.persistence?.attempts ?? 0) >= 1);
      await crossing;

      const [retrying] = await engine.status();
      expect(retrying).toMatchObject({ status: 'live', checkpoint: position, lastError: null });
      expect(retrying!.persistence).toMatchObject({ retrying: true, lastError: 'deadlock detected' });
      expect(await reads.collection('tallies').get('one')).toMatchObject({ count: 2 });
      await other.query('commit');

      await until(async () => (await engine.status())[0]!.persistence === null);
      expect((await engine.status())[0]).toMatchObject({ status: 'live', checkpoint: position, persistence: null });
    } finally {
      await other.end();
    }
    const stopping = engine.stop();
    await events.close();
    await stopping;

    const reopened = await SqlReadStore.open(poolDatabase(pool()), { kind: 'postgres', loadInBackground: false });
    expect(await reopened.collection('tallies').get('one')).toMatchObject({ count: 2, _position: position });
    expect(await reopened.collection<Doc & { position: number }>('_checkpoints').get('tallies')).toMatchObject({
      position,
    });
    for (const store of [reads, reopened]) await store.close();
  });
});

describe('read models on a shared store: only the lease holder stores them', () => {
  it('a replica that does not hold the lease writes nothing; taking over, it stores what it changed, and a restart from that copy equals it', async () => {
    const events = new MemoryEventStore();
    const open = () => SqlReadStore.open(poolDatabase(pool()), { kind: 'postgres', loadInBackground: false });
    const projection = () => [counters('shared_counters')];
    const holder = new ProjectionEngine(events, await open(), projection(), { persist: true });
    const followerReads = await open();
    const follower = new ProjectionEngine(events, followerReads, projection(), { persist: false });
    await holder.start();
    await follower.start();
    for (let n = 0; n < 30; n++) await events.append(`c-${n % 7}`, [counted(`c${n % 7}`)], 'any');
    await holder.caughtUp();
    await follower.caughtUp();
    const stored = async () => {
      const fresh = await open();
      const checkpoint = (await fresh.collection<Doc & { position: number }>('_checkpoints').get('shared_counters'))!;
      const docs = await fresh.collection('shared_counters').find({}, { sort: { _id: 1 } });
      await fresh.close();
      return { position: checkpoint.position, docs };
    };
    expect((await stored()).position).toBe(30);

    // The holder dies; the log moves on; the follower serves it from memory but stores nothing.
    await holder.stop();
    for (let n = 0; n < 12; n++) await events.append(`c-${n % 3}`, [counted(`c${n % 3}`), counted('new')], 'any');
    await follower.caughtUp();
    expect(await follower.waitFor(54)).toBe(true);
    expect((await stored()).position).toBe(30);
    expect(follower.persists).toBe(false);

    // It takes the lease: one write brings the stored copy to its memory, which a restart then loads as it is.
    await follower.persist(true);
    const after = await stored();
    expect(after.position).toBe(54);
    expect(after.docs).toEqual(await followerReads.collection('shared_counters').find({}, { sort: { _id: 1 } }));
    const restarted = new ProjectionEngine(events, await open(), projection());
    await restarted.start();
    await restarted.caughtUp();
    expect((await restarted.checksums()).readModels).toEqual((await follower.checksums()).readModels);
    expect((await restarted.status())[0]).toMatchObject({ checkpoint: 54, status: 'live' });
    // From now on it stores each batch itself.
    await events.append('c-0', [counted('c0')], 'any');
    await follower.caughtUp();
    expect((await stored()).position).toBe(55);
    for (const engine of [follower, restarted]) await engine.stop();
  });
});
