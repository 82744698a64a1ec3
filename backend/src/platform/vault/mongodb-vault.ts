import { MongoClient, type Collection, type Db } from 'mongodb';
import type { Vault } from './vault.js';

interface Entry {
  _id: string;
  namespace: string;
  key: string;
  value: string;
  updatedAt: Date;
}

export interface MongoVaultOptions {
  url: string;
  /** Defaults to the database named in the URL. */
  database?: string;
  serverSelectionTimeoutMS?: number;
}

/** The vault as a `vault` collection in MongoDB: used when the events live in EventStoreDB, which has no place for it. */
export class MongoVault implements Vault {
  readonly kind = 'mongodb';
  private readonly entries: Collection<Entry>;

  private constructor(
    private readonly client: MongoClient,
    db: Db,
  ) {
    this.entries = db.collection<Entry>('vault');
  }

  static async connect(options: MongoVaultOptions): Promise<MongoVault> {
    const timeout = options.serverSelectionTimeoutMS;
    const client = new MongoClient(options.url, timeout === undefined ? {} : { serverSelectionTimeoutMS: timeout });
    await client.connect();
    return new MongoVault(client, client.db(options.database));
  }

  async get(namespace: string, key: string): Promise<string | null> {
    return (await this.entries.findOne({ _id: id(namespace, key) }))?.value ?? null;
  }

  async put(namespace: string, key: string, value: string): Promise<void> {
    await this.entries.replaceOne(
      { _id: id(namespace, key) },
      { namespace, key, value, updatedAt: new Date() },
      { upsert: true },
    );
  }

  async putIfAbsent(namespace: string, key: string, value: string): Promise<string> {
    try {
      const entry = { namespace, key, value, updatedAt: new Date() };
      await this.entries.updateOne({ _id: id(namespace, key) }, { $setOnInsert: entry }, { upsert: true });
    } catch (error) {
      // Two upserts of one new _id: the loser gets a duplicate-key error; the winner's value is read below.
      if ((error as { code?: number }).code !== 11000) throw error;
    }
    return (await this.get(namespace, key)) ?? value;
  }

  async delete(namespace: string, key: string): Promise<void> {
    await this.entries.deleteOne({ _id: id(namespace, key) });
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}

/** One string id, so a put is one atomic replace; the separator cannot occur in either part by accident. */
function id(namespace: string, key: string): string {
  return `${namespace}\u0000${key}`;
}
