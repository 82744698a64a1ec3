import { randomUUID } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type {
  AppendResult,
  EventStore,
  EventToAppend,
  ExpectedRevision,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StoreHealth,
  SubscribeOptions,
  Subscription,
} from '../event-store/event-store.js';
import { MemoryEventStore } from '../event-store/memory-event-store.js';
import { pgliteDatabase } from '../event-store/pglite-event-store.js';
import type { SqlDatabase } from '../event-store/sql-database.js';
import { MemoryReadStore } from '../read-store/memory-read-store.js';
import type { BatchStep, Doc, ReadCollection, ReadStore, WriteOp } from '../read-store/read-store.js';
import { SqlReadStore } from '../read-store/sql-read-store.js';
import { openPglite } from '../../testing/pglite.js';
import { project, type Projection } from './projection.js';
import {
  CHECKPOINTS,
  PENDING_REBUILDS,
  isTransientStoreError,
  ProjectionEngine,
  REBUILD_OUTCOMES,
  type RebuildProgress,
} from './projection-engine.js';

// A small ledger read model: one document per account and one per owner, built with increments — so an
// event applied twice would show as a wrong balance.
interface LedgerData {
  accountId: string;
  owner: string;
  amount?: number;
  /** Marks the event that a "buggy" evolve cannot handle. */
  poison?: boolean;
}

interface LedgerDoc extends Doc {
  owner: string;
  balance: number;
  deposits: number;
  accounts?: number;
}

interface Ledger {
  projection: Projection<LedgerDoc>;
  /** How many times evolve has been called. */
  calls(): number;
  /** Makes evolve throw on poison events (true), or "fixes" it (false). */
  setBroken(broken: boolean): void;
  /** Runs once per event position, the first time evolve sees it. */
  onEvolve?: (event: RecordedEvent) => void;
}

function ledger(name = 'ledger', options: { version?: number; scale?: number; broken?: boolean } = {}): Ledger {
  const scale = options.scale ?? 1;
  let broken = options.broken ?? false;
  let calls = 0;
  const seen = new Set<number>();
  const state: Ledger = {
    calls: () => calls,
    setBroken: (b) => {
      broken = b;
    },
    projection: {
      name,
      version: options.version ?? 1,
      eventTypes: ['AccountOpened', 'Deposited', 'AccountClosed'],
      upcast: (event) => event, // events of one shape only
      keys: (event) => {
        const data = event.data as LedgerData;
        return [`account-${data.accountId}`, `owner-${data.owner}`];
      },
      evolve: (doc, event, id) => {
        calls++;
        if (!seen.has(event.position)) {
          seen.add(event.position);
          state.onEvolve?.(event);
        }
        const data = event.data as LedgerData;
        if (broken && data.poison) throw new Error(`cannot handle deposit to ${data.accountId}`);
        const amount = (data.amount ?? 0) * scale;
        if (id.startsWith('owner-')) {
          const owner = doc ?? { _id: id, owner: data.owner, balance: 0, deposits: 0, accounts: 0 };
          if (event.type === 'AccountOpened') return { ...owner, accounts: owner.accounts! + 1 };
          if (event.type === 'AccountClosed') return { ...owner, accounts: owner.accounts! - 1 };
          return { ...owner, balance: owner.balance + amount, deposits: owner.deposits + 1 };
        }
        if (event.type === 'AccountOpened') return { _id: id, owner: data.owner, balance: 0, deposits: 0 };
        if (event.type === 'AccountClosed') return null;
        const account = doc ?? { _id: id, owner: data.owner, balance: 0, deposits: 0 };
        return { ...account, balance: account.balance + amount, deposits: account.deposits + 1 };
      },
    },
  };
  return state;
}

function event(type: string, data: LedgerData): EventToAppend {
  return {
    type,
    data,
    metadata: {
      eventId: randomUUID(),
      schemaVersion: 1,
      occurredAt: '2025-01-01T00:00:00.000Z',
      actor: { kind: 'system', name: 'test' },
      correlationId: 'test',
      causationId: null,
    },
  };
}

const opened = (accountId: string, owner: string) => event('AccountOpened', { accountId, owner });
const deposited = (accountId: string, owner: string, amount: number, poison = false) =>
  event('Deposited', poison ? { accountId, owner, amount, poison } : { accountId, owner, amount });
const closed = (accountId: string, owner: string) => event('AccountClosed', { accountId, owner });
/** An event type the ledger does not follow: it must still move the checkpoint. */
const noise = () => event('SomethingElse', { accountId: 'none', owner: 'none' });

