import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { contractEvent, describeEventStoreContract, eventually } from './event-store.contract.js';
import { WrongExpectedRevisionError, type RecordedEvent } from './event-store.js';
import { PostgresEventStore, poolDatabase } from './postgres-event-store.js';
import { scratchDatabase } from './scratch-database.js';

// A throwaway database on the machine's server (or the one TEST_DATABASE_URL / DATABASE_URL names).
const scratch = scratchDatabase('kauri_test');
const databaseUrl = scratch.url;

beforeAll(() => scratch.create());
afterAll(() => scratch.drop());

describeEventStoreContract('postgres', () => PostgresEventStore.open({ connectionString: databaseUrl }));

describe('PostgresEventStore', () => {
  let store: PostgresEventStore;
  beforeAll(async () => {
    store = await PostgresEventStore.open({ connectionString: databaseUrl, maxConnections: 12 });
  });
  afterAll(() => store.close());

  it('turns a revision collision the stream lock did not prevent into WrongExpectedRevisionError', async () => {
    const streamId = `collide-${randomUUID()}`;
    await store.append(streamId, [contractEvent('First'), contractEvent('Second')], 'no_stream');
    // Simulate a `streams` row that lags its events: the insert then hits unique (stream_id, revision).
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query('update streams set revision = 0 where stream_id = $1', [streamId]);
    await client.end();

    const refusal = store.append(streamId, [contractEvent('Third')], 0);
    await expect(refusal).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    await expect(refusal).rejects.toMatchObject({ streamId, expected: 0, actual: 1 });
    expect(await store.readStream(streamId)).toHaveLength(2);
  });

  it('a connection the server ends mid-transaction fails that transaction only: the process lives, the pool goes on', async () => {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    pool.on('error', () => undefined);
    const db = poolDatabase(pool);
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      // Held open in its transaction until the server has ended its connection (as pg_terminate_backend, a
      // failover or a network cut does); unheard, the client's 'error' event ended the process.
      const ended = db.transaction(async (tx) => {
        const [{ pid }] = await tx.query<{ pid: number }>('select pg_backend_pid() as pid');
        await admin.query('select pg_terminate_backend($1)', [pid]);
        await new Promise((r) => setTimeout(r, 200));
        return tx.query('select 1');
      });
      await expect(ended).rejects.toThrow();
      // The one pooled connection was destroyed, not handed back broken: the next transaction gets a new one.
      expect(await db.transaction((tx) => tx.query<{ one: number }>('select 1 as one'))).toEqual([{ one: 1 }]);
    } finally {
      await admin.end();
      await pool.end();
    }
  });

  it('wakes subscribers through NOTIFY when another process appends', async () => {
    const other = await PostgresEventStore.open({ connectionString: databaseUrl, maxConnections: 2 });
    const streamId = `notify-${randomUUID()}`;
    const seen: number[] = [];
    let caughtUp!: () => void;
    const ready = new Promise<void>((resolve) => (caughtUp = resolve));
    const subscription = store.subscribe({
      fromPosition: await store.headPosition(),
      streamPrefixes: [streamId],
      onEvent: (event) => void seen.push(event.position),
      onCaughtUp: () => caughtUp(),
    });
    try {
      await ready;
      // Let the subscription settle into its idle wait, which polls only every second.
      await new Promise((r) => setTimeout(r, 50));
      const appendedAt = Date.now();
      const { position } = await other.append(streamId, [contractEvent('Elsewhere')], 'no_stream');
      await eventually('the event arrives', () => seen.length === 1);
      expect(seen).toEqual([position]);
      expect(Date.now() - appendedAt).toBeLessThan(500);
    } finally {
      await subscription.stop();
      await other.close();
    }
  });

  it('never skips nor repeats an event for a subscriber while 8 writers append concurrently for 5 s', async () => {
    const prefix = `load-${randomUUID().slice(0, 8)}`;
    const delivered: RecordedEvent[] = [];
    const subscription = store.subscribe({ fromPosition: 0, onEvent: (event) => void delivered.push(event) });

    const appended = new Set<string>();
    const deadline = Date.now() + 5000;
    const writer = async () => {
      let appends = 0;
      while (Date.now() < deadline) {
        const batch = Array.from({ length: 1 + Math.floor(Math.random() * 5) }, () => contractEvent('Loaded'));
        await store.append(`${prefix}-${Math.floor(Math.random() * 40)}`, batch, 'any');
        for (const event of batch) appended.add(event.metadata.eventId);
        appends++;
      }
      return appends;
    };
    const appends = await Promise.all(Array.from({ length: 8 }, writer));

    const head = await store.headPosition();
    await eventually('the subscriber reaches the head', () => delivered.at(-1)?.position === head, 15_000);
    await subscription.stop();

    const everything = await store.readAll();
    const positions = delivered.map((e) => e.position);
    for (let i = 1; i < positions.length; i++) expect(positions[i]).toBeGreaterThan(positions[i - 1]!);
    expect(positions).toEqual(everything.map((e) => e.position));
    expect(delivered.map((e) => e.metadata.eventId)).toEqual(everything.map((e) => e.metadata.eventId));
    const loaded = delivered.filter((e) => e.streamId.startsWith(prefix)).map((e) => e.metadata.eventId);
    expect(new Set(loaded)).toEqual(appended);
    expect(loaded).toHaveLength(appended.size);
    for (const count of appends) expect(count).toBeGreaterThan(0);
  }, 30_000);
});
