import { yieldToEventLoop } from '../event-loop.js';
import { createHash } from 'node:crypto';
import type { EventStore, RecordedEvent, Subscription } from '../event-store/event-store.js';
import { byIds, type BatchStep, type Doc, type ReadStore, type WriteOp } from '../read-store/read-store.js';
import type { Projected, Projection } from './projection.js';

export const CHECKPOINTS = '_checkpoints';
/** Read models marked for a rebuild that has not been swapped in yet (see `markForRebuild`). */
export const PENDING_REBUILDS = '_rebuilds';
/** Each read model's last rebuild and how it went, so the operations screen can say so after a reload. */
export const REBUILD_OUTCOMES = '_rebuild_outcomes';
/** The rate is events per second over this window of wall-clock time. */
const RATE_WINDOW_MS = 10_000;
const BATCH = 1000;
/** Events per read when replaying (rebuild, resume). */
const PAGE = BATCH * 5;
const QUEUE_HIGH_WATER = 5000;
/** Back-off between attempts to store writes that failed transiently: from this, doubling, jittered. */
const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 30_000;

interface CheckpointDoc extends Doc {
  position: number;
  version: number;
  updatedAt: string;
}

interface RebuildMark extends Doc {
  requestedAt: string;
}

export type ProjectionStatus = 'starting' | 'catching-up' | 'live' | 'failed' | 'rebuilding';

export interface ProjectionError {
  message: string;
  position: number;
  eventType: string;
  streamId: string;
  at: string;
}

export interface ProjectionInfo {
  name: string;
  version: number;
  status: ProjectionStatus;
  checkpoint: number;
  head: number;
  lag: number;
  /**
   * Events per second this projection went through (live, resumed or replayed by a rebuild) over the last
   * 10 seconds of wall-clock time, to one decimal: the one rate the operations screen shows.
   */
  rate: number;
  lastError: ProjectionError | null;
  rebuild: RebuildProgress | null;
  lastRebuild: RebuildOutcome | null;
  /**
   * Set while this read model's latest writes are applied in memory (and served) but not stored, because the
   * read store failed transiently (a deadlock, a lost connection): the engine keeps trying, with back-off.
   */
  persistence: PersistenceRetry | null;
}

export interface PersistenceRetry {
  retrying: true;
  /** Failed attempts so far. */
  attempts: number;
  lastError: string;
  nextAttemptAt: string;
}

/** What the last rebuild of a read model did: kept with the read models, so it outlives the request. */
export interface RebuildOutcome {
  outcome: 'swapped' | 'failed';
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  /** Events read from the log into the fresh copy. */
  eventsReplayed: number;
  /** The log position the fresh copy was built to. */
  position: number;
  /** Documents in the copy swapped in (0 when it failed). */
  documents: number;
  error: string | null;
}

interface RebuildOutcomeDoc extends Doc, RebuildOutcome {}

/** `done` and `total` are log positions, so they compare even on stores whose positions have gaps. */
export interface RebuildProgress {
  done: number;
  total: number;
  position: number;
  rate: number;
  startedAt: string;
}

/**
 * Writes applied in memory whose storing failed transiently, folded to the last operation per document (the
 * checkpoints too), in the order first written: written again, with whatever came since, as one batch.
 */
interface Backlog {
  ops: Map<string, Map<string, WriteOp<Doc>>>;
  /** The projections whose writes these are. */
  names: Set<string>;
  attempts: number;
  lastError: string;
  nextAttemptAt: number;
  timer: NodeJS.Timeout | null;
}

/** What a replica that does not store the read models changed in memory since it last stored them. */
interface Unstored {
  /** Collection → ids of the documents changed (upserted or deleted). */
  docs: Map<string, Set<string>>;
  /** Collections replaced whole (a rebuild swapped in). */
  replaced: Set<string>;
}

interface Waiter {
  position: number;
  names: string[] | null;
  settle: (ok: boolean) => void;
}

interface Runtime {
  projection: Projection<Doc>;
  checkpoint: number;
  status: ProjectionStatus;
  lastError: ProjectionError | null;
  /** Events gone through, by when (ms): the last RATE_WINDOW_MS of them. */
  throughput: { at: number; events: number }[];
  rebuild: RebuildProgress | null;
  lastRebuild: RebuildOutcome | null;
}