async function append(store: EventStore, ...events: EventToAppend[]): Promise<number> {
  let position = 0;
  for (const e of events) {
    ({ position } = await store.append(`account-${(e.data as LedgerData).accountId}`, [e], 'any'));
  }
  return position;
}

/** The read model stripped of engine bookkeeping, sorted by id. */
async function documents(reads: ReadStore, name = 'ledger'): Promise<LedgerDoc[]> {
  const docs = await reads.collection<LedgerDoc & { _position: number }>(name).find({}, { sort: { _id: 1 } });
  return docs.map(({ _position: _, ...doc }) => doc);
}

/** What the read model must equal: a fresh `project()` of the whole log. */
async function expected(events: EventStore, projection: Projection<LedgerDoc>): Promise<LedgerDoc[]> {
  const docs = project(projection, await events.readAll());
  return [...docs.values()].sort((a, b) => (a._id < b._id ? -1 : 1));
}

async function checkpointOf(reads: ReadStore, name = 'ledger') {
  return reads.collection<Doc & { position: number; version: number }>(CHECKPOINTS).get(name);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * How long a wait that ends as soon as the engine gets there may take: long, since a busy machine is slow, and
 * it costs nothing when the engine is prompt.
 */
const PATIENCE = 30_000;

/** Polls until `check` holds or PATIENCE runs out; the assertion that follows says what was wrong. */
async function until(check: () => Promise<boolean>): Promise<void> {
  for (const deadline = performance.now() + PATIENCE; performance.now() < deadline && !(await check()); )
    await sleep(10);
}

/** Until the engine reports its projections in these states (e.g. one failed on a poisoned event). */
const statusesBecome = (e: ProjectionEngine, ...wanted: string[]) =>
  until(async () => (await e.status()).map((s) => s.status).join() === wanted.join());

/** A read store for each test, and the same store as a restarted process opens it again. */
interface ReadStores {
  name: string;
  fresh(): Promise<ReadStore>;
  reopen(store: ReadStore): Promise<ReadStore>;
}

const memoryStores: ReadStores = {
  name: 'memory',
  fresh: async () => new MemoryReadStore(),
  reopen: async (store) => store,
};

/** One PGlite for the file; each test starts from an empty table, and reopening reloads it. */
function pgliteStores(): ReadStores {
  let pglite: PGlite | undefined;
  const database = async (): Promise<SqlDatabase> => pgliteDatabase((pglite ??= await openPglite()));
  afterAll(async () => pglite?.close());
  return {
    name: 'pglite (persisted)',
    async fresh() {
      const db = await database();
      await db.query('drop table if exists read_models');
      return SqlReadStore.open(db, { kind: 'pglite' });
    },
    async reopen(store) {
      await store.close();
      return SqlReadStore.open(await database(), { kind: 'pglite' });
    },
  };
}

describe.each([memoryStores, pgliteStores()])('ProjectionEngine on the $name read store', (stores) => {
  let events: MemoryEventStore;
  let reads: ReadStore;
  const engines: ProjectionEngine[] = [];

  /** As a restarted process sees the read store: a persisted one is loaded again from its table. */
  async function restartReads(): Promise<void> {
    reads = await stores.reopen(reads);
  }

  function engine(...ledgers: Ledger[]): ProjectionEngine {
    const created = new ProjectionEngine(
      events,
      reads,
      ledgers.map((l) => l.projection as unknown as Projection<Doc>),
    );
    engines.push(created);
    return created;
  }

  /** Stops an engine promptly: closing the memory store wakes its idle subscription, which then sees the stop. */
  async function stop(e: ProjectionEngine): Promise<void> {
    const stopping = e.stop();
    await events.close();
    await stopping;
  }

  beforeEach(async () => {
    events = new MemoryEventStore();
    reads = await stores.fresh();
  });

  afterEach(async () => {
    for (const e of engines.splice(0)) await stop(e);
  });

  it('builds documents from the events it follows, and records where it is', async () => {
    const l = ledger();
    await append(
      events,
      opened('a1', 'ana'),
      deposited('a1', 'ana', 10),
      noise(),
      opened('a2', 'ana'),
      deposited('a2', 'ana', 5),
    );
    await append(events, opened('b1', 'bob'), deposited('b1', 'bob', 7), closed('b1', 'bob'), noise());
    const e = engine(l);
    await e.start();

    expect(await e.caughtUp(PATIENCE)).toBe(true);

    expect(await documents(reads)).toEqual([
      { _id: 'account-a1', owner: 'ana', balance: 10, deposits: 1 },
      { _id: 'account-a2', owner: 'ana', balance: 5, deposits: 1 },
      { _id: 'owner-ana', owner: 'ana', balance: 15, deposits: 2, accounts: 2 },
      { _id: 'owner-bob', owner: 'bob', balance: 7, deposits: 1, accounts: 0 },
    ]);
    expect(await documents(reads)).toEqual(await expected(events, l.projection));
    expect((await reads.collection<LedgerDoc & { _position: number }>('ledger').get('account-a1'))?._position).toBe(2);
    expect(await checkpointOf(reads)).toMatchObject({ position: 9, version: 1 });
    const [info] = await e.status();
    expect(info).toMatchObject({ name: 'ledger', status: 'live', checkpoint: 9, head: 9, lag: 0, lastError: null });
  });

  it('is live as soon as it has caught up, also after a history of exactly one catch-up page', async () => {
    const l = ledger();
    await append(events, ...Array.from({ length: 1000 }, noise));
    const e = engine(l);
    await e.start();

    expect(await e.caughtUp(PATIENCE)).toBe(true);
    expect((await e.status())[0]).toMatchObject({ status: 'live', checkpoint: 1000, lag: 0 });
  });

  it('follows live appends after catching up', async () => {
    const l = ledger();
    const e = engine(l);
    await e.start();
    await append(events, opened('a1', 'ana'));
    const position = await append(events, deposited('a1', 'ana', 3));

    expect(await e.waitFor(position, ['ledger'], PATIENCE)).toBe(true);
    expect(await reads.collection<LedgerDoc>('ledger').get('account-a1')).toMatchObject({ balance: 3 });
  });

  it('applying the same events again (restarted from an older checkpoint) changes nothing', async () => {
    const l = ledger();
    await append(
      events,
      opened('a1', 'ana'),
      deposited('a1', 'ana', 10),
      deposited('a1', 'ana', 20),
      opened('a2', 'ana'),
    );
    await append(events, deposited('a2', 'ana', 1), closed('a2', 'ana'));
    const first = engine(l);
    await first.start();
    await first.caughtUp(PATIENCE);
    await stop(first);
    await restartReads();
    const built = await documents(reads);

    // As if the checkpoint had not been saved after the last batches.
    await reads.collection<Doc & { position: number; version: number; updatedAt: string }>(CHECKPOINTS).upsert({
      _id: 'ledger',
      position: 1,
      version: 1,
      updatedAt: new Date().toISOString(),
    });
    const again = engine(l);
    await again.start();
    expect(await again.caughtUp(PATIENCE)).toBe(true);

    expect(await documents(reads)).toEqual(built);
    expect(built).toEqual(await expected(events, l.projection));
    expect(await checkpointOf(reads)).toMatchObject({ position: 6 });
  });

  it('persists its checkpoint, and a restarted engine resumes from it without re-applying', async () => {
    const l = ledger();
    await append(events, opened('a1', 'ana'), deposited('a1', 'ana', 10));
    const first = engine(l);
    await first.start();
    await first.caughtUp(PATIENCE);
    await stop(first);
    await restartReads();
    expect(await checkpointOf(reads)).toMatchObject({ position: 2, version: 1 });

    await append(events, deposited('a1', 'ana', 5), noise());
    const callsBefore = l.calls();
    const second = engine(l);
    await second.start();
    expect(await second.caughtUp(PATIENCE)).toBe(true);

    // One new Deposited event, two keys: nothing older was handed to evolve again.
    expect(l.calls() - callsBefore).toBe(2);
    expect(await reads.collection<LedgerDoc>('ledger').get('account-a1')).toMatchObject({ balance: 15, deposits: 2 });
    expect(await checkpointOf(reads)).toMatchObject({ position: 4 });
  });

  it('rebuilds a read model from zero on start when its version changed', async () => {
    await append(events, opened('a1', 'ana'), deposited('a1', 'ana', 10), opened('b1', 'bob'));
    const v1 = engine(ledger());
    await v1.start();
    await v1.caughtUp(PATIENCE);
    await stop(v1);
    await restartReads();
    // A document the new version would never produce: it must not survive the rebuild.
    await reads.collection<LedgerDoc>('ledger').upsert({ _id: 'stale', owner: 'x', balance: 0, deposits: 0 });

    const cents = ledger('ledger', { version: 2, scale: 100 });
    const v2 = engine(cents);
    await v2.start();
    expect(await v2.caughtUp(PATIENCE)).toBe(true);

    expect(await documents(reads)).toEqual(await expected(events, cents.projection));
    expect(await reads.collection<LedgerDoc>('ledger').get('account-a1')).toMatchObject({ balance: 1000 });
    expect(await checkpointOf(reads)).toMatchObject({ position: 3, version: 2 });
  });

  it('waitFor resolves true once a position is applied, and false after its timeout when never reached', async () => {
    const e = engine(ledger());
    await e.start();
    const position = await append(events, opened('a1', 'ana'), deposited('a1', 'ana', 4));

    const waiting = e.waitFor(position, null, PATIENCE);
    expect(await waiting).toBe(true);
    expect(await reads.collection<LedgerDoc>('ledger').get('owner-ana')).toMatchObject({ balance: 4 });

    // Past the log's head no command gave that position: false at once, not after the timeout.
    let started = performance.now();
    expect(await e.waitFor(position + 10, ['ledger'], PATIENCE)).toBe(false);
    expect(performance.now() - started).toBeLessThan(PATIENCE / 2);

    // In the log but not applied (the engine stopped following): false after the timeout.
    await e.stop();
    const later = await append(events, deposited('a1', 'ana', 1));
    started = performance.now();
    expect(await e.waitFor(later, ['ledger'], 150)).toBe(false);
    const waited = performance.now() - started;
    expect(waited).toBeGreaterThanOrEqual(140);
    expect(waited).toBeLessThan(PATIENCE / 2);
  });

  describe('when evolve throws', () => {
    async function failing() {
      const l = ledger('ledger', { broken: true });
      await append(events, opened('a1', 'ana'), deposited('a1', 'ana', 10));
      const poisonAt = await append(events, deposited('a1', 'ana', 99, true));
      await append(events, deposited('a1', 'ana', 1), opened('b1', 'bob'));
      const e = engine(l);
      await e.start();
      return { l, e, poisonAt };
    }

    it('stops that projection at the event, keeps its checkpoint just before it, and does not loop', async () => {
      const { l, e, poisonAt } = await failing();
      await statusesBecome(e, 'failed');
      const [info] = await e.status();

      expect(info!.status).toBe('failed');
      expect(info!.lastError).toMatchObject({
        position: poisonAt,
        eventType: 'Deposited',
        streamId: 'account-a1',
        message: 'cannot handle deposit to a1',
      });
      expect(info!.checkpoint).toBe(poisonAt - 1);
      expect(await checkpointOf(reads)).toMatchObject({ position: poisonAt - 1 });
      // Later events are not applied: account-a1 stops at the first deposit, and bob never appears.
      expect(await documents(reads)).toEqual([
        { _id: 'account-a1', owner: 'ana', balance: 10, deposits: 1 },
        { _id: 'owner-ana', owner: 'ana', balance: 10, deposits: 1, accounts: 1 },
      ]);

      // Neither retried in a loop nor skipped, even as new events arrive.
      const calls = l.calls();
      await append(events, deposited('b1', 'bob', 2));
      await sleep(300);
      expect(l.calls()).toBe(calls);
      expect(await reads.collection('ledger').get('owner-bob')).toBeNull();
    });

    it('answers waitFor with false at once rather than claiming the position was reached', async () => {
      const { e } = await failing();
      await statusesBecome(e, 'failed');
      const started = performance.now();
      expect(await e.waitFor(await events.headPosition(), ['ledger'], PATIENCE)).toBe(false);
      expect(performance.now() - started).toBeLessThan(PATIENCE / 2);
      expect(await e.caughtUp(1000)).toBe(false);
    });

    it('resume, after the fix, applies the failed event and carries on live', async () => {
      const { l, e, poisonAt } = await failing();
      await statusesBecome(e, 'failed');

      l.setBroken(false);
      await e.resume('ledger');
      expect(await e.waitFor(await events.headPosition(), ['ledger'], 0)).toBe(true);
      const last = await append(events, deposited('b1', 'bob', 2));

      expect(await e.waitFor(last, ['ledger'], PATIENCE)).toBe(true);
      const [info] = await e.status();
      expect(info).toMatchObject({ status: 'live', lastError: null, checkpoint: last });
      expect(await documents(reads)).toEqual(await expected(events, l.projection));
      expect(await reads.collection<LedgerDoc>('ledger').get('account-a1')).toMatchObject({
        balance: 110,
        deposits: 3,
      });
      expect(await checkpointOf(reads)).toMatchObject({ position: last });
      expect(last).toBeGreaterThan(poisonAt);
    });

    it('resume while a live batch is being applied skips nothing', async () => {
      const healthy = ledger('accounts');
      const { l, e } = await failing();
      // Rebuild the engine with a healthy projection ahead of the failed one in each batch.
      await stop(e);
      const both = engine(healthy, l);
      await both.start();
      await statusesBecome(both, 'live', 'failed');
      expect((await both.status()).map((s) => s.status)).toEqual(['live', 'failed']);

      l.setBroken(false);
      let resuming: Promise<void> | null = null;
      // An operator's resume lands while the next live batch is half-way through (between projections).
      healthy.onEvolve = (ev) => {
        if ((ev.data as LedgerData).accountId === 'c1') resuming ??= both.resume('ledger');
      };
      const last = await append(events, opened('c1', 'cat'), deposited('c1', 'cat', 3));
      expect(await both.waitFor(last, ['accounts'], PATIENCE)).toBe(true);
      expect(resuming).not.toBeNull();
      await resuming;

      expect(await both.waitFor(last, ['ledger'], PATIENCE)).toBe(true);
      expect(await documents(reads)).toEqual(await expected(events, l.projection));
      expect(await documents(reads, 'accounts')).toEqual(await expected(events, healthy.projection));
    });
  });

  it('a read store failure stops the projection like a failing evolve, and resume retries the same events', async () => {
    const flaky = new FlakyReadStore(reads);
    const l = ledger();
    await append(events, opened('a1', 'ana'), deposited('a1', 'ana', 10));
    const e = new ProjectionEngine(events, flaky, [l.projection as unknown as Projection<Doc>]);
    engines.push(e);
    flaky.failNextWrites = 1;
    await e.start();
    await statusesBecome(e, 'failed');

    const [info] = await e.status();
    expect(info).toMatchObject({ status: 'failed', checkpoint: 0 });
    expect(info!.lastError).toMatchObject({ position: 1, message: 'read store unavailable' });
    expect(await documents(reads)).toEqual([]);

    await e.resume('ledger');
    const last = await append(events, deposited('a1', 'ana', 5));
    expect(await e.waitFor(last, ['ledger'], PATIENCE)).toBe(true);
    expect(await documents(reads)).toEqual(await expected(events, l.projection));
  });

  it('a deadlock while storing is retried with back-off: the projection stays live and current, then is stored', async () => {
    const flaky = new FlakyReadStore(reads);
    flaky.failure = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });
    const l = ledger();
    await append(events, opened('a1', 'ana'), deposited('a1', 'ana', 10));
    const e = new ProjectionEngine(events, flaky, [l.projection as unknown as Projection<Doc>]);
    engines.push(e);
    await e.start();
    expect(await e.caughtUp(PATIENCE)).toBe(true);

    // Fails until released, so the retrying can be watched; then the next attempt succeeds.
    flaky.failNextWrites = 1_000_000;
    const first = await append(events, deposited('a1', 'ana', 5), opened('b1', 'bob'));
    expect(await e.waitFor(first, ['ledger'], PATIENCE)).toBe(true);
    await until(async () => ((await e.status())[0]!.persistence?.attempts ?? 0) >= 3);
    const second = await append(events, deposited('b1', 'bob', 7), deposited('a1', 'ana', 1));
    expect(await e.waitFor(second, ['ledger'], PATIENCE)).toBe(true);

    const [retrying] = await e.status();
    expect(retrying).toMatchObject({ status: 'live', checkpoint: second, lastError: null });
    expect(retrying!.persistence).toMatchObject({ retrying: true, lastError: 'deadlock detected' });
    expect(retrying!.persistence!.attempts).toBeGreaterThanOrEqual(3);
    // Served from memory, current (every event once: the ledger counts deposits).
    expect(await documents(reads)).toEqual(await expected(events, l.projection));
    const storedBefore = flaky.written;

    flaky.failNextWrites = 0;
    await until(async () => (await e.status())[0]!.persistence === null);
    const [stored] = await e.status();
    expect(stored).toMatchObject({ status: 'live', checkpoint: second, lastError: null, persistence: null });
    // The pending batches went in one write.
    expect(flaky.written).toBe(storedBefore + 1);
    const inMemory = await documents(reads);
    expect(inMemory).toEqual(await expected(events, l.projection));

    // What was stored equals what memory served: as a restarted process loads it.
    await stop(e);
    await restartReads();
    expect(await documents(reads)).toEqual(inMemory);
    expect(await checkpointOf(reads)).toMatchObject({ position: second });
  });

  it('rebuild builds a fresh copy while live appends continue, then swaps it in', async () => {
    const l = ledger();
    const streams = 12;
    const batch: EventToAppend[] = [];
    for (let s = 0; s < streams; s++) batch.push(opened(`s${s}`, `owner${s % 3}`));
    for (let i = 0; i < 7000; i++) batch.push(deposited(`s${i % streams}`, `owner${(i % streams) % 3}`, (i % 7) + 1));
    for (const [s, group] of groupByStream(batch)) await events.append(s, group, 'any');
    const e = engine(l);
    await e.start();
    expect(await e.caughtUp(PATIENCE)).toBe(true);
    const totalAtStart = await events.headPosition();

    // Damage the live copy: the rebuilt one must not inherit it.
    const live = reads.collection<LedgerDoc>('ledger');
    await live.upsert({ _id: 'junk', owner: 'nobody', balance: -1, deposits: 0 });

    const progress: RebuildProgress[] = [];
    const servedDuring: Promise<LedgerDoc | null>[] = [];
    const rebuilding = e.rebuild('ledger', (p) => {
      progress.push({ ...p });
      // The live copy keeps serving (junk and all) until the swap.
      if (progress.length === 1) servedDuring.push(live.get('junk'));
    });
    let appended = 0;
    let done = false;
    void rebuilding.finally(() => (done = true));
    while (!done) {
      await append(events, deposited(`s${appended % streams}`, `owner${(appended % streams) % 3}`, 1000));
      appended++;
      await sleep(1);
    }
    await rebuilding;
    const last = await append(events, deposited('s0', 'owner0', 1));

    expect(await e.waitFor(last, ['ledger'], PATIENCE)).toBe(true);
    expect(appended).toBeGreaterThan(0);
    expect(await live.get('junk')).toBeNull();
    expect(await documents(reads)).toEqual(await expected(events, l.projection));
    expect(await Promise.all(servedDuring)).toEqual([expect.objectContaining({ _id: 'junk' })]);
    expect(await reads.listCollections()).not.toContain('ledger__rebuild');
    const [info] = await e.status();
    expect(info).toMatchObject({ status: 'live', rebuild: null, checkpoint: last });

    // Several pages, each reported; done never goes back, and ends at total.
    expect(progress.length).toBeGreaterThanOrEqual(3);
    const dones = progress.map((p) => p.done);
    for (let i = 1; i < dones.length; i++) expect(dones[i]!).toBeGreaterThanOrEqual(dones[i - 1]!);
    expect(dones[0]!).toBeLessThan(dones[dones.length - 1]!);
    const final = progress[progress.length - 1]!;
    expect(final.done).toBe(final.total);
    expect(final.total).toBeGreaterThanOrEqual(totalAtStart);
    for (const p of progress) expect(p.done).toBeLessThanOrEqual(p.total);
  }, 120_000);

  it('a rebuild cut off by a crash leaves the live copy serving, and the next start drops its half-built copy', async () => {
    const l = ledger();
    await append(events, opened('a1', 'ana'), deposited('a1', 'ana', 10));
    const first = engine(l);
    await first.start();
    expect(await first.caughtUp(PATIENCE)).toBe(true);
    // What a rebuild killed half-way leaves behind: part of its green copy.
    await reads
      .collection<LedgerDoc>('ledger__rebuild')
      .upsert({ _id: 'account-a1', owner: 'ana', balance: 0, deposits: 0 });
    await stop(first);
    await restartReads();
    expect(await reads.listCollections()).toContain('ledger__rebuild');

    const second = engine(l);
    await second.start();
    expect(await second.caughtUp(PATIENCE)).toBe(true);
    expect(await reads.listCollections()).not.toContain('ledger__rebuild');
    expect(await documents(reads)).toEqual(await expected(events, l.projection));
    expect(await checkpointOf(reads)).toMatchObject({ position: 2 });
  });

  it('a read model marked for rebuild is replayed from zero at the next start if its rebuild never swapped in', async () => {
    const l = ledger();
    const other = ledger('accounts');
    await append(events, opened('a1', 'ana'), deposited('a1', 'ana', 10));
    const first = engine(l, other);
    await first.start();
    expect(await first.caughtUp(PATIENCE)).toBe(true);
    // What must not survive the rebuild (say, a forgotten person's e-mail), then the process stops before it runs.
    await reads
      .collection<LedgerDoc>('ledger')
      .upsert({ _id: 'stale', owner: 'forgotten@example.nz', balance: 0, deposits: 0 });
    await reads.collection<LedgerDoc>('accounts').upsert({ _id: 'kept', owner: 'x', balance: 0, deposits: 0 });
    await first.markForRebuild(['ledger']);
    await expect(first.markForRebuild(['nope'])).rejects.toThrow(/Unknown projection 'nope'/);
    await stop(first);
    await restartReads();

    const callsBefore = l.calls();
    const second = engine(l, other);
    await second.start();
    expect(await second.caughtUp(PATIENCE)).toBe(true);
    expect(await documents(reads)).toEqual(await expected(events, l.projection));
    expect(l.calls()).toBeGreaterThan(callsBefore);
    // Only the marked read model was replayed; the mark is gone once it was dropped.
    expect(await reads.collection('accounts').get('kept')).not.toBeNull();
    expect(await reads.collection(PENDING_REBUILDS).count()).toBe(0);
    expect(await checkpointOf(reads)).toMatchObject({ position: 2 });
  });

  it('a rebuild marks its read model until the swap, which clears the mark with the checkpoint', async () => {
    await append(events, opened('a1', 'ana'), deposited('a1', 'ana', 3));
    const l = ledger();
    const e = engine(l);
    await e.start();
    expect(await e.caughtUp(PATIENCE)).toBe(true);
    const marks: (Doc | null)[] = [];
    await e.rebuild('ledger', () => void marks.push(null));
    expect(marks.length).toBeGreaterThan(0);
    expect(await reads.collection(PENDING_REBUILDS).count()).toBe(0);

    // A rebuild that fails keeps its mark: the copy it could not replace is replayed at the next start.
    l.setBroken(true);
    await append(events, deposited('a1', 'ana', 1, true));
    await statusesBecome(e, 'failed');
    await expect(e.rebuild('ledger')).rejects.toThrow(/stopped at position 3/);
    expect(await reads.collection(PENDING_REBUILDS).get('ledger')).toMatchObject({ _id: 'ledger' });
  });

  it('records what each rebuild did (when, how long, events replayed, documents), and a persisted store keeps it across a restart', async () => {
    await append(events, opened('a1', 'ana'), deposited('a1', 'ana', 3), opened('b1', 'bo'), noise());
    const l = ledger();
    const e = engine(l);
    await e.start();
    expect(await e.caughtUp(PATIENCE)).toBe(true);
    expect((await e.status())[0]!.lastRebuild).toBeNull();

    const before = new Date().toISOString();
    await e.rebuild('ledger');
    const [info] = await e.status();
    expect(info!.lastRebuild).toEqual({
      outcome: 'swapped',
      startedAt: expect.any(String),
      finishedAt: expect.any(String),
      durationMs: expect.any(Number),
      eventsReplayed: 4,
      position: 4,
      documents: 4,
      error: null,
    });
    const { startedAt, finishedAt } = info!.lastRebuild!;
    expect(startedAt >= before && finishedAt >= startedAt).toBe(true);
    // One rate: events gone through per second over the last 10 s, live batches and the replay alike.
    expect(info!.rate).toBe(0.8);

    await stop(e);
    await restartReads();
    const again = engine(l);
    await again.start();
    expect((await again.status())[0]!.lastRebuild).toEqual(info!.lastRebuild);

    // A failed rebuild is recorded too, with its reason; the live copy keeps serving.
    l.setBroken(true);
    await append(events, deposited('a1', 'ana', 1, true));
    await statusesBecome(again, 'failed');
    await expect(again.rebuild('ledger')).rejects.toThrow(/stopped at position 5/);
    expect((await again.status())[0]!.lastRebuild).toMatchObject({
      outcome: 'failed',
      documents: 0,
      error: expect.stringMatching(/stopped at position 5: cannot handle deposit to a1/),
    });
    expect(await reads.collection(REBUILD_OUTCOMES).get('ledger')).toMatchObject({ outcome: 'failed' });
  });

  it('works on a log whose positions have gaps: checkpoints and rebuild progress are positions', async () => {
    const gappy = new GappyEventStore(events, 10);
    const l = ledger();
    const batch = [opened('a1', 'ana'), ...Array.from({ length: 6000 }, (_, i) => deposited('a1', 'ana', i % 5))];
    await gappy.append('account-a1', batch, 'no_stream');
    const e = new ProjectionEngine(gappy, reads, [l.projection as unknown as Projection<Doc>]);
    engines.push(e);
    await e.start();
    expect(await e.caughtUp(PATIENCE)).toBe(true);
    expect(await checkpointOf(reads)).toMatchObject({ position: 60010 });

    const progress: RebuildProgress[] = [];
    await e.rebuild('ledger', (p) => progress.push({ ...p }));

    expect(progress.map((p) => [p.done, p.total])).toEqual([
      [50000, 60010],
      [60010, 60010],
      [60010, 60010],
    ]);
    expect(await documents(reads)).toEqual(await expected(gappy, l.projection));
  });

  it('refuses a second rebuild of the same projection while one runs', async () => {
    await append(events, opened('a1', 'ana'));
    const e = engine(ledger());
    await e.start();
    const first = e.rebuild('ledger');
    await expect(e.rebuild('ledger')).rejects.toThrow(/already being rebuilt/);
    await first;
    expect(await documents(reads)).toEqual([
      { _id: 'account-a1', owner: 'ana', balance: 0, deposits: 0 },
      { _id: 'owner-ana', owner: 'ana', balance: 0, deposits: 0, accounts: 1 },
    ]);
  });
});

