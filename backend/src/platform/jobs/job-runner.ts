import type { Logger } from 'pino';
import type { HeldJob, Leases, Replica, ReplicaBeat } from './leases.js';

/** How often a replica renews its leases, tries for the free ones and publishes its heartbeat. */
export const LEASE_TICK_MS = 1_000;
/** Heartbeats go more often than lease attempts: a sign-out waits for the other replicas' next one. */
export const BEAT_TICK_MS = 250;

/** `one-replica`: run by the replica holding its lease. `every-replica`: each replica runs its own (a local check). */
export type JobScope = 'one-replica' | 'every-replica';

interface JobBase {
  /** Also the lease's name: one per job. */
  name: string;
  /** What it does, for the operations page. */
  description: string;
  scope?: JobScope;
}

/** Runs while held: a subscription to the log (its checkpoint shown), or a worker of its own. */
export interface ContinuousJob extends JobBase {
  start(): Promise<void> | void;
  /** Stops it, waiting for work under way: called when the lease is lost, and at shutdown. */
  stop(): Promise<void> | void;
  /** How far a checkpointed subscription has got in the log. */
  checkpoint?(): number;
}

/** Runs every `everyMs` while held (first `firstAfterMs` after the lease is taken). */
export interface ScheduledJob extends JobBase {
  everyMs: number;
  firstAfterMs?: number;
  run(): Promise<unknown>;
}

export type Job = ContinuousJob | ScheduledJob;

export interface JobRun {
  startedAt: string;
  finishedAt: string | null;
  error: string | null;
}

export interface JobStatus {
  name: string;
  description: string;
  kind: 'subscription' | 'schedule';
  scope: JobScope;
  /** The replica holding its lease now (each replica, for `every-replica`), or null when none does. */
  holder: Pick<ReplicaBeat, 'id' | 'host' | 'pid'> | null;
  heldHere: boolean;
  /** When this replica took it (null when another holds it). */
  since: string | null;
  /** For a subscription held here: its position in the log and how far behind the head it is. */
  checkpoint: number | null;
  lag: number | null;
  everyMs: number | null;
  /** The last run of a schedule on this replica. */
  lastRun: JobRun | null;
}

interface Running {
  job: Job;
  since: string;
  stop: () => Promise<void>;
}

/**
 * The one place background work runs (issue 29): every job is declared here once — a subscription to the log or a
 * schedule — and runs on exactly one replica at a time, the one holding its lease (`Leases`); when that replica
 * dies, another takes the lease at its next tick and starts the job there. `every-replica` jobs run on each replica
 * (checks of its own memory copies). Each tick also publishes this replica's heartbeat: its read models'
 * checkpoint (`ReplicaPositions` waits on the others' for sign-outs) and the jobs it holds (for the status).
 */
export class JobRunner {
  private readonly jobs = new Map<string, Job>();
  private readonly running = new Map<string, Running>();
  private readonly lastRuns = new Map<string, JobRun>();
  /** Jobs whose last attempt to take or start failed (logged once per streak). */
  private readonly failing = new Set<string>();
  private readonly tickers: NodeJS.Timeout[] = [];
  private ticking: Promise<void> | null = null;
  private firstRound: Promise<void> = Promise.resolve();
  private stopped = true;
  private beatFailing = false;
  private beatListeners: ((beat: { replicas: ReplicaBeat[]; fence: number; at: number }) => void)[] = [];
  /** The last heartbeat this replica landed, and what it read back. */
  lastBeat: { replicas: ReplicaBeat[]; fence: number; at: number } | null = null;

  constructor(
    readonly leases: Leases,
    /** This replica's read-model checkpoint, published with each heartbeat. */
    private readonly checkpoint: () => number,
    private readonly head: () => Promise<number>,
    private readonly logger: Logger,
    private readonly ticks = { leaseMs: LEASE_TICK_MS, beatMs: BEAT_TICK_MS },
  ) {}

  get replica(): Replica {
    return this.leases.replica;
  }

  /** Declares a job; at most once per name. Jobs declared after `start` are taken up at the next tick. */
  declare(job: Job): void {
    if (this.jobs.has(job.name)) throw new Error(`Job ${job.name} is declared twice`);
    this.jobs.set(job.name, job);
  }

  /** Begins: takes what leases it can now, then keeps trying at every tick. */
  async start(): Promise<void> {
    this.stopped = false;
    // The timers first: a stop during the first round (which may take long: jobs start one by one) clears them.
    const every = (ms: number, work: () => Promise<unknown>) => {
      const timer = setInterval(() => void work().catch(() => undefined), ms);
      timer.unref();
      this.tickers.push(timer);
    };
    every(this.ticks.leaseMs, () => this.tick());
    every(this.ticks.beatMs, () => this.beat());
    this.firstRound = this.tick().catch((error: unknown) =>
      this.logger.warn({ err: error }, 'first round of the jobs failed; trying again every tick'),
    );
    await this.firstRound;
  }

  /** Resolves once the first round after `start` has ended: every job it could take has started (tests, benches). */
  get started(): Promise<void> {
    return this.firstRound;
  }

  /** Stops every job here and lets go of its lease (SIGTERM): another replica takes it at its next tick. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.tickers.splice(0)) clearInterval(timer);
    await this.ticking;
    for (const name of [...this.running.keys()]) await this.halt(name);
  }

  /** Runs `listener` after every heartbeat (ReplicaPositions). */
  onBeat(listener: (beat: { replicas: ReplicaBeat[]; fence: number; at: number }) => void): void {
    this.beatListeners.push(listener);
  }