/**
 * Runs every projection off one catch-up subscription of the event store. Events are applied in batches;
 * each projection's checkpoint is stored with its read model. A projection whose `evolve` throws stops at
 * that event (neither skipping it nor looping) and reports the error until `resume` is called: that is a bug.
 *
 * A transient failure of the read store while storing a batch (deadlock, serialization failure, lock timeout,
 * lost connection: `isTransientStoreError`) is not the projection's: on a store that serves from memory
 * (`applyUnpersisted`), the batch is applied in memory, the projection stays live, and the writes not stored
 * are kept (`Backlog`) and written again with back-off, merged with the batches that follow, until the store
 * takes them. Each write is one transaction with the checkpoints, so a failed one stored nothing and the one
 * that succeeds stores every pending document once; a restart meanwhile replays from the stored checkpoints.
 */
export class ProjectionEngine {
  private readonly runtimes = new Map<string, Runtime>();
  private subscription: Subscription | null = null;
  private queue: RecordedEvent[] = [];
  private flushing: Promise<void> | null = null;
  private head = 0;
  /** The log's head when the engine started: a read model that has applied it is live, whatever the subscription says. */
  private liveFrom = 0;
  private waiters: Waiter[] = [];
  private exclusive: Promise<unknown> = Promise.resolve();
  private backlog: Backlog | null = null;
  private stopped = false;
  /**
   * Whether this process writes the persisted copy of the read models. On a store shared by replicas only the one
   * holding the `read-models` lease does (JobRunner); the others apply the log in memory for their own reads and
   * note what they changed (`unstored`), so that, taking over, they store it in one write (`persist`).
   */
  private persisting: boolean;
  private readonly unstored: Unstored = { docs: new Map(), replaced: new Set() };

  constructor(
    private readonly events: EventStore,
    private readonly reads: ReadStore,
    projections: readonly Projection<Doc>[],
    options: { persist?: boolean } = {},
  ) {
    // Only a store that serves from memory can leave its stored copy to another replica.
    this.persisting = options.persist !== false || !reads.applyUnpersisted;
    for (const projection of projections) {
      this.runtimes.set(projection.name, {
        projection,
        checkpoint: 0,
        status: 'starting',
        lastError: null,
        throughput: [],
        rebuild: null,
        lastRebuild: null,
      });
    }
  }

  get names(): string[] {
    return [...this.runtimes.keys()];
  }

  /**
   * Loads checkpoints, rebuilds from zero any projection whose version changed or whose rebuild a crash cut off
   * (still marked), then follows the log live.
   */
  async start(): Promise<void> {
    // A persisted store keeps the half-built copy of a rebuild cut off by a crash: of no use, and held in memory.
    const collections = new Set(await this.reads.listCollections());
    for (const name of this.names) if (collections.has(greenOf(name))) await this.reads.dropCollection(greenOf(name));
    const marked = new Set((await this.reads.collection<RebuildMark>(PENDING_REBUILDS).find()).map((m) => m._id));
    for (const { _id, ...outcome } of await this.reads.collection<RebuildOutcomeDoc>(REBUILD_OUTCOMES).find()) {
      const runtime = this.runtimes.get(_id);
      if (runtime) runtime.lastRebuild = outcome;
    }
    for (const runtime of this.runtimes.values()) {
      const { name, version } = runtime.projection;
      const saved = await this.reads.collection<CheckpointDoc>(CHECKPOINTS).get(name);
      if (saved && saved.version === version && !marked.has(name)) {
        runtime.checkpoint = saved.position;
      } else {
        await this.reads.dropCollection(name);
        // Only once the copy is gone, so that a crash in between drops it again.
        const forget = (collection: string): BatchStep => ({ collection, ops: [{ delete: name }] });
        if (saved || marked.has(name)) await this.reads.writeBatch([forget(CHECKPOINTS), forget(PENDING_REBUILDS)]);
        runtime.checkpoint = 0;
      }
      runtime.status = 'catching-up';
    }
    this.head = await this.events.headPosition();
    this.liveFrom = this.head;
    for (const runtime of this.runtimes.values()) markLiveAtHead(runtime, this.liveFrom);
    this.follow();
  }

  /** Resolves once the read models are built up to the head of the log as it stood at the call. */
  async caughtUp(timeoutMs = 600_000): Promise<boolean> {
    return this.waitFor(await this.events.headPosition(), null, timeoutMs);
  }

  private follow(): void {
    const from = Math.min(...[...this.runtimes.values()].map((r) => r.checkpoint), Number.MAX_SAFE_INTEGER);
    this.subscription = this.events.subscribe({
      fromPosition: from === Number.MAX_SAFE_INTEGER ? 0 : from,
      onEvent: (event) => this.enqueue(event),
      onCaughtUp: () => {
        for (const r of this.runtimes.values()) if (r.status === 'catching-up') r.status = 'live';
      },
    });
  }