describe('isTransientStoreError', () => {
  const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });
  it('retries lock conflicts and lost connections, not the write itself going wrong', () => {
    for (const code of ['40P01', '40001', '55P03', '57P01', '08006', '08003', 'ECONNRESET', 'ECONNREFUSED'])
      expect([code, isTransientStoreError(coded(code))]).toEqual([code, true]);
    expect(isTransientStoreError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isTransientStoreError(new Error('wrapped', { cause: coded('40P01') }))).toBe(true);
    for (const error of [coded('23505'), coded('42P01'), new Error('read store unavailable'), 'boom', null])
      expect(isTransientStoreError(error)).toBe(false);
  });
});

function groupByStream(events: readonly EventToAppend[]): Map<string, EventToAppend[]> {
  const streams = new Map<string, EventToAppend[]>();
  for (const e of events) {
    const id = `account-${(e.data as LedgerData).accountId}`;
    streams.set(id, [...(streams.get(id) ?? []), e]);
  }
  return streams;
}

/**
 * Fails the next N batch writes (with `failure`, before the inner store sees them), as a read store that is briefly
 * unreachable, or deadlocked with another process, would. Otherwise the real store it wraps.
 */
class FlakyReadStore implements ReadStore {
  readonly kind = 'flaky';
  failNextWrites = 0;
  failure: () => Error = () => new Error('read store unavailable');
  /** Batch writes that reached the inner store. */
  written = 0;

