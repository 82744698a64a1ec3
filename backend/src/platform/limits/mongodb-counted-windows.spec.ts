import { MongoClient } from 'mongodb';
import { describeCountedWindowsContract } from './counted-windows.contract.js';
import { MongoCountedWindows } from './mongodb-counted-windows.js';

const url = process.env.MONGODB_URL;
if (!url) console.warn('mongodb counted windows contract suite SKIPPED: set MONGODB_URL to run it');
const describeIfServer = url ? describe : describe.skip;

describeIfServer('mongodb counted windows', () => {
  const database = `kauri_limits_${process.pid}_${Date.now().toString(36)}`;
  afterAll(async () => {
    const client = new MongoClient(url!, { serverSelectionTimeoutMS: 3000 });
    try {
      await client.db(database).dropDatabase();
    } finally {
      await client.close();
    }
  });
  const open = () => MongoCountedWindows.connect({ url: url!, database, serverSelectionTimeoutMS: 3000 });
  describeCountedWindowsContract('mongodb', open, open);
});