  /** Writes not stored yet stay unstored: the next start replays them from the log (their checkpoints were not stored). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.backlog?.timer) clearTimeout(this.backlog.timer);
    await this.subscription?.stop();
    this.subscription = null;
    await this.flushing;
    for (const w of [...this.waiters]) w.settle(false);
  }

  private enqueue(event: RecordedEvent): Promise<void> | void {
    this.queue.push(event);
    if (event.position > this.head) this.head = event.position;
    if (!this.flushing) this.flushing = this.drain();
    if (this.queue.length >= QUEUE_HIGH_WATER) return this.flushing;
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, BATCH);
        await this.serially(() => this.applyBatch(batch));
        await yieldToEventLoop();
      }
    } finally {
      this.flushing = null;
    }
  }

  /** Live batches and the final swap of a rebuild never interleave. */
  private serially<T>(task: () => Promise<T>): Promise<T> {
    const run = this.exclusive.then(task, task);
    this.exclusive = run.catch(() => undefined);
    return run;
  }

  /**
   * Applies a batch to every projection and stores all their documents and checkpoints in one write (one
   * transaction on a SQL store: one commit per batch, however many read models it touches).
   */
  private async applyBatch(batch: RecordedEvent[]): Promise<void> {
    const planned: { runtime: Runtime; pending: RecordedEvent[]; plan: Plan }[] = [];
    for (const runtime of this.runtimes.values()) {
      if (runtime.status === 'failed' || runtime.status === 'starting') continue;
      const pending = batch.filter((e) => e.position > runtime.checkpoint);
      if (pending.length === 0) continue;
      try {
        const plan = await planEvents(this.reads, runtime.projection, runtime.projection.name, pending);
        planned.push({ runtime, pending, plan });
      } catch (error) {
        fail(runtime, describeError(error, pending[0]!));
      }
    }
    try {
      await this.store(
        planned.flatMap(({ runtime, plan }) => [plan.step, checkpointStep(runtime.projection, plan.checkpoint)]),
        planned.map(({ runtime }) => runtime.projection.name),
      );
      for (const { runtime, plan } of planned) {
        runtime.checkpoint = plan.checkpoint;
        if (plan.error) fail(runtime, plan.error);
        else markLiveAtHead(runtime, this.liveFrom);
      }
    } catch (error) {
      // The read store failed for good (not transiently, or not on a store that serves from memory): the subscription has moved past these events, so stop here (as for a
      // failing evolve) and let `resume` re-read them from the log, rather than losing the batch.
      for (const { runtime, pending } of planned) fail(runtime, describeError(error, pending[0]!));
    }
    for (const { runtime, pending } of planned) counted(runtime, pending.length);
    this.settleWaiters();
  }

  /**
   * Stores a batch of operation steps (only inside `serially`), with any writes still pending from a transient
   * failure before them. On a transient failure the steps are applied in memory instead and kept for the next
   * attempt; while an attempt is not due yet they are kept without trying. Throws when the store failed otherwise.
   */
  private async store(steps: BatchStep[], names: readonly string[]): Promise<void> {
    if (!this.persisting) return this.applyHere(steps);
    const backlog = this.backlog;
    if (backlog && Date.now() < backlog.nextAttemptAt) return this.defer(steps, names, null);
    try {
      await this.reads.writeBatch([...this.pendingSteps(), ...steps]);
      this.cleared();
    } catch (error) {
      if (!this.reads.applyUnpersisted || !isTransientStoreError(error)) throw error;
      await this.defer(steps, names, error);
    }
  }

  /** The log position every read model here (or those named) has applied: the lowest checkpoint among them. */
  appliedThrough(names: readonly string[] | null = null): number {
    let lowest = Number.MAX_SAFE_INTEGER;
    for (const runtime of names ? names.map((n) => this.runtime(n)) : this.runtimes.values())
      lowest = Math.min(lowest, runtime.checkpoint);
    return lowest === Number.MAX_SAFE_INTEGER ? 0 : lowest;
  }

  /** True while this process writes the stored copy of the read models. */
  get persists(): boolean {
    return this.persisting;
  }