  constructor(private readonly inner: ReadStore) {}

  collection<T extends Doc>(name: string): ReadCollection<T> {
    const inner = this.inner.collection<T>(name);
    return {
      get: (id) => inner.get(id),
      upsert: (doc) => inner.upsert(doc),
      delete: (id) => inner.delete(id),
      find: (filter, options) => inner.find(filter, options),
      count: (filter) => inner.count(filter),
      write: async (ops: readonly WriteOp<T>[]) => {
        this.maybeFail();
        await inner.write(ops);
      },
    };
  }

  async writeBatch(steps: readonly BatchStep[]): Promise<void> {
    this.maybeFail();
    await this.inner.writeBatch(steps);
    this.written++;
  }

  applyUnpersisted(steps: readonly BatchStep[]): Promise<void> {
    return this.inner.applyUnpersisted!(steps);
  }

  private maybeFail(): void {
    if (this.failNextWrites > 0) {
      this.failNextWrites--;
      throw this.failure();
    }
  }

  renameCollection(from: string, to: string): Promise<void> {
    return this.inner.renameCollection(from, to);
  }

  dropCollection(name: string): Promise<void> {
    return this.inner.dropCollection(name);
  }

  listCollections(): Promise<string[]> {
    return this.inner.listCollections();
  }

  health() {
    return this.inner.health();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/** Spreads another store's positions apart (position p becomes p * factor), as real stores may. */
class GappyEventStore implements EventStore {
  readonly kind = 'gappy';

  constructor(
    private readonly inner: EventStore,
    private readonly factor: number,
  ) {}

  private spread = (e: RecordedEvent): RecordedEvent => ({ ...e, position: e.position * this.factor });
  private from = (position = 0): number => Math.floor(position / this.factor);

  async append(streamId: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    const result = await this.inner.append(streamId, events, expected);
    return { ...result, position: result.position * this.factor };
  }

  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    return this.inner.readStream(streamId, options).then((page) => page.map(this.spread));
  }

  readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    return this.inner
      .readAll({ ...options, fromPosition: this.from(options.fromPosition) })
      .then((page) => page.map(this.spread));
  }

  subscribe(options: SubscribeOptions): Subscription {
    return this.inner.subscribe({
      ...options,
      fromPosition: this.from(options.fromPosition),
      onEvent: (e) => options.onEvent(this.spread(e)),
      onCaughtUp: (position) => options.onCaughtUp?.(position * this.factor),
    });
  }

  async headPosition(): Promise<number> {
    return (await this.inner.headPosition()) * this.factor;
  }

  health(): Promise<StoreHealth> {
    return this.inner.health();
  }

  verifyIntegrity() {
    return this.inner.verifyIntegrity();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
