/**
 * Tamper evidence on the stores that keep hashes: a clean log verifies; changing one stored value in the
 * middle of a stream is caught, and the check names that event. Opening a store never computes a hash for
 * a row written earlier, except once for events from before hashing existed.
 */
import { rm } from 'node:fs/promises';
import { contractEvent } from './event-store.contract.js';
import type { EventStore } from './event-store.js';
import { MemoryEventStore } from './memory-event-store.js';
import { PgliteEventStore } from './pglite-event-store.js';
import { PostgresEventStore } from './postgres-event-store.js';
import { scratchDatabase } from './scratch-database.js';
import type { SqlEventStore } from './sql-event-store.js';
import { freshPgliteDir } from '../../testing/pglite.js';

const scratch = scratchDatabase('kauri_integrity');

async function fill(store: EventStore): Promise<number> {
  await store.append(
    'asset-a',
    [
      contractEvent('AssetDrafted', { name: 'Harbour View', value: 1_200_000 }),
      contractEvent('AssetValued', { value: 1_250_000 }),
    ],
    'no_stream',
  );
  await store.append('asset-a', [contractEvent('TokenConfigured', { symbol: 'HVA' })], 1);
  await store.append(
    'asset-b',
    [contractEvent('AssetDrafted', { name: 'Kea Labs', note: 'ā ē ī ō ū — "quoted"' })],
    'no_stream',
  );
  const { position } = await store.append('asset-a', [contractEvent('TokenizationRequested', {})], 2);
  return position;
}

describe('hash chain: memory', () => {
  it('verifies a clean log', async () => {
    const store = new MemoryEventStore();
    await fill(store);
    expect(await store.verifyIntegrity()).toEqual({ checkedEvents: 5, checkedStreams: 2, firstBroken: null });
  });
});

interface Database {
  name: string;
  setUp(): Promise<void>;
  /** Opens the same database again each time (as a restart would). */
  open(): Promise<SqlEventStore>;
  cleanUp(): Promise<void>;
}

let pgliteDir = '';
const databases: Database[] = [
  {
    name: 'pglite',
    setUp: async () => void (pgliteDir = await freshPgliteDir()),
    open: () => PgliteEventStore.open({ dataDir: pgliteDir }),
    cleanUp: () => rm(pgliteDir, { recursive: true, force: true }),
  },
  {
    name: 'postgres',
    setUp: () => scratch.create(),
    open: () => PostgresEventStore.open({ connectionString: scratch.url }),
    cleanUp: () => scratch.drop(),
  },
];

describe.each(databases)('hash chain: $name', (database) => {
  let store: SqlEventStore;
  const reopen = async () => {
    await store.close();
    store = await database.open();
  };
  const hashOf = async (position: number) => {
    const [row] = await store.database.query<{ hash: string | null }>('select hash from events where position = $1', [
      position,
    ]);
    return row!.hash;
  };

  beforeAll(async () => {
    await database.setUp();
    store = await database.open();
  }, 60_000);
  afterAll(async () => {
    await store?.close();
    await database.cleanUp();
  });

  it('verifies a clean log, with progress; then names the one event whose stored data was changed', async () => {
    await fill(store);
    const progress: number[] = [];
    expect(await store.verifyIntegrity((checked) => progress.push(checked))).toEqual({
      checkedEvents: 5,
      checkedStreams: 2,
      firstBroken: null,
    });
    expect(progress.at(-1)).toBe(5);

    // One stored value changes behind the application's back: 1,250,000 becomes 1,250,001.
    const [valued] = await store.database.query<{ position: number; event_id: string }>(
      "select position, event_id::text as event_id from events where type = 'AssetValued'",
    );
    await store.database.query(`update events set data = jsonb_set(data, '{value}', '1250001') where position = $1`, [
      valued!.position,
    ]);
    const report = await store.verifyIntegrity();
    expect(report.firstBroken).toEqual({
      streamId: 'asset-a',
      revision: 1,
      position: Number(valued!.position),
      eventId: valued!.event_id,
      type: 'AssetValued',
      reason: 'hash mismatch',
    });

    // The hash covers the stored bytes: putting the value back mends the chain.
    await store.database.query(`update events set data = jsonb_set(data, '{value}', '1250000') where position = $1`, [
      valued!.position,
    ]);
    expect((await store.verifyIntegrity()).firstBroken).toBeNull();
  }, 60_000);

  it('never re-hashes a changed event whose hash was removed: reopened, it is still a missing hash', async () => {
    const [drafted] = await store.database.query<{ position: number; event_id: string }>(
      "select position, event_id::text as event_id from events where stream_id = 'asset-b' and revision = 0",
    );
    const position = Number(drafted!.position);
    await store.database.query(
      `update events set data = jsonb_set(data, '{name}', '"Kea Labs Ltd"'), hash = null where position = $1`,
      [position],
    );
    const eventId = drafted!.event_id;
    const missing = {
      streamId: 'asset-b',
      revision: 0,
      position,
      eventId,
      type: 'AssetDrafted',
      reason: 'missing hash',
    };
    expect((await store.verifyIntegrity()).firstBroken).toEqual(missing);

    await reopen();
    expect(await hashOf(position)).toBeNull();
    expect((await store.verifyIntegrity()).firstBroken).toEqual(missing);

    // Nor when the record of applied migrations is gone too (a database from before that table existed).
    await store.database.query('drop table event_store_migrations');
    await reopen();
    expect(await hashOf(position)).toBeNull();
    expect((await store.verifyIntegrity()).firstBroken).toEqual(missing);
    const applied = await store.database.query<{ name: string }>('select name from event_store_migrations order by 1');
    expect(applied.map((r) => r.name)).toEqual([
      'append-function',
      'events',
      'hash-chain',
      'stream-head-hash',
      'stream-prefix-index',
      'stream-prefix-index-only-where-needed',
    ]);
  }, 60_000);

  it('chains events stored before hashing existed once, on the first open that adds the hash column', async () => {
    // The database as it was before tamper evidence: no hash column, no record of migrations.
    await store.database.query('delete from events');
    await store.database.query('delete from streams');
    await fill(store);
    await store.database.query('alter table events drop column hash');
    await store.database.query('drop table event_store_migrations');
    await reopen();
    expect(await store.verifyIntegrity()).toEqual({ checkedEvents: 5, checkedStreams: 2, firstBroken: null });

    // That chaining ran once: a hash removed afterwards stays removed.
    const [first] = await store.database.query<{ position: number }>(
      "select position from events where stream_id = 'asset-a' and revision = 0",
    );
    await store.database.query('update events set hash = null where position = $1', [first!.position]);
    await reopen();
    const report = await store.verifyIntegrity();
    expect(report.firstBroken).toMatchObject({ streamId: 'asset-a', revision: 0, reason: 'missing hash' });
  }, 60_000);
});