  /**
   * Starts (true) or stops (false) writing the stored copy. Starting, what this process applied in memory while
   * another replica stored the read models is written first — the documents it changed and its checkpoints, in
   * one write — so the stored copy is at least as far as this process's memory; a failure throws and leaves it
   * not persisting (the job runner lets go of the lease and tries again). Stopping, writes still pending from a
   * transient failure are kept as unstored changes.
   */
  async persist(on: boolean): Promise<void> {
    if (!this.reads.applyUnpersisted) return;
    await this.serially(async () => {
      if (on === this.persisting) return;
      if (!on) {
        for (const step of this.pendingSteps()) this.noteUnstored(step);
        this.cleared();
        this.persisting = false;
        return;
      }
      await this.reads.writeBatch(await this.unstoredSteps());
      this.unstored.docs.clear();
      this.unstored.replaced.clear();
      this.persisting = true;
    });
  }

  /** Applied here only: another replica stores the read models. */
  private async applyHere(steps: readonly BatchStep[]): Promise<void> {
    await this.reads.applyUnpersisted!(steps);
    for (const step of steps) this.noteUnstored(step);
  }

  /** A write of a rebuild's copy: stored, or applied here only. */
  private write(steps: readonly BatchStep[]): Promise<void> {
    return this.persisting ? this.reads.writeBatch(steps) : this.reads.applyUnpersisted!(steps);
  }

  /** Drops a rebuild's copy: from the store, or from this process's memory only (another replica stores). */
  private async drop(collection: string): Promise<void> {
    if (this.persisting) return this.reads.dropCollection(collection);
    const docs = await this.reads.collection(collection).find();
    await this.reads.applyUnpersisted!([{ collection, ops: docs.map((d) => ({ delete: d._id })) }]);
  }

  private noteUnstored(step: BatchStep): void {
    if ('rename' in step) {
      this.unstored.replaced.add(step.to);
      this.unstored.docs.delete(step.rename);
      return;
    }
    if (step.collection === CHECKPOINTS) return;
    let ids = this.unstored.docs.get(step.collection);
    if (!ids) this.unstored.docs.set(step.collection, (ids = new Set()));
    for (const op of step.ops) ids.add('upsert' in op ? op.upsert._id : op.delete);
  }

  /** The changes applied here only, as they stand in memory now, with every checkpoint: one write stores them. */
  private async unstoredSteps(): Promise<BatchStep[]> {
    const steps: BatchStep[] = [];
    for (const name of this.unstored.replaced) {
      // Replaced whole here (a rebuild): stored as a fresh copy swapped in, so documents it dropped go too.
      const docs = await this.reads.collection<Doc>(name).find();
      steps.push(
        { collection: greenOf(name), ops: docs.map((upsert) => ({ upsert })) },
        { rename: greenOf(name), to: name },
      );
    }
    for (const [name, ids] of this.unstored.docs) {
      if (this.unstored.replaced.has(name)) continue;
      const current = await byIds(this.reads.collection<Doc>(name), [...ids]);
      steps.push({
        collection: name,
        ops: [...ids].map((id) => {
          const doc = current.get(id);
          return doc ? { upsert: doc } : { delete: id };
        }),
      });
    }
    for (const runtime of this.runtimes.values()) steps.push(checkpointStep(runtime.projection, runtime.checkpoint));
    return steps;
  }

  /** Applies steps in memory only and adds them to the backlog; with an error, counts a failed attempt. */
  private async defer(steps: readonly BatchStep[], names: readonly string[], error: unknown): Promise<void> {
    await this.reads.applyUnpersisted!(steps);
    const backlog = (this.backlog ??= {
      ops: new Map(),
      names: new Set(),
      attempts: 0,
      lastError: '',
      nextAttemptAt: 0,
      timer: null,
    });
    for (const step of steps) {
      if ('rename' in step) throw new Error('A swap is never deferred');
      let docs = backlog.ops.get(step.collection);
      if (!docs) backlog.ops.set(step.collection, (docs = new Map()));
      for (const op of step.ops) docs.set('upsert' in op ? op.upsert._id : op.delete, op);
    }
    for (const name of names) backlog.names.add(name);
    if (error !== null) this.failedAttempt(backlog, error);
  }

