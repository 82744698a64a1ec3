import { PgliteEventStore } from '../event-store/pglite-event-store.js';
import { PostgresEventStore } from '../event-store/postgres-event-store.js';
import { scratchDatabase } from '../event-store/scratch-database.js';
import { openPglite } from '../../testing/pglite.js';
import { SqlVault } from './sql-vault.js';
import { describeVaultContract } from './vault.contract.js';

// The vault lives in the event store's database, on the event store's connection.
describe('sql vault on pglite', () => {
  let store: PgliteEventStore;
  beforeAll(async () => {
    store = await PgliteEventStore.open({ pglite: await openPglite() });
  });
  afterAll(() => store.close());
  describeVaultContract('pglite', () => SqlVault.open(store.database, 'pglite'));
});

const scratch = scratchDatabase('kauri_vault');

describe('sql vault on postgres', () => {
  let store: PostgresEventStore;
  beforeAll(async () => {
    await scratch.create();
    store = await PostgresEventStore.open({ connectionString: scratch.url, maxConnections: 4 });
  });
  afterAll(async () => {
    await store?.close();
    await scratch.drop();
  });
  describeVaultContract('postgres', () => SqlVault.open(store.database, 'postgres'));

  it('keeps its table beside the events, in the same database', async () => {
    const vault = await SqlVault.open(store.database, 'postgres');
    await vault.put('check', 'k', 'v');
    const tables = await store.database.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' order by table_name",
    );
    expect(tables.map((t) => t.table_name)).toEqual(expect.arrayContaining(['events', 'streams', 'vault']));
  });
});
