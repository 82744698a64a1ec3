import { MongoClient } from 'mongodb';

/**
 * A MongoDB contract suite: run against `MONGODB_URL` when it is set, in a database of its own that is dropped
 * afterwards (so a suite never touches real data), and skipped with a printed line when it is not (no MongoDB server
 * can run on the development machine). Skipped, its tests are still listed, as skipped.
 */
export function describeOnMongoDb(name: string, prefix: string, suite: (url: string, database: string) => void): void {
  const url = process.env.MONGODB_URL;
  if (!url) console.warn(`${name} contract suite SKIPPED: set MONGODB_URL to run it`);
  (url ? describe : describe.skip)(name, () => {
    const database = `${prefix}_${process.pid}_${Date.now().toString(36)}`;
    afterAll(async () => {
      const client = new MongoClient(url!, { serverSelectionTimeoutMS: 3000 });
      try {
        await client.db(database).dropDatabase();
      } finally {
        await client.close();
      }
    });
    suite(url ?? '', database);
  });
}