  private failedAttempt(backlog: Backlog, error: unknown): void {
    backlog.attempts++;
    backlog.lastError = error instanceof Error ? error.message : String(error);
    // Full back-off doubles per attempt up to the cap; jittered (50–100% of it) so replicas do not retry in step.
    const full = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.min(backlog.attempts - 1, 20));
    const delay = Math.round(full * (0.5 + Math.random() / 2));
    backlog.nextAttemptAt = Date.now() + delay;
    if (backlog.timer) clearTimeout(backlog.timer);
    if (this.stopped) return;
    // When no batch comes along to try it, the timer does.
    backlog.timer = setTimeout(() => {
      backlog.timer = null;
      void this.serially(() => this.retryBacklog(backlog));
    }, delay);
    backlog.timer.unref?.();
  }

  /** One more attempt at the backlog alone: any failure (transient or not) is counted and tried again later. */
  private async retryBacklog(backlog: Backlog): Promise<void> {
    // Not when it was stored meanwhile, or a batch's attempt failed meanwhile (that set the next timer).
    if (backlog !== this.backlog || backlog.timer || this.stopped) return;
    try {
      await this.reads.writeBatch(this.pendingSteps());
      this.cleared();
    } catch (error) {
      this.failedAttempt(backlog, error);
    }
  }

  /** The backlog as batch steps, to go before whatever is written next. */
  private pendingSteps(): BatchStep[] {
    if (!this.backlog) return [];
    return [...this.backlog.ops].map(([collection, docs]) => ({ collection, ops: [...docs.values()] }));
  }

  /** The backlog is stored. */
  private cleared(): void {
    if (this.backlog?.timer) clearTimeout(this.backlog.timer);
    this.backlog = null;
  }

  /**
   * Read-your-writes: resolves true once the named projections (all when null) have passed `position`;
   * false after `timeoutMs`, or at once when one of them has failed before it (it will not get there by itself)
   * or when the position is past the log's head (no command gave it: a client's guess would only hold the
   * request for the whole timeout).
   */
  async waitFor(position: number, names: string[] | null = null, timeoutMs = 2000): Promise<boolean> {
    const reached = this.verdict(position, names);
    if (reached !== null) return reached;
    if (position > (await this.events.headPosition())) return false;
    return this.waitForLogged(position, names, timeoutMs);
  }

  /**
   * `waitFor` for a position known to be in the log (read from its head by the caller): the same wait, without
   * reading the head again — the identity guard reads it once for many requests (see LogHead).
   */
  async waitForLogged(position: number, names: string[] | null = null, timeoutMs = 2000): Promise<boolean> {
    // Looked again after the caller's await: the projections may have got there meanwhile, with no event left to wake us.
    const now = this.verdict(position, names);
    if (now !== null) return now;
    return new Promise((resolve) => {
      const timer = setTimeout(() => waiter.settle(this.verdict(position, names) === true), timeoutMs);
      timer.unref?.();
      const waiter: Waiter = {
        position,
        names,
        settle: (ok) => {
          clearTimeout(timer);
          this.waiters = this.waiters.filter((w) => w !== waiter);
          resolve(ok);
        },
      };
      this.waiters.push(waiter);
    });
  }

  /** true: reached; false: blocked by a failed projection; null: not yet. */
  private verdict(position: number, names: string[] | null): boolean | null {
    const runtimes = names ? names.map((n) => this.runtime(n)) : [...this.runtimes.values()];
    const behind = runtimes.filter((r) => r.checkpoint < position);
    if (behind.length === 0) return true;
    return behind.some((r) => r.status === 'failed') ? false : null;
  }

  private settleWaiters(): void {
    for (const w of [...this.waiters]) {
      const verdict = this.verdict(w.position, w.names);
      if (verdict !== null) w.settle(verdict);
    }
  }

  private runtime(name: string): Runtime {
    const runtime = this.runtimes.get(name);
    if (!runtime) throw new Error(`Unknown projection '${name}'. Known: ${this.names.join(', ')}`);
    return runtime;
  }

  async status(): Promise<ProjectionInfo[]> {
    // The event store out of reach: the last head known (the stores' own check says it is down, so health is 503).
    const head = Math.max(this.head, await this.events.headPosition().catch(() => this.head));
    this.head = head;
    return [...this.runtimes.values()].map((r) => ({
      name: r.projection.name,
      version: r.projection.version,
      status: r.status,
      checkpoint: r.checkpoint,
      head,
      lag: Math.max(0, head - r.checkpoint),
      rate: rateOf(r),
      lastError: r.lastError,
      rebuild: r.rebuild,
      lastRebuild: r.lastRebuild,
      persistence: this.persistenceOf(r.projection.name),
    }));
  }

  private persistenceOf(name: string): PersistenceRetry | null {
    const backlog = this.backlog;
    if (!backlog?.names.has(name) || backlog.attempts === 0) return null;
    const { attempts, lastError } = backlog;
    return { retrying: true, attempts, lastError, nextAttemptAt: new Date(backlog.nextAttemptAt).toISOString() };
  }

  /**
   * A SHA-256 of each read model's documents (canonical JSON, in id order), taken between batches: two
   * engines that applied the same log agree, so a read model can be compared with a fresh replay.
   */
  async checksums(): Promise<{ checkpoints: Record<string, number>; readModels: Record<string, string> }> {
    return this.serially(async () => {
      const checkpoints: Record<string, number> = {};
      const readModels: Record<string, string> = {};
      for (const runtime of this.runtimes.values()) {
        const docs = await this.reads.collection<Doc>(runtime.projection.name).find({}, { sort: { _id: 1 } });
        const hash = createHash('sha256');
        for (const doc of docs) hash.update(canonicalJson(doc)).update('\n');
        readModels[runtime.projection.name] = hash.digest('hex');
        checkpoints[runtime.projection.name] = runtime.checkpoint;
      }
      return { checkpoints, readModels };
    });
  }

  /** After a fix (or a transient failure) a stopped projection picks up at the event that failed. */
  async resume(name: string): Promise<void> {
    const runtime = this.runtime(name);
    if (runtime.status !== 'failed') return;
    // Only inside the exclusive section: a live batch already under way must still see the projection as
    // failed, or it would apply its (later) events and jump the checkpoint over the ones that failed.
    await this.serially(async () => {
      if (runtime.status !== 'failed') return;
      runtime.status = 'catching-up';
      runtime.lastError = null;
      try {
        await this.catchUp(runtime.projection, runtime.projection.name, runtime, (p) => counted(runtime, p.events));
      } catch (error) {
        runtime.lastError = describeError(error, null);
      }
      runtime.status = runtime.lastError ? 'failed' : 'live';
    });
    this.settleWaiters();
  }

  /**
   * Records durably that these read models must be rebuilt, e.g. because they hold copies of personal data about
   * to be forgotten. Each mark stays until that read model's rebuild is swapped in (a failed rebuild keeps it):
   * should the process stop first, the next `start` drops the read model and replays it from zero before
   * serving — as a read model kept in memory always was.
   */
  async markForRebuild(names: readonly string[]): Promise<void> {
    for (const name of names) this.runtime(name);
    const requestedAt = new Date().toISOString();
    const marks: RebuildMark[] = names.map((name) => ({ _id: name, requestedAt }));
    await this.reads.writeBatch([{ collection: PENDING_REBUILDS, ops: marks.map((upsert) => ({ upsert })) }]);
  }

  /**
   * Blue/green rebuild: replays the log from zero into a fresh collection while the live one keeps serving,
   * then swaps it in once caught up. Marked first (`markForRebuild`), so that one cut off by a crash is redone.
   */
  async rebuild(name: string, onProgress?: (p: RebuildProgress) => void): Promise<void> {
    const runtime = this.runtime(name);
    // Claimed before the first await: two rebuilds of one projection would share its green copy.
    if (runtime.rebuild) throw new Error(`Projection ${name} is already being rebuilt`);
    const progress: RebuildProgress = { done: 0, total: 0, position: 0, rate: 0, startedAt: new Date().toISOString() };
    runtime.rebuild = progress;
    const started = performance.now();
    const projection = runtime.projection;
    const green = greenOf(projection.name);
    const shadow = { checkpoint: 0, lastError: null as ProjectionError | null };
    let replayed = 0;
    const onPage = (p: CaughtUpPage) => {
      replayed += p.events;
      counted(runtime, p.events);
    };
    const outcomeOf = (outcome: RebuildOutcome['outcome'], documents: number, error: string | null) => ({
      outcome,
      startedAt: progress.startedAt,
      finishedAt: new Date().toISOString(),
      durationMs: Math.round(performance.now() - started),
      eventsReplayed: replayed,
      position: shadow.checkpoint,
      documents,
      error,
    });
    let swapped = false;
    try {
      await this.markForRebuild([name]);
      await this.drop(green);
      progress.total = await this.events.headPosition();
      await this.catchUp(projection, green, shadow, (p) => {
        onPage(p);
        Object.assign(
          progress,
          { position: p.position, rate: p.rate },
          {
            done: p.position,
            total: Math.max(progress.total, p.position),
          },
        );
        onProgress?.({ ...progress });
      });
      if (shadow.lastError)
        throw new Error(
          `Rebuild of ${name} stopped at position ${shadow.lastError.position}: ${shadow.lastError.message}`,
        );
      await this.serially(async () => {
        // The last stretch, with live batches held back, so nothing lands between catch-up and swap.
        await this.catchUp(projection, green, shadow, onPage);
        if (shadow.lastError)
          throw new Error(
            `Rebuild of ${name} stopped at position ${shadow.lastError.position}: ${shadow.lastError.message}`,
          );
        const outcome = outcomeOf('swapped', await this.reads.collection(green).count(), null);
        // The copy, its checkpoint, the end of its mark and the outcome in one write: a crash leaves the old or the new.
        const swap = { rename: green, to: projection.name };
        const unmark = { collection: PENDING_REBUILDS, ops: [{ delete: name }] };
        const recorded = { collection: REBUILD_OUTCOMES, ops: [{ upsert: { _id: name, ...outcome } }] };
        // Writes still pending go first: stored after the swap, they would put old documents in the new copy.
        const steps = [swap, checkpointStep(projection, shadow.checkpoint), unmark, recorded];
        if (this.persisting) {
          await this.reads.writeBatch([...this.pendingSteps(), ...steps]);
          this.cleared();
        } else {
          // The copy is this process's own: the replica storing the read models keeps its stored copy.
          await this.applyHere([swap]);
        }
        swapped = true;
        runtime.checkpoint = shadow.checkpoint;
        runtime.status = 'live';
        runtime.lastError = null;
        runtime.lastRebuild = outcome;
      });
      const end = Math.max(progress.total, shadow.checkpoint);
      Object.assign(progress, { done: end, total: end, position: shadow.checkpoint });
      onProgress?.({ ...progress });
    } catch (error) {
      const outcome = outcomeOf('failed', 0, error instanceof Error ? error.message : String(error));
      runtime.lastRebuild = outcome;
      // Best effort: the failure is reported either way, by the caller and in `status`.
      await this.reads
        .writeBatch([{ collection: REBUILD_OUTCOMES, ops: [{ upsert: { _id: name, ...outcome } }] }])
        .catch(() => undefined);
      throw error;
    } finally {
      // A failed rebuild leaves the live copy as it was; its half-built copy is of no use. Dropped before
      // letting go of the claim, so it cannot hit the green copy of a rebuild started next.
      if (!swapped) await this.drop(green).catch(() => undefined);
      runtime.rebuild = null;
    }
    this.settleWaiters();
  }

  /**
   * Reads the log page by page into `collection` up to the head as a short page finds it (appends during the
   * replay do not keep it going: the live batches or the swap's last stretch take them), stopping at a failing
   * event or a read store failure (reported in `cursor.lastError`). A failure to read the log throws.
   */
  private async catchUp(
    projection: Projection<Doc>,
    collection: string,
    cursor: { checkpoint: number; lastError: ProjectionError | null },
    onPage: ((p: CaughtUpPage) => void) | null,
  ): Promise<void> {
    const started = performance.now();
    let read = 0;
    for (;;) {
      const page = await this.events.readAll({ fromPosition: cursor.checkpoint, maxCount: PAGE });
      if (page.length === 0) break;
      let result: Plan;
      try {
        result = await planEvents(this.reads, projection, collection, page);
        // A copy being rebuilt has no checkpoint of its own: it is swapped in with one.
        const shadow = collection !== projection.name;
        if (shadow) await this.write([result.step]);
        else await this.store([result.step, checkpointStep(projection, result.checkpoint)], [projection.name]);
      } catch (error) {
        cursor.lastError = describeError(error, page[0]!);
        return;
      }
      cursor.checkpoint = result.checkpoint;
      read += page.length;
      await yieldToEventLoop();
      onPage?.({
        position: cursor.checkpoint,
        events: page.length,
        rate: Math.round(read / Math.max((performance.now() - started) / 1000, 0.001)),
      });
      if (result.error) {
        cursor.lastError = result.error;
        return;
      }
      if (page.length < PAGE) return;
    }
  }
}

