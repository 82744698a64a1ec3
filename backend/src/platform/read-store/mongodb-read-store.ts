import {
  MongoClient,
  MongoServerError,
  type AnyBulkWriteOperation,
  type Collection,
  type Db,
  type Document,
} from 'mongodb';
import type {
  BatchStep,
  Doc,
  Filter,
  FindOptions,
  ReadCollection,
  ReadStore,
  ReadStoreHealth,
  WriteOp,
} from './read-store.js';

/** Our documents as the driver types them: string ids, any other fields. */
type Stored = Doc & Document;

/** The server's code for "no such collection" (NamespaceNotFound). */
const NAMESPACE_NOT_FOUND = 26;

export interface MongoReadStoreOptions {
  /** Defaults to `MONGODB_URL`. */
  url?: string;
  /** Defaults to the database named in the URL (the driver's `test` when it names none). */
  database?: string;
  /** How long an operation waits for a reachable server before failing. */
  serverSelectionTimeoutMS?: number;
}

/** A collection handle is just a name on the server, so it stays valid across a blue/green swap. */
class MongoCollection<T extends Doc> implements ReadCollection<T> {
  constructor(private readonly docs: Collection<Stored>) {}

  async get(id: string): Promise<T | null> {
    return (await this.docs.findOne({ _id: id })) as T | null;
  }

  async upsert(doc: T): Promise<void> {
    await this.docs.replaceOne({ _id: doc._id }, doc, { upsert: true });
  }

  async delete(id: string): Promise<void> {
    await this.docs.deleteOne({ _id: id });
  }

  async find(filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    const { sort, skip, limit } = options;
    return (await this.docs.find(filter, { sort, skip, limit }).toArray()) as T[];
  }

  async count(filter: Filter = {}): Promise<number> {
    return this.docs.countDocuments(filter);
  }

  async write(ops: readonly WriteOp<T>[]): Promise<void> {
    // The driver rejects an empty bulk write.
    if (ops.length === 0) return;
    const models = ops.map(
      (op): AnyBulkWriteOperation<Stored> =>
        'upsert' in op
          ? { replaceOne: { filter: { _id: op.upsert._id }, replacement: op.upsert, upsert: true } }
          : { deleteOne: { filter: { _id: op.delete } } },
    );
    await this.docs.bulkWrite(models, { ordered: true });
  }
}

/** The ReadStore port on MongoDB (official driver); the production shape's read store. */
export class MongoReadStore implements ReadStore {
  readonly kind = 'mongodb';
  private readonly client: MongoClient;
  private readonly db: Db;

  constructor(options: MongoReadStoreOptions = {}) {
    const url = options.url ?? process.env.MONGODB_URL;
    if (!url) throw new Error('MongoDB read store: set MONGODB_URL (e.g. mongodb://localhost:27017/kauri)');
    // ignoreUndefined: a field set to undefined is left out, as in the memory store, rather than stored as null.
    const timeout = options.serverSelectionTimeoutMS;
    this.client = new MongoClient(url, {
      ignoreUndefined: true,
      ...(timeout === undefined ? {} : { serverSelectionTimeoutMS: timeout }),
    });
    this.db = this.client.db(options.database);
  }

  /** Creates the store and connects, so a wrong URL or a server that is down fails here rather than on first use. */
  static async connect(options: MongoReadStoreOptions = {}): Promise<MongoReadStore> {
    const store = new MongoReadStore(options);
    await store.client.connect();
    return store;
  }

  collection<T extends Doc>(name: string): ReadCollection<T> {
    return new MongoCollection<T>(this.db.collection<Stored>(name));
  }

  async renameCollection(from: string, to: string): Promise<void> {
    try {
      await this.db.renameCollection(from, to, { dropTarget: true });
    } catch (error) {
      // Nothing was built into `from` (e.g. a rebuild that produced no documents): the target becomes empty.
      if (!(error instanceof MongoServerError && Number(error.code) === NAMESPACE_NOT_FOUND)) throw error;
      await this.db.dropCollection(to);
    }
  }

  /** Step by step, not in a transaction (that would need a replica set): a crash may leave a prefix applied. */
  async writeBatch(steps: readonly BatchStep[]): Promise<void> {
    for (const step of steps) {
      if ('rename' in step) await this.renameCollection(step.rename, step.to);
      else await this.collection(step.collection).write(step.ops);
    }
  }

  async dropCollection(name: string): Promise<void> {
    // Resolves false for a missing collection (driver v7), which is fine here.
    await this.db.dropCollection(name);
  }

  async listCollections(): Promise<string[]> {
    const infos = await this.db.listCollections({}, { nameOnly: true }).toArray();
    return infos.filter((c) => c.type !== 'view' && !c.name.startsWith('system.')).map((c) => c.name);
  }

  async health(): Promise<ReadStoreHealth> {
    try {
      await this.db.command({ ping: 1 });
      return { ok: true, kind: this.kind, detail: `database ${this.db.databaseName}` };
    } catch (error) {
      return { ok: false, kind: this.kind, detail: error instanceof Error ? error.message : String(error) };
    }
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
