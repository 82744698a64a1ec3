import { createHash } from 'node:crypto';
import { PostgresEventStore } from '../event-store/postgres-event-store.js';
import { scratchDatabase } from '../event-store/scratch-database.js';
import { describeCountedWindowsContract } from './counted-windows.contract.js';
import { SqlCountedWindows } from './sql-counted-windows.js';

// The limits live in the event store's database, on its pool; a second store on its own pool is another replica.
const scratch = scratchDatabase('kauri_limits');

describe('sql counted windows on postgres', () => {
  let stores: PostgresEventStore[] = [];
  const replica = async () => {
    const events = await PostgresEventStore.open({ connectionString: scratch.url, maxConnections: 4 });
    stores.push(events);
    return SqlCountedWindows.open(events.database, 'postgres');
  };
  beforeAll(async () => {
    await scratch.create();
  });
  afterAll(async () => {
    for (const events of stores) await events.close();
    stores = [];
    await scratch.drop();
  });
  describeCountedWindowsContract('postgres', replica, replica);

  it('keeps a digest of the key, never the key (an address) itself, and sweeps rows past their window', async () => {
    const windows = await replica();
    const database = stores.at(-1)!.database;
    await windows.hit('203.0.113.9', 1000, 424_242);
    const rows = await database.query<{ key: string }>('select key from rate_limits where expires = 424242 + 1000');
    expect(rows.map((r) => r.key)).toEqual([createHash('sha256').update('203.0.113.9').digest('hex')]);
    // A thousand hits later (a sweep), the old row is gone while a fresh one stays.
    for (let i = 0; i < 1000; i++) await windows.hit('sweeper', 10, 500_000);
    expect(await database.query('select key from rate_limits where expires = 424242 + 1000')).toEqual([]);
    expect(await windows.hits('sweeper', 10, 500_000)).toHaveLength(1000);
  });
});