/** One page a catch-up applied: where it got to, how many events it read, and its speed so far (ev/s). */
interface CaughtUpPage {
  position: number;
  events: number;
  rate: number;
}

function counted(runtime: Runtime, events: number): void {
  const now = Date.now();
  runtime.throughput.push({ at: now, events });
  while (runtime.throughput.length > 0 && runtime.throughput[0]!.at <= now - RATE_WINDOW_MS) runtime.throughput.shift();
}

/** Events per second over the window, to one decimal. */
function rateOf(runtime: Runtime): number {
  const since = Date.now() - RATE_WINDOW_MS;
  const events = runtime.throughput.reduce((sum, t) => (t.at > since ? sum + t.events : sum), 0);
  return Math.round((events / (RATE_WINDOW_MS / 1000)) * 10) / 10;
}

/** Database error codes (SQLSTATE, or Node's for a socket) that a later attempt of the same write may get past. */
const TRANSIENT_CODES = new Set([
  '40P01', // deadlock detected
  '40001', // serialization failure
  '55P03', // lock not available (lock_timeout)
  '57P01', // admin shutdown
  '57P02', // crash shutdown
  '57P03', // cannot connect now
  '53300', // too many connections
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
]);

/**
 * A failure of the database rather than of the write: another attempt may succeed. By code (SQLSTATE class 08 is
 * connection exceptions) or, for errors without one, by message (a pool's lost connection, PGlite's busy mutex).
 */
