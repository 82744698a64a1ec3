import { describeOnMongoDb } from '../../testing/mongodb.js';
import { MirroredReadStore } from './mirrored-read-store.js';
import { MongoReadStore } from './mongodb-read-store.js';
import { describeReadStoreContract } from './read-store.contract.js';

describeOnMongoDb('mongodb read store', 'kauri_contract', (url, database) =>
  describeReadStoreContract('mongodb', () => MongoReadStore.connect({ url, database, serverSelectionTimeoutMS: 3000 })),
);

// As the app opens it (stores.ts): served from memory, kept in MongoDB.
describeOnMongoDb('mongodb read store, mirrored in memory', 'kauri_contract_mirrored', (url, database) =>
  describeReadStoreContract('mongodb mirrored', async () =>
    MirroredReadStore.over(await MongoReadStore.connect({ url, database, serverSelectionTimeoutMS: 3000 })),
  ),
);
