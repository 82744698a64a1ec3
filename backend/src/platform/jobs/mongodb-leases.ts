import { type Collection, MongoClient, MongoServerError } from 'mongodb';
import { type HeldJob, type Leases, type Replica, type ReplicaBeat, REPLICA_STALE_MS, thisReplica } from './leases.js';

/** A lease not renewed for this long is free to take: the longest a dead holder keeps a job from running. */
export const MONGO_LEASE_TTL_MS = 10_000;

interface LeaseDoc {
  _id: string;
  holder: string;
  expiresAt: Date;
}

interface ReplicaDoc {
  _id: string;
  host: string;
  pid: number;
  startedAt: string;
  checkpoint: number;
  jobs: HeldJob[];
  seenAt: Date;
}

interface FenceDoc {
  _id: 'fence';
  position: number;
}

export interface MongoLeasesOptions {
  url: string;
  /** Defaults to the database named in the URL. */
  database?: string;
  ttlMs?: number;
  serverSelectionTimeoutMS?: number;
}

/**
 * Leases as documents in MongoDB beside the read models (with the EventStoreDB adapter): a lease is taken by an
 * upsert that matches only a free or expired lease (or one's own), so of two replicas racing for it one gets a
 * duplicate-key error and does not hold it; the holder renews it at every tick, and a holder that stops renewing
 * loses it after `ttlMs`. The times are the server's (`$$NOW`), so replicas' clocks need not agree.
 */
export class MongoLeases implements Leases {
  readonly kind = 'mongodb';
  private readonly held = new Set<string>();

  private constructor(
    private readonly client: MongoClient,
    private readonly leases: Collection<LeaseDoc>,
    private readonly replicas: Collection<ReplicaDoc>,
    private readonly fences: Collection<FenceDoc>,
    private readonly ttlMs: number,
    readonly replica: Replica,
  ) {}

  static async connect(options: MongoLeasesOptions, replica: Replica = thisReplica()): Promise<MongoLeases> {
    const timeout = options.serverSelectionTimeoutMS;
    const client = new MongoClient(options.url, timeout === undefined ? {} : { serverSelectionTimeoutMS: timeout });
    await client.connect();
    const db = client.db(options.database);
    const replicas = db.collection<ReplicaDoc>('_replicas');
    try {
      // Replicas gone for an hour are removed by MongoDB itself.
      await replicas.createIndex({ seenAt: 1 }, { expireAfterSeconds: 3600 });
    } catch (error) {
      await client.close();
      throw error;
    }
    return new MongoLeases(
      client,
      db.collection<LeaseDoc>('_leases'),
      replicas,
      db.collection<FenceDoc>('_fence'),
      options.ttlMs ?? MONGO_LEASE_TTL_MS,
      replica,
    );
  }

  /** Takes or renews `job`'s lease; false when another replica holds it unexpired. */
  private async claim(job: string): Promise<boolean> {
    try {
      const result = await this.leases.updateOne(
        { _id: job, $or: [{ holder: this.replica.id }, { $expr: { $lt: ['$expiresAt', '$$NOW'] } }] },
        [{ $set: { holder: this.replica.id, expiresAt: { $add: ['$$NOW', this.ttlMs] } } }],
        { upsert: true },
      );
      return result.matchedCount + result.upsertedCount > 0;
    } catch (error) {
      // The upsert met the lease held by another replica (the filter did not match it, the insert collided).
      if (error instanceof MongoServerError && error.code === 11000) return false;
      throw error;
    }
  }

  async tryAcquire(job: string): Promise<boolean> {
    if (await this.claim(job)) this.held.add(job);
    else this.held.delete(job);
    return this.held.has(job);
  }

  async renew(held: readonly string[]): Promise<Set<string>> {
    const kept = new Set<string>();
    for (const job of held) {
      if (!this.held.has(job)) continue;
      try {
        if (await this.claim(job)) kept.add(job);
        else this.held.delete(job);
      } catch {
        // Unanswered: the lease may expire meanwhile, so the job stops here rather than risk running twice.
        this.held.delete(job);
      }
    }
    return kept;
  }

  async release(job: string): Promise<void> {
    if (!this.held.delete(job)) return;
    await this.leases.deleteOne({ _id: job, holder: this.replica.id }).catch(() => undefined);
  }

  async beat(checkpoint: number, jobs: readonly HeldJob[]) {
    const { id, host, pid, startedAt } = this.replica;
    await this.replicas.updateOne(
      { _id: id },
      [{ $set: { host, pid, startedAt, checkpoint, jobs: jobs.map((j) => ({ ...j })), seenAt: '$$NOW' } }],
      { upsert: true },
    );
    const live = await this.replicas
      .find({ $expr: { $gt: ['$seenAt', { $subtract: ['$$NOW', REPLICA_STALE_MS] }] } })
      .sort({ startedAt: 1 })
      .toArray();
    const replicas: ReplicaBeat[] = live.map((r) => ({
      id: r._id,
      host: r.host,
      pid: r.pid,
      startedAt: r.startedAt,
      checkpoint: r.checkpoint,
      jobs: r.jobs,
      seenAt: r.seenAt.toISOString(),
    }));
    const fence = (await this.fences.findOne({ _id: 'fence' }))?.position ?? 0;
    return { replicas, fence };
  }

  async raiseFence(position: number): Promise<void> {
    await this.fences.updateOne({ _id: 'fence' }, { $max: { position } }, { upsert: true });
  }

  async close(): Promise<void> {
    for (const job of [...this.held]) await this.release(job);
    await this.replicas.deleteOne({ _id: this.replica.id }).catch(() => undefined);
    await this.client.close();
  }
}