export function isTransientStoreError(error: unknown): boolean {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (TRANSIENT_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true;
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && TRANSIENT_MESSAGE.test(message)) return true;
  }
  return false;
}

const TRANSIENT_MESSAGE =
  /deadlock detected|could not serialize access|lock timeout|Connection terminated|connection timeout|timeout exceeded when trying to connect|waiting for mutex|mutex already locked/i;

function fail(runtime: Runtime, error: ProjectionError): void {
  runtime.status = 'failed';
  runtime.lastError = error;
}

/** A failure outside `evolve` (the read store, the log), reported at the event it stopped before, when known. */
function describeError(error: unknown, at: RecordedEvent | null): ProjectionError {
  return {
    message: error instanceof Error ? error.message : String(error),
    position: at?.position ?? 0,
    eventType: at?.type ?? '',
    streamId: at?.streamId ?? '',
    at: new Date().toISOString(),
  };
}

/**
 * Caught up once it has applied the log as it stood at start: `caughtUp()` resolves then, and the status must agree
 * (the subscription's own "caught up" comes one read later, after a history of exactly whole pages).
 */
function markLiveAtHead(runtime: Runtime, head: number): void {
  if (runtime.status === 'catching-up' && runtime.checkpoint >= head) runtime.status = 'live';
}

