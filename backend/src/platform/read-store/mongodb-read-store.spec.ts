import { MongoClient } from 'mongodb';
import { MongoReadStore } from './mongodb-read-store.js';
import { describeReadStoreContract } from './read-store.contract.js';

const url = process.env.MONGODB_URL;
if (!url) console.warn('mongodb read store contract suite SKIPPED: set MONGODB_URL to run it');
const describeIfServer = url ? describe : describe.skip;

describeIfServer('mongodb read store', () => {
  // A database of its own, dropped afterwards, so the suite never touches real read models.
  const database = `kauri_contract_${process.pid}_${Date.now().toString(36)}`;

  afterAll(async () => {
    const client = new MongoClient(url!, { serverSelectionTimeoutMS: 3000 });
    try {
      await client.db(database).dropDatabase();
    } finally {
      await client.close();
    }
  });

  describeReadStoreContract('mongodb', () => MongoReadStore.connect({ url, database, serverSelectionTimeoutMS: 3000 }));
});
