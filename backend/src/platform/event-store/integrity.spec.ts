/**
 * Tamper evidence on the stores that keep hashes: a clean log verifies; changing one stored value in the
 * middle of a stream is caught, and the check names that event.
 */
import { contractEvent } from './event-store.contract.js';
import type { EventStore } from './event-store.js';
import { MemoryEventStore } from './memory-event-store.js';
import { PgliteEventStore } from './pglite-event-store.js';
import { PostgresEventStore } from './postgres-event-store.js';
import { scratchDatabase } from './scratch-database.js';
import type { SqlEventStore } from './sql-event-store.js';

const scratch = scratchDatabase('kauri_integrity');

async function fill(store: EventStore): Promise<number> {
  await store.append('asset-a', [contractEvent('AssetDrafted', { name: 'Harbour View', value: 1_200_000 }), contractEvent('AssetValued', { value: 1_250_000 })], 'no_stream');
  await store.append('asset-a', [contractEvent('TokenConfigured', { symbol: 'HVA' })], 1);
  await store.append('asset-b', [contractEvent('AssetDrafted', { name: 'Kea Labs', note: 'ā ē ī ō ū — "quoted"' })], 'no_stream');
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

describe.each([
  ['pglite', async (): Promise<EventStore> => PgliteEventStore.open(), async (): Promise<void> => undefined],
  [
    'postgres',
    async (): Promise<EventStore> => {
      await scratch.create();
      return PostgresEventStore.open({ connectionString: scratch.url });
    },
    (): Promise<void> => scratch.drop(),
  ],
] as const)('hash chain: %s', (_name, open, cleanUp) => {
  let store: SqlEventStore;
  beforeAll(async () => {
    store = (await open()) as SqlEventStore;
  }, 60_000);
  afterAll(async () => {
    await store?.close();
    await cleanUp();
  });

  it('verifies a clean log, with progress; then names the one event whose stored data was changed', async () => {
    await fill(store);
    const progress: number[] = [];
    expect(await store.verifyIntegrity((checked) => progress.push(checked))).toEqual({ checkedEvents: 5, checkedStreams: 2, firstBroken: null });
    expect(progress.at(-1)).toBe(5);

    // One stored value changes behind the application's back: 1,250,000 becomes 1,250,001.
    const [valued] = await store.database.query<{ position: number; event_id: string }>("select position, event_id::text as event_id from events where type = 'AssetValued'");
    await store.database.query(`update events set data = jsonb_set(data, '{value}', '1250001') where position = $1`, [valued!.position]);
    const report = await store.verifyIntegrity();
    expect(report.firstBroken).toEqual({ streamId: 'asset-a', revision: 1, position: Number(valued!.position), eventId: valued!.event_id, type: 'AssetValued', reason: 'hash mismatch' });
  }, 60_000);
});