/** The blue/green copy a rebuild builds beside the live read model. */
function greenOf(name: string): string {
  return `${name}__rebuild`;
}

function checkpointStep(projection: Projection<Doc>, position: number): BatchStep {
  const { name: _id, version } = projection;
  const checkpoint: CheckpointDoc = { _id, position, version, updatedAt: new Date().toISOString() };
  return { collection: CHECKPOINTS, ops: [{ upsert: checkpoint }] };
}

interface Plan {
  /** The documents' writes, in one step. */
  step: BatchStep;
  /** The position up to which the step brings the read model. */
  checkpoint: number;
  error: ProjectionError | null;
}

/**
 * Works out what events (in position order) do to a projection's collection, without writing: the caller
 * writes the step together with the checkpoint. Stops before an event whose `evolve` throws.
 */
async function planEvents(
  reads: ReadStore,
  projection: Projection<Doc>,
  collection: string,
  events: readonly RecordedEvent[],
): Promise<Plan> {
  const docs = reads.collection<Projected<Doc>>(collection);
  const touched = new Map<string, Projected<Doc> | null>();
  let checkpoint = events.length > 0 ? events[0]!.position - 1 : 0;
  let error: ProjectionError | null = null;
  const followed = events.map((raw) => (projection.eventTypes.includes(raw.type) ? projection.upcast(raw) : null));
  // The documents the events touch, read in one query rather than one per event; a `keys` that throws is met below.
  const stored = await byIds(
    docs,
    followed.flatMap((event) => (event ? keysOrNone(projection, event) : [])),
  );
  for (const [n, raw] of events.entries()) {
    const event = followed[n];
    if (event) {
      try {
        const changes: [string, Projected<Doc> | null][] = [];
        for (const id of new Set(projection.keys(event))) {
          const current = touched.has(id) ? touched.get(id)! : (stored.get(id) ?? null);
          if (current && current._position >= event.position) continue;
          const { _position: _, ...plain } = current ?? ({} as Projected<Doc>);
          const next = projection.evolve(current ? (plain as Doc) : null, event, id);
          changes.push([id, next ? { ...next, _id: id, _position: event.position } : null]);
        }
        for (const [id, doc] of changes) touched.set(id, doc);
      } catch (e) {
        error = {
          message: e instanceof Error ? e.message : String(e),
          position: event.position,
          eventType: event.type,
          streamId: event.streamId,
          at: new Date().toISOString(),
        };
        break;
      }
    }
    checkpoint = raw.position;
  }
  const ops: WriteOp<Projected<Doc>>[] = [...touched].map(([id, doc]) => (doc ? { upsert: doc } : { delete: id }));
  return { step: { collection, ops }, checkpoint, error };
}

function keysOrNone(projection: Projection<Doc>, event: RecordedEvent): string[] {
  try {
    return projection.keys(event);
  } catch {
    return [];
  }
}

/** JSON with object keys sorted, so equal documents hash equally whatever order their fields were set in. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return `{${Object.keys(value)
      .sort()
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
