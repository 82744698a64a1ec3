import { describeOnMongoDb } from '../../testing/mongodb.js';
import { MongoReadStore } from './mongodb-read-store.js';
import { describeReadStoreContract } from './read-store.contract.js';

describeOnMongoDb('mongodb read store', 'kauri_contract', (url, database) =>
  describeReadStoreContract('mongodb', () => MongoReadStore.connect({ url, database, serverSelectionTimeoutMS: 3000 })),
);
