import { MongoClient, type Collection } from 'mongodb';
import type { CountedWindows } from './counted-windows.js';
import { digest } from './sql-counted-windows.js';

interface Hit {
  _id: string;
  key: string;
  at: number;
  count: number;
  /** When the hit has left its window: a TTL index removes the document after it. */
  expiresAt: Date;
}

export interface MongoCountedWindowsOptions {
  url: string;
  /** Defaults to the database named in the URL. */
  database?: string;
  serverSelectionTimeoutMS?: number;
}

/**
 * Counted windows as a `rate_limits` collection in MongoDB, beside the read models when the events live in
 * EventStoreDB: one document per (key, millisecond), counted with an atomic upsert and `$inc`; MongoDB's TTL monitor
 * removes documents whose window is over.
 */
export class MongoCountedWindows implements CountedWindows {
  readonly kind = 'mongodb';

  private constructor(
    private readonly client: MongoClient,
    private readonly hitsOf: Collection<Hit>,
  ) {}

  static async connect(options: MongoCountedWindowsOptions): Promise<MongoCountedWindows> {
    const timeout = options.serverSelectionTimeoutMS;
    const client = new MongoClient(options.url, timeout === undefined ? {} : { serverSelectionTimeoutMS: timeout });
    await client.connect();
    const hits = client.db(options.database).collection<Hit>('rate_limits');
    try {
      await hits.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
      await hits.createIndex({ key: 1, at: 1 });
    } catch (error) {
      await client.close();
      throw error;
    }
    return new MongoCountedWindows(client, hits);
  }

  async hit(key: string, windowMs: number, now: number): Promise<number[]> {
    const k = digest(key);
    const update = {
      $inc: { count: 1 },
      $setOnInsert: { key: k, at: now },
      $max: { expiresAt: new Date(now + windowMs) },
    };
    for (let attempt = 1; ; attempt++) {
      try {
        await this.hitsOf.updateOne({ _id: `${k}:${now}` }, update, { upsert: true });
        break;
      } catch (error) {
        // Two upserts of one new _id: the loser gets a duplicate-key error, and its retry increments the winner's.
        if ((error as { code?: number }).code !== 11000 || attempt === 3) throw error;
      }
    }
    return this.hits(key, windowMs, now);
  }

  async hits(key: string, windowMs: number, now: number): Promise<number[]> {
    const found = await this.hitsOf
      .find({ key: digest(key), at: { $gt: now - windowMs, $lte: now }, count: { $gt: 0 } })
      .sort({ at: 1 })
      .toArray();
    return found.flatMap((h) => Array<number>(h.count).fill(h.at));
  }

  async forget(key: string, at: number): Promise<void> {
    const id = `${digest(key)}:${at}`;
    await this.hitsOf.updateOne({ _id: id, count: { $gt: 0 } }, { $inc: { count: -1 } });
    await this.hitsOf.deleteOne({ _id: id, count: { $lte: 0 } });
  }

  async reset(key: string): Promise<void> {
    await this.hitsOf.deleteMany({ key: digest(key) });
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
