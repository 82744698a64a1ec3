import { createHash } from 'node:crypto';
import pg from 'pg';
import { type HeldJob, type Leases, type Replica, type ReplicaBeat, REPLICA_STALE_MS, thisReplica } from './leases.js';

/** The first key of every job's advisory lock (the second is the job's name hashed): apart from the store's own. */
const JOB_LOCK_CLASS = 0x4b4a;

/**
 * Leases as PostgreSQL session-level advisory locks, held on one connection of their own (as Marten's async daemon
 * does): the lock lives exactly as long as that connection, so a replica that dies — SIGKILL, a lost host — frees
 * its jobs as soon as the server sees the connection close, and a replica that loses the connection knows it has
 * lost them all. Heartbeats go to a `kauri_replicas` table on the same database.
 */
export class PostgresLeases implements Leases {
  readonly kind = 'postgres';
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client> | null = null;
  /** Jobs whose lock is held on `client`. */
  private readonly held = new Set<string>();

  private constructor(
    private readonly connectionString: string,
    private readonly pool: pg.Pool,
    readonly replica: Replica,
  ) {}

  static async open(connectionString: string, replica: Replica = thisReplica()): Promise<PostgresLeases> {
    const pool = new pg.Pool({ connectionString, max: 2 });
    pool.on('error', () => undefined);
    await pool.query(
      `create table if not exists kauri_replicas (
         id text primary key,
         host text not null,
         pid integer not null,
         started_at timestamptz not null,
         checkpoint bigint not null,
         jobs jsonb not null,
         seen_at timestamptz not null
       )`,
    );
    await pool.query('create table if not exists kauri_fence (id smallint primary key, position bigint not null)');
    const leases = new PostgresLeases(connectionString, pool, replica);
    await leases.connection();
    return leases;
  }

  /** The locks' connection; a new one after a loss (holding nothing). */
  private connection(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= (async () => {
      const client = new pg.Client({
        connectionString: this.connectionString,
        application_name: applicationName(this.replica),
        // A silent network loss ends the connection (and so the leases, on both sides) within seconds.
        keepAlive: true,
        keepAliveInitialDelayMillis: 1000,
      });
      const lost = () => {
        if (this.client !== client) return;
        this.client = null;
        this.held.clear();
        void client.end().catch(() => undefined);
      };
      client.on('error', lost);
      client.on('end', lost);
      try {
        await client.connect();
      } catch (error) {
        await client.end().catch(() => undefined);
        throw error;
      } finally {
        this.connecting = null;
      }
      this.client = client;
      return client;
    })();
    return this.connecting;
  }

  async tryAcquire(job: string): Promise<boolean> {
    if (this.held.has(job)) return true;
    const client = await this.connection();
    const [row] = (
      await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1, $2) as locked', [
        JOB_LOCK_CLASS,
        jobKey(job),
      ])
    ).rows;
    if (row?.locked && this.client === client) this.held.add(job);
    return this.held.has(job);
  }

  async renew(held: readonly string[]): Promise<Set<string>> {
    const client = this.client;
    if (!client) return new Set();
    try {
      // A round trip on the locks' own connection: answered, the locks on it are still ours.
      await client.query('select 1');
    } catch {
      return new Set();
    }
    return new Set(held.filter((job) => this.held.has(job)));
  }

  async release(job: string): Promise<void> {
    const client = this.client;
    if (!client || !this.held.delete(job)) return;
    await client.query('select pg_advisory_unlock($1, $2)', [JOB_LOCK_CLASS, jobKey(job)]).catch(() => undefined);
  }

  async beat(checkpoint: number, jobs: readonly HeldJob[]) {
    const { id, host, pid, startedAt } = this.replica;
    await this.pool.query(
      `insert into kauri_replicas (id, host, pid, started_at, checkpoint, jobs, seen_at)
       values ($1, $2, $3, $4, $5, $6, now())
       on conflict (id) do update set checkpoint = excluded.checkpoint, jobs = excluded.jobs, seen_at = now()`,
      [id, host, pid, startedAt, checkpoint, JSON.stringify(jobs)],
    );
    const rows = (
      await this.pool.query<{
        id: string;
        host: string;
        pid: number;
        started_at: Date;
        checkpoint: string;
        jobs: HeldJob[];
        seen_at: Date;
        fence: string | null;
      }>(
        `select r.*, (select position from kauri_fence where id = 1) as fence from kauri_replicas r
         where r.seen_at > now() - make_interval(secs => $1::float8 / 1000) order by r.started_at`,
        [REPLICA_STALE_MS],
      )
    ).rows;
    // Replicas gone for an hour are history: kept that long so an operator can still see what ran.
    if (Math.random() < 0.01)
      await this.pool.query(`delete from kauri_replicas where seen_at < now() - interval '1 hour'`);
    const replicas: ReplicaBeat[] = rows.map((r) => ({
      id: r.id,
      host: r.host,
      pid: r.pid,
      startedAt: r.started_at.toISOString(),
      checkpoint: Number(r.checkpoint),
      jobs: r.jobs,
      seenAt: r.seen_at.toISOString(),
    }));
    // Every row carries the fence; there is always one, this replica's own, just written.
    return { replicas, fence: Number(rows[0]?.fence ?? 0) };
  }

  async raiseFence(position: number): Promise<void> {
    await this.pool.query(
      `insert into kauri_fence (id, position) values (1, $1)
       on conflict (id) do update set position = greatest(kauri_fence.position, excluded.position)`,
      [position],
    );
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = null;
    this.held.clear();
    // Ending the connection frees every advisory lock held on it.
    await client?.end().catch(() => undefined);
    await this.pool.query('delete from kauri_replicas where id = $1', [this.replica.id]).catch(() => undefined);
    await this.pool.end();
  }
}

/** How the locks' connection names itself to the server (pg_stat_activity): which replica holds which lock. */
export function applicationName(replica: Replica): string {
  return `kauri ${replica.id.slice(0, 8)} ${replica.host}:${replica.pid}`.slice(0, 63);
}

/** A job's name as the advisory lock's second key (int4). */
function jobKey(job: string): number {
  return createHash('sha256').update(job).digest().readInt32BE(0);
}