  /** One round: drop what is lost, take what is free, publish the heartbeat. One at a time. */
  tick(): Promise<void> {
    this.ticking ??= this.round().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  private async round(): Promise<void> {
    if (this.stopped) return;
    const leased = [...this.running.values()].filter((r) => scopeOf(r.job) === 'one-replica').map((r) => r.job.name);
    let kept: Set<string>;
    try {
      kept = await this.leases.renew(leased);
    } catch (error) {
      this.logger.warn({ err: error }, 'could not renew job leases; stopping the jobs held here');
      kept = new Set();
    }
    for (const name of leased) {
      if (kept.has(name)) continue;
      this.logger.warn({ job: name }, 'job lease lost; stopping it here');
      await this.halt(name);
    }
    for (const job of this.jobs.values()) {
      if (this.stopped || this.running.has(job.name)) continue;
      try {
        if (scopeOf(job) === 'one-replica' && !(await this.leases.tryAcquire(job.name))) continue;
        await this.launch(job);
        this.failing.delete(job.name);
      } catch (error) {
        // Once per streak of failures (a database down would say so every second).
        if (!this.failing.has(job.name))
          this.logger.warn({ err: error, job: job.name }, 'could not take or start job; trying again every tick');
        this.failing.add(job.name);
        await this.leases.release(job.name).catch(() => undefined);
      }
    }
    await this.beat();
  }

  private async launch(job: Job): Promise<void> {
    let stop: () => Promise<void>;
    if ('run' in job) stop = this.schedule(job);
    else {
      await job.start();
      stop = async () => job.stop();
    }
    this.running.set(job.name, { job, since: new Date().toISOString(), stop });
    this.logger.info({ job: job.name }, 'job started here');
  }

  /** Runs a scheduled job on its timer (never two runs at once); answers how to stop it. */
  private schedule(job: ScheduledJob): () => Promise<void> {
    let current: Promise<void> | null = null;
    const run = () => {
      if (current) return;
      const record: JobRun = { startedAt: new Date().toISOString(), finishedAt: null, error: null };
      this.lastRuns.set(job.name, record);
      current = job
        .run()
        .then(
          () => undefined,
          (error: unknown) => {
            record.error = error instanceof Error ? error.message : String(error);
            this.logger.error({ err: error, job: job.name }, 'scheduled job failed');
          },
        )
        .finally(() => {
          record.finishedAt = new Date().toISOString();
          current = null;
        });
    };
    const first = setTimeout(run, job.firstAfterMs ?? job.everyMs);
    const every = setInterval(run, job.everyMs);
    first.unref();
    every.unref();
    return async () => {
      clearTimeout(first);
      clearInterval(every);
      await current;
    };
  }

  private async halt(name: string): Promise<void> {
    const running = this.running.get(name);
    if (!running) return;
    this.running.delete(name);
    try {
      await running.stop();
    } catch (error) {
      this.logger.error({ err: error, job: name }, 'job did not stop cleanly');
    }
    if (scopeOf(running.job) === 'one-replica') await this.leases.release(name).catch(() => undefined);
  }

  private async beat(): Promise<void> {
    if (this.stopped) return;
    try {
      const beat = { ...(await this.leases.beat(this.checkpoint(), this.heldLeases())), at: Date.now() };
      this.lastBeat = beat;
      for (const listener of this.beatListeners) listener(beat);
      if (this.beatFailing) this.logger.info('replica heartbeat landed again');
      this.beatFailing = false;
    } catch (error) {
      // Once per outage, not four times a second.
      if (!this.beatFailing) this.logger.warn({ err: error }, 'replica heartbeat failed; retrying');
      this.beatFailing = true;
    }
  }

  private heldLeases(): HeldJob[] {
    return [...this.running.values()]
      .filter((r) => scopeOf(r.job) === 'one-replica')
      .map((r) => ({ name: r.job.name, checkpoint: checkpointOf(r.job) }));
  }

  /** True while this replica runs the job (holds its lease, for a one-replica job). */
  holds(name: string): boolean {
    return this.running.has(name);
  }

  /** Every job as this replica sees it, with who holds it (from the last heartbeats). */
  async status(): Promise<{ replica: Replica; leases: Leases['kind']; replicas: ReplicaBeat[]; jobs: JobStatus[] }> {
    const head = await this.head();
    const replicas = this.lastBeat?.replicas ?? [];
    const jobs = [...this.jobs.values()].map((job): JobStatus => {
      const running = this.running.get(job.name);
      const scope = scopeOf(job);
      const other = replicas.find((r) => r.id !== this.replica.id && r.jobs.some((j) => j.name === job.name));
      const holder = running ? this.replica : scope === 'one-replica' ? (other ?? null) : null;
      const checkpoint = running
        ? checkpointOf(job)
        : (other?.jobs.find((j) => j.name === job.name)?.checkpoint ?? null);
      return {
        name: job.name,
        description: job.description,
        kind: 'run' in job ? 'schedule' : 'subscription',
        scope,
        holder: holder && { id: holder.id, host: holder.host, pid: holder.pid },
        heldHere: running !== undefined,
        since: running?.since ?? null,
        checkpoint,
        lag: checkpoint === null ? null : Math.max(0, head - checkpoint),
        everyMs: 'everyMs' in job ? job.everyMs : null,
        lastRun: this.lastRuns.get(job.name) ?? null,
      };
    });
    return { replica: this.replica, leases: this.leases.kind, replicas, jobs };
  }
}

function checkpointOf(job: Job): number | null {
  return 'checkpoint' in job && job.checkpoint ? job.checkpoint() : null;
}

function scopeOf(job: Job): JobScope {
  return job.scope ?? 'one-replica';
}
