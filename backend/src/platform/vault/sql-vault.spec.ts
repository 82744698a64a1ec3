import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { PgliteEventStore } from '../event-store/pglite-event-store.js';
import { PostgresEventStore } from '../event-store/postgres-event-store.js';
import { SqlVault } from './sql-vault.js';
import { describeVaultContract } from './vault.contract.js';

// The vault lives in the event store's database, on the event store's connection.
describe('sql vault on pglite', () => {
  let store: PgliteEventStore;
  beforeAll(async () => {
    store = await PgliteEventStore.open();
  });
  afterAll(() => store.close());
  describeVaultContract('pglite', () => SqlVault.open(store.database, 'pglite'));
});

const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = `kauri_vault_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
const databaseUrl = Object.assign(new URL(serverUrl), { pathname: `/${database}` }).toString();

async function onServer(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

describe('sql vault on postgres', () => {
  let store: PostgresEventStore;
  beforeAll(async () => {
    await onServer(`create database ${database}`);
    store = await PostgresEventStore.open({ connectionString: databaseUrl, maxConnections: 4 });
  });
  afterAll(async () => {
    await store?.close();
    await onServer(`drop database if exists ${database} with (force)`);
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
