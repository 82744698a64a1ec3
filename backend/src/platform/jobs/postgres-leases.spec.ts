import { onServer, scratchDatabase } from '../event-store/scratch-database.js';
import { describeLeasesContract } from './leases.contract.js';
import { PostgresLeases } from './postgres-leases.js';

const scratch = scratchDatabase('kauri_leases');

describe('postgres leases', () => {
  beforeAll(() => scratch.create());
  afterAll(() => scratch.drop());

  // A crash: the server ends the replica's lock connection (as it does when the process dies and its socket closes).
  const kill = async () => {
    await onServer(
      scratch.url,
      `select pg_terminate_backend(pid) from pg_locks where locktype = 'advisory' and classid = ${0x4b4a} and granted
         and database = (select oid from pg_database where datname = current_database())`,
    );
  };
  describeLeasesContract('postgres', () => PostgresLeases.open(scratch.url), kill, 0);
});
