import { MongoClient, type Collection } from 'mongodb';
import type { CountedWindows } from './counted-windows.js';
import { digest } from './sql-counted-windows.js';

interface Hits {
  /** The digest of the key. */
  _id: string;
  /** The times (ms) of the key's hits in its window. */
  times: number[];
  /** When the last hit leaves its window: a TTL index removes the document after it. */
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
 * EventStoreDB: one document per key with the times of its hits, updated by one atomic `findOneAndUpdate` (upsert, an
 * update pipeline that drops the times out of the window and appends this one) — so each answer counts exactly the
 * hits before it and itself. MongoDB's TTL monitor removes documents whose window is over.
 */
export class MongoCountedWindows implements CountedWindows {
  readonly kind = 'mongodb';

  private constructor(
    private readonly client: MongoClient,
    private readonly keys: Collection<Hits>,
  ) {}

  static async connect(options: MongoCountedWindowsOptions): Promise<MongoCountedWindows> {
    const timeout = options.serverSelectionTimeoutMS;
    const client = new MongoClient(options.url, timeout === undefined ? {} : { serverSelectionTimeoutMS: timeout });
    await client.connect();
    const keys = client.db(options.database).collection<Hits>('rate_limits');
    try {
      await keys.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0 });
    } catch (error) {
      await client.close();
      throw error;
    }
    return new MongoCountedWindows(client, keys);
  }

  async hit(key: string, windowMs: number, now: number): Promise<number[]> {
    const kept = { $filter: { input: { $ifNull: ['$times', []] }, cond: { $gt: ['$$this', now - windowMs] } } };
    const update = [
      {
        $set: {
          times: { $concatArrays: [kept, [now]] },
          expiresAt: { $max: [{ $ifNull: ['$expiresAt', null] }, new Date(now + windowMs)] },
        },
      },
    ];
    for (let attempt = 1; ; attempt++) {
      try {
        const found = await this.keys.findOneAndUpdate({ _id: digest(key) }, update, {
          upsert: true,
          returnDocument: 'after',
        });
        return inWindow(found?.times ?? [now], windowMs, now);
      } catch (error) {
        // Two upserts of one new key: the loser gets a duplicate-key error, and its retry updates the winner's.
        if ((error as { code?: number }).code !== 11000 || attempt === 3) throw error;
      }
    }
  }

  async hits(key: string, windowMs: number, now: number): Promise<number[]> {
    const found = await this.keys.findOne({ _id: digest(key) });
    return found ? inWindow(found.times, windowMs, now) : [];
  }

  async forget(key: string, at: number): Promise<void> {
    // One occurrence of `at` out of the array, in one atomic update.
    const cut = {
      $let: {
        vars: { i: { $indexOfArray: ['$times', at] } },
        in: {
          $concatArrays: [
            // $slice's count must not be 0.
            { $cond: [{ $eq: ['$$i', 0] }, [], { $slice: ['$times', '$$i'] }] },
            { $slice: ['$times', { $add: ['$$i', 1] }, { $max: [1, { $size: '$times' }] }] },
          ],
        },
      },
    };
    await this.keys.updateOne({ _id: digest(key), times: at }, [{ $set: { times: cut } }]);
  }

  async reset(key: string): Promise<void> {
    await this.keys.deleteOne({ _id: digest(key) });
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}

/** The times in (now − windowMs, now], oldest first. */
function inWindow(times: readonly number[], windowMs: number, now: number): number[] {
  return times.filter((t) => t > now - windowMs && t <= now).sort((a, b) => a - b);
}
