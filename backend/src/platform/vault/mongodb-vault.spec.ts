import { MongoClient } from 'mongodb';
import { MongoVault } from './mongodb-vault.js';
import { describeVaultContract } from './vault.contract.js';

const url = process.env.MONGODB_URL;
if (!url) console.warn('mongodb vault contract suite SKIPPED: set MONGODB_URL to run it');
const describeIfServer = url ? describe : describe.skip;

describeIfServer('mongodb vault', () => {
  const database = `kauri_vault_${process.pid}_${Date.now().toString(36)}`;
  afterAll(async () => {
    const client = new MongoClient(url!, { serverSelectionTimeoutMS: 3000 });
    try {
      await client.db(database).dropDatabase();
    } finally {
      await client.close();
    }
  });
  describeVaultContract('mongodb', () => MongoVault.connect({ url: url!, database, serverSelectionTimeoutMS: 3000 }));
});
