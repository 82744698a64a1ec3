import { describeOnMongoDb } from '../../testing/mongodb.js';
import { describeLeasesContract } from './leases.contract.js';
import { MongoLeases } from './mongodb-leases.js';

const TTL_MS = 1500;

describeOnMongoDb('mongodb leases', 'kauri_leases', (url, database) => {
  describeLeasesContract(
    'mongodb',
    () => MongoLeases.connect({ url, database, ttlMs: TTL_MS, serverSelectionTimeoutMS: 3000 }),
    // A crash: the replica stops renewing (its lease expires after the TTL).
    async () => undefined,
    TTL_MS,
  );
});
