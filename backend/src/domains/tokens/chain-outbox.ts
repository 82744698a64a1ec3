import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Address, Hex, LocalAccount } from 'viem';
import type { Logger } from 'pino';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import {
  ChainRevertError,
  type ChainPort,
  type ChainReceipt,
  type PreparedTransaction,
} from '../../platform/chain/chain.js';
import type { ChainCall } from '../../platform/chain/contracts.js';
import { ChainKeys } from '../../platform/chain/keys.js';
import { JobRunner } from '../../platform/jobs/job-runner.js';
import { systemContext, type CommandContext } from '../../platform/command-context.js';
import { CHAIN_STATE_LOADING, TRANSFER_BLOCKED } from '../../messages.js';
import { DomainError } from '../../platform/errors.js';
import type { EventStore, RecordedEvent, Subscription } from '../../platform/event-store/event-store.js';
import { UNSERVED_LOAD_MS, yieldToEventLoop } from '../../platform/event-loop.js';
import type { ReadStore } from '../../platform/read-store/read-store.js';
import type { Config } from '../../platform/config.js';
import { CHAIN, CONFIG, EVENT_STORE, LOGGER, READ_STORE } from '../../platform/injection-keys.js';
import { batchCallFor, maxBatchAfterFailure, nextSend, splitBatch, type BatchPolicy } from './batching.js';
import { type ChainBatchCommand, chainBatch } from './chain-batch.decider.js';
import { type ChainTxCommand, chainTransaction } from './chain-transaction.decider.js';
import { custody } from './custody.decider.js';
import { chainBatchStream, chainTransactionStream, CUSTODY_STREAM, type ChainIntent } from './events.js';
import {
  FLOW_EVENT_TYPES,
  FlowCheckpoints,
  foldFlow,
  initialFold,
  snapshotJson,
  snapshotOf,
  type FlowFold,
  type Wanted,
} from './flow-checkpoint.js';
import {
  blockedBy,
  dormant,
  stoppedTakes,
  callFor,
  custodySignerOf,
  UNRESOLVED_DVD_ID,
  FLOW_VERSION,
  latestAttempt,
  personsOf,
  platformOf,
  recipientOf,
  registeredNow,
  retryable,
  saltOf,
  txIdOf,
  type BatchView,
  type FlowEvent,
  type FlowState,
  type TxView,
} from './flow.js';

const ACTOR = 'chain-outbox';
/** How long a send waits for its receipt before leaving it to the next round (a public chain can take a while). */
const RECEIPT_WAIT_MS = 30_000;
const RETRY_EVERY_MS = 1_000;
/** The sending side writes the fold's snapshot at most this often, or once this many events were folded since. */
const SNAPSHOT_EVERY_MS = 5_000;
const SNAPSHOT_EVERY_EVENTS = 1_000;
/**
 * Serializing holds the event loop (about 0.7 s for 100,000 transactions) and writing it the database: snapshots are
 * spaced, from the end of the last, at least this many times its whole cost, so they never take more than a
 * twentieth of the outbox's time.
 */
const SNAPSHOT_COST_FACTOR = 20;
/** Events per read when a rebuild folds the log from position 0. */
const REBUILD_PAGE = 5_000;
/** A batch's members are claimed and settled on their own streams this many at a time. */
const MEMBER_WRITES_AT_ONCE = 16;
/** Wanted intents recorded as requested between two turns of the event loop. */
const REQUESTS_BETWEEN_YIELDS = 20;

/** Where the outbox's fold stands against the log (`GET /api/operations/chain-outbox`, `npm run chain -- status`). */
export interface ChainFlowStatus {
  enabled: boolean;
  chainId: number | null;
  /** The last log position folded into the state. */
  position: number;
  /** The log's head position. */
  head: number;
  /** Positions between the fold and the head while an event it follows is still to fold there; else 0. */
  lag: number;
  /** When the fold's snapshot (its checkpoint in the read store) was last written or, at boot, read; null: none. */
  snapshotAt: string | null;
  /** The position that snapshot folds through (null: none). */
  snapshotPosition: number | null;
  /** `FLOW_VERSION`: a snapshot of another version is ignored (folded from 0). */
  version: number;
  /** The log is being folded (every process that has a chain). */
  folding: boolean;
  /** The fold has read the log's history and follows live appends. */
  caughtUp: boolean;
  /** This process sends (requests intents, settles and sends transactions) and writes the snapshot. */
  sending: boolean;
  /** The position the fold started from at boot or rebuild (a snapshot's, or 0). */
  resumedFrom: number;
  /** Events folded since then. */
  eventsFolded: number;
  rebuilding: boolean;
  /** A rebuild under way: where its fold from 0 stands against the head it started at. */
  rebuild: { startedAt: string; position: number; total: number } | null;
  /** How the last rebuild in this process went. */
  lastRebuild: ChainFlowRebuildOutcome | null;
}

/** What a rebuild did. */
export interface ChainFlowRebuild {
  /** The position the fresh fold reached. */
  position: number;
  /** Events folded from position 0. */
  events: number;
  durationMs: number;
  /** The fold it replaced (from the snapshot and the events since) equals the fresh one at that position. */
  agreed: boolean;
}

/** A rebuild's outcome as status reports it (`agreed` null and `error` set when it failed). */
export interface ChainFlowRebuildOutcome {
  outcome: 'swapped' | 'failed';
  startedAt: string;
  finishedAt: string;
  position: number;
  events: number;
  durationMs: number;
  agreed: boolean | null;
  error: string | null;
}

/**
 * The chain outbox and process manager (docs/design.md §6, §7). Two roles:
 *
 * - **Folding** (every process with a chain: views, health and retries read `state`): one subscription over the
 *   register's events and its own folds them into `FlowState` and the intents `chainIntents` says each calls for and
 *   that are not yet recorded (`wanted`; flow-checkpoint.ts `foldFlow`). It resumes from the fold's snapshot in the
 *   read store (`_chain_flow`, `FLOW_VERSION`), so a boot folds only the events after it.
 * - **Sending** (`startSending` / `stopSending`; one process per signer): records each wanted intent as a
 *   `ChainTransactionRequested`; then, one at a time and in request order, it sends every transaction that is ready:
 * simulate (a refusal is recorded as failed, no nonce spent), sign at the next nonce, record
 * `ChainTransactionSubmitted` with the hash and signed bytes, broadcast, wait for the receipt, record the outcome.
 *
 * After a crash, a submitted transaction without outcome is settled first: its receipt if mined; else, if the
 * signer's nonce has not passed it, the same signed bytes are broadcast again (the same nonce cannot run twice);
 * else it was dropped for good and is recorded as failed. Only then are new nonces handed out, so none is skipped.
 * One sender per signer: run a single app process per chain signer. The sender also writes the fold's snapshot (at
 * most every few seconds, and when it stops).
 */
@Injectable()
export class ChainOutbox implements OnApplicationBootstrap, OnApplicationShutdown {
  // ── the fold ──
  private fold: FlowFold;
  /** Counts the events applied to `state` (its only change): a view computed from the state is current while equal. */
  private applied = 0;
  private subscription: Subscription | null = null;
  private folding = false;
  private caughtUp = false;
  private readonly waiters: { position: number; resolve: () => void }[] = [];
  private resumedFrom = 0;
  /** The snapshot's load and the subscription's start (`loaded`), once begun. */
  private loading: Promise<void> | null = null;
  private isLoaded = false;
  /** In a process that never serves: the load's start, while it is still to come. */
  private unservedLoad: NodeJS.Timeout | null = null;
  private shutDown = false;
  private eventsFolded = 0;
  private rebuilding = false;
  private rebuildProgress: { startedAt: string; fold: FlowFold; total: number } | null = null;
  private lastRebuild: ChainFlowRebuildOutcome | null = null;
  /** `status` found no event to fold between the fold's position and this one. */
  private lagCheckedThrough = 0;
  // ── the checkpoint ──
  private readonly checkpoints: FlowCheckpoints;
  /** The snapshot last written or loaded. */
  private saved: { position: number; at: string } | null = null;
  private savedAtMs = 0;
  private appliedAtSave = 0;
  /**
   * What the last snapshot cost (ms): its serialization and its write (the read store's own serializing, the
   * database's insert, the garbage left) — or, after a boot, its load. The write is most of it on a large fold.
   */
  private snapshotCostMs = 0;
  private saving: Promise<void> = Promise.resolve();
  // ── sending ──
  /** Sending was asked for (`startSending`) and not stopped since: a rebuild's pause resumes only then. */
  private sendingAsked = false;
  private sending = false;
  private timer: NodeJS.Timeout | null = null;
  private pumping: Promise<void> | null = null;
  private again = false;
  /** The last reason the queue could not move (chain unreachable, …), for health and logs. */
  lastProblem: string | null = null;
  // ── batching ──
  private readonly policy: BatchPolicy;
  /** Batch key → when this process last sent a transaction of it (ms): a quiet key sends at once. */
  private readonly lastSent = new Map<string, number>();
  /** A round is due when the batch collecting longest has waited its time. */
  private wake: NodeJS.Timeout | null = null;
  /** Chain transactions this process has sent since it started, alone or as batches (the bench reads them). */
  readonly sent = { transactions: 0, batches: 0, batched: 0 };

  constructor(
    @Inject(CHAIN) private readonly chain: ChainPort | null,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) reads: ReadStore,
    private readonly repository: AggregateRepository,
    private readonly keys: ChainKeys,
    @Inject(LOGGER) private readonly logger: Logger,
    jobs: JobRunner,
    @Inject(CONFIG) config: Config,
  ) {
    this.policy = { waitMs: config.chain.batchWaitMs, gasBudget: config.chain.batchGas };
    this.fold = initialFold(chain?.chainId ?? 0);
    this.checkpoints = new FlowCheckpoints(reads);
    // One sender per signer: the replica holding this job's lease (a new holder settles what the last one left —
    // receipts of what it submitted — before it hands out a nonce).
    if (chain)
      jobs.declare({
        name: 'chain-outbox',
        description: 'Sends the chain transactions the register calls for, one signer, in order, exactly once',
        start: () => this.startSending(),
        stop: () => this.stopSending(),
        checkpoint: () => this.flow.position,
      });
  }

  /**
   * The fold's state (replaced as a whole only by `rebuild`: read it through this getter, do not keep it). Only once
   * `loaded()` has resolved: before, it is the empty state, which would answer wrongly (a holder seen holding nothing
   * could register a wallet of their own) — every reader waits for the load first (the API's requests in app.ts,
   * `TokenViews.refresh`), and one that did not is refused here rather than answered from nothing.
   */
  get state(): FlowState {
    if (!this.ready) throw new DomainError(CHAIN_STATE_LOADING, 503);
    return this.fold.state;
  }

  /** The state as folded so far, loaded or not (this class's own reads: status, sending, which start after it). */
  private get flow(): FlowState {
    return this.fold.state;
  }

  private get wanted(): Wanted {
    return this.fold.wanted;
  }

  get enabled(): boolean {
    return this.chain !== null;
  }

  get isRebuilding(): boolean {
    return this.rebuilding;
  }

  /**
   * Folds (from the snapshot) in every process; the job runner starts sending on the holder of `chain-outbox`. The
   * snapshot grows with the chain's history (32 MB of JSON at 200,000 events, read, checked and parsed in about a
   * second), so a boot does not wait for it: the app listens first and loads it as it starts serving (`loaded`,
   * called by `startServer`), and only what reads the fold waits. A process that never serves (a tool) loads it when
   * first asked, or ten seconds after open.
   */
  onApplicationBootstrap(): void {
    if (!this.chain) return;
    this.unservedLoad = setTimeout(() => void this.loaded(), UNSERVED_LOAD_MS).unref();
  }

  /**
   * Resolves once the fold's snapshot is loaded (or found unusable: then it folds from 0) and the subscription follows
   * the log from it; starts that load if nothing has. At once without a chain.
   */
  loaded(): Promise<void> {
    if (!this.chain) return Promise.resolve();
    if (this.unservedLoad) clearTimeout(this.unservedLoad);
    this.unservedLoad = null;
    this.loading ??= this.startFolding()
      .catch((error: unknown) => this.logger.error({ err: error }, 'chain outbox could not start folding'))
      .finally(() => (this.isLoaded = true));
    return this.loading;
  }

  /** Whether `state` may be read (no chain: the empty state is the state). */
  get ready(): boolean {
    return this.isLoaded || !this.chain;
  }

  /** Stops sending (its last round ends, the snapshot is written), then folding. */
  async onApplicationShutdown(): Promise<void> {
    this.shutDown = true;
    if (this.unservedLoad) clearTimeout(this.unservedLoad);
    await this.loading;
    await this.stopSending();
    this.folding = false;
    await this.stopSubscription();
    // The subscription folds no more: whoever waits for an event to be folded goes on.
    for (const waiter of this.waiters.splice(0)) waiter.resolve();
  }

  // ── folding ──

  /** Loads the fold's snapshot (when there is a usable one) and follows the log from the position after it. */
  private async startFolding(): Promise<void> {
    const chainId = this.flow.chainId;
    const loading = performance.now();
    const loaded = await this.checkpoints.load(chainId).catch((error: unknown) => {
      this.logger.warn({ err: error }, 'chain outbox snapshot could not be read; folding the log from position 0');
      return { fold: null, reason: 'unreadable' as const, head: null };
    });
    if (loaded.fold) {
      this.fold = loaded.fold;
      this.saved = { position: loaded.head.position, at: loaded.head.savedAt };
      // Just read: the next is not due at once (a restart does not write a large fold again as it starts serving).
      this.savedAtMs = Date.now();
      this.snapshotCostMs = performance.now() - loading;
      this.applied++;
    } else if (loaded.reason !== 'none')
      this.logger.info(
        { reason: loaded.reason, snapshotVersion: loaded.head?.version, version: FLOW_VERSION },
        'chain outbox snapshot ignored; folding the log from position 0',
      );
    this.resumedFrom = this.flow.position;
    this.eventsFolded = 0;
    // Stopped while the snapshot loaded: nothing to follow.
    if (this.shutDown) return;
    this.folding = true;
    this.follow();
  }

  /** One subscription from the fold's position (exclusive: the events after it). */
  private follow(): void {
    this.subscription = this.events.subscribe({
      fromPosition: this.flow.position,
      eventTypes: FLOW_EVENT_TYPES,
      onEvent: (event) => this.apply(event),
      onCaughtUp: () => {
        if (this.caughtUp) return;
        this.caughtUp = true;
        this.kick();
      },
      onError: (error) => this.logger.warn({ err: error }, 'chain outbox subscription failed; resubscribing'),
    });
  }

  private async stopSubscription(): Promise<void> {
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.stop();
  }

  // ── sending ──

  /**
   * Starts sending: requests wanted intents, settles submitted transactions, sends ready ones, every round after
   * an event or a second; and writes the fold's snapshot at most every few seconds. Rounds start once the fold has
   * caught up with the log.
   */
  startSending(): void {
    this.sendingAsked = true;
    // A rebuild under way starts it when it ends.
    if (!this.rebuilding) this.beginSending();
  }

  /**
   * Stops sending: no round starts; the one in flight ends after its current step (each step — a request, a
   * settlement, a send with its receipt — is decided on its stream before the next begins), then the snapshot is
   * written. Folding goes on.
   */
  async stopSending(): Promise<void> {
    this.sendingAsked = false;
    await this.endSending(true);
  }

  private beginSending(): void {
    if (!this.chain || this.sending) return;
    this.sending = true;
    this.timer = setInterval(() => {
      if (this.pending() > 0) this.kick();
      const since = Date.now() - this.savedAtMs;
      const due =
        since >= SNAPSHOT_COST_FACTOR * this.snapshotCostMs &&
        (since >= SNAPSHOT_EVERY_MS || this.applied - this.appliedAtSave >= SNAPSHOT_EVERY_EVENTS);
      if (due) void this.saveSnapshot();
    }, RETRY_EVERY_MS);
    this.timer.unref();
    this.kick();
  }

  /** Ends sending after the round in flight; `save`: then writes the snapshot (the sender's last word). */
  private async endSending(save: boolean): Promise<void> {
    const was = this.sending;
    this.sending = false;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.wake) clearTimeout(this.wake);
    this.wake = null;
    await this.pumping;
    if (was && save) await this.saveSnapshot();
    await this.saving;
  }

  // ── the checkpoint ──

  /** Writes the fold's snapshot when it moved since the last one (one write at a time, in order). */
  private saveSnapshot(): Promise<void> {
    const run = this.saving.then(() => this.writeSnapshot());
    this.saving = run;
    return run;
  }

  private async writeSnapshot(): Promise<void> {
    this.savedAtMs = Date.now();
    if (!this.chain || this.flow.position <= (this.saved?.position ?? 0)) return;
    // One synchronous cut (the fold changes only between events), serialized once.
    const started = performance.now();
    const snapshot = snapshotJson(this.fold);
    const applied = this.applied;
    try {
      const head = await this.checkpoints.save(snapshot);
      this.saved = { position: head.position, at: head.savedAt };
      this.appliedAtSave = applied;
    } catch (error) {
      this.logger.warn({ err: error }, 'chain outbox snapshot not written; trying again later');
    } finally {
      // Spaced from the end of this write by its whole cost: counting the serialization alone from its start, a
      // fold of 1,000,000 events' history (folding from 0, hundreds of MB) was written again as soon as written.
      this.snapshotCostMs = performance.now() - started;
      this.savedAtMs = Date.now();
    }
  }

  /** Where the fold stands: its position, the log's head and the lag, the snapshot, and who folds and sends. */
  async status(): Promise<ChainFlowStatus> {
    const head = await this.events.headPosition();
    const position = this.flow.position;
    let lag = 0;
    // Still reading its history: behind by the rest of the log. Following it live: behind only while an event it
    // folds is yet to come (one read of what little lies after its position; a filtered read over a whole history
    // would cost the event store — PGlite serves one query at a time — on every poll).
    if (this.chain && head > position) {
      if (!this.caughtUp) lag = head - position;
      else {
        // What an earlier call found free of flow events up to its head is not read again (a log whose tail holds
        // none would otherwise be walked on every poll).
        const from = Math.max(position, this.lagCheckedThrough);
        if ((await this.nextFlowEventAfter(from)) !== null) lag = head - position;
        else this.lagCheckedThrough = head;
      }
    }
    return {
      enabled: this.chain !== null,
      chainId: this.chain?.chainId ?? null,
      position,
      head,
      lag,
      snapshotAt: this.saved?.at ?? null,
      snapshotPosition: this.saved?.position ?? null,
      version: FLOW_VERSION,
      folding: this.folding,
      caughtUp: this.caughtUp,
      sending: this.sending,
      resumedFrom: this.resumedFrom,
      eventsFolded: this.eventsFolded,
      rebuilding: this.rebuilding,
      rebuild: this.rebuildProgress && {
        startedAt: this.rebuildProgress.startedAt,
        position: this.rebuildProgress.fold.state.position,
        total: this.rebuildProgress.total,
      },
      lastRebuild: this.lastRebuild,
    };
  }

  /**
   * Drops the snapshot and folds the log from position 0 into a fresh state, which replaces the current one once
   * it has reached the head (views read the current one meanwhile); sending pauses meanwhile and resumes after. A
   * fresh snapshot is written at the end; should the process stop before, the next boot folds from 0.
   */
  async rebuild(): Promise<ChainFlowRebuild> {
    if (!this.chain) throw new DomainError('There is no chain (CHAIN=off): nothing to rebuild', 409);
    if (this.rebuilding) throw new DomainError('The chain outbox is already being rebuilt', 409);
    this.rebuilding = true;
    // A fold just swapped in by the boot's snapshot load would replace the rebuilt one: after it.
    await this.loaded();
    const started = performance.now();
    const startedAt = new Date().toISOString();
    const fresh = initialFold(this.flow.chainId);
    let events = 0;
    const outcome = (result: Omit<ChainFlowRebuildOutcome, 'startedAt' | 'finishedAt' | 'events' | 'durationMs'>) =>
      (this.lastRebuild = {
        ...result,
        startedAt,
        finishedAt: new Date().toISOString(),
        events,
        durationMs: Math.round(performance.now() - started),
      });
    try {
      this.rebuildProgress = { startedAt, fold: fresh, total: this.flow.position };
      // Paused, not stopped: `stopSending` or `startSending` meanwhile decide whether it resumes.
      await this.endSending(false);
      await this.checkpoints.drop();
      this.saved = null;
      this.rebuildProgress.total = await this.events.headPosition();
      events += await this.catchUp(fresh);
      // The last stretch with the live subscription stopped, so nothing lands between catching up and the swap.
      await this.stopSubscription();
      events += await this.catchUp(fresh);
      await this.catchUp(this.fold);
      const agreed = isDeepStrictEqual(snapshotOf(this.fold), snapshotOf(fresh));
      if (!agreed)
        this.logger.warn(
          { position: fresh.state.position },
          'chain outbox rebuilt: the fold from position 0 differs from the one it replaces',
        );
      this.fold = fresh;
      this.applied++;
      this.resumedFrom = 0;
      this.eventsFolded = events;
      for (let i = this.waiters.length - 1; i >= 0; i--)
        if (this.waiters[i]!.position <= this.flow.position) this.waiters.splice(i, 1)[0]!.resolve();
      // (Not after a shutdown meanwhile: it stopped folding.)
      if (this.folding) this.follow();
      await this.saveSnapshot();
      const { position, durationMs } = outcome({
        outcome: 'swapped',
        position: this.flow.position,
        agreed,
        error: null,
      });
      return { position, events, durationMs, agreed };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      outcome({ outcome: 'failed', position: fresh.state.position, agreed: null, error: message });
      throw error;
    } finally {
      if (!this.subscription && this.folding) this.follow();
      this.rebuildProgress = null;
      this.rebuilding = false;
      if (this.sendingAsked) this.beginSending();
    }
  }

  /** Folds the log's flow events after the fold's position, page by page, up to the head; answers how many. */
  private async catchUp(fold: FlowFold): Promise<number> {
    let count = 0;
    for (;;) {
      const page = await this.events.readAll({
        eventTypes: FLOW_EVENT_TYPES,
        fromPosition: fold.state.position,
        maxCount: REBUILD_PAGE,
      });
      for (const event of page) foldFlow(fold, event as RecordedEvent & FlowEvent);
      count += page.length;
      if (page.length < REBUILD_PAGE) return count;
      await yieldToEventLoop();
    }
  }

  /** Transactions not yet settled (requested or submitted), and intents not yet recorded. */
  pending(): number {
    let count = this.wanted.size;
    for (const tx of this.flow.txs.values()) if (this.awaited(tx)) count++;
    return count;
  }

  /** Transactions requested before `before` and still without outcome (health's bound on how long sends wait). */
  waitingSince(before: Date): number {
    const limit = before.toISOString();
    let count = 0;
    for (const tx of this.flow.txs.values()) if (this.awaited(tx) && tx.requestedAt < limit) count++;
    return count;
  }

  /** Requested or submitted, and not an abandoned transfer's step or a stopped take, which are never sent. */
  private awaited(tx: TxView): boolean {
    return (
      (tx.status === 'requested' || tx.status === 'submitted') && !dormant(this.flow, tx, { behindFailure: false })
    );
  }

  /** Resolves once every transaction is settled or waits on one that cannot go (tests, the CLI). */
  async settled(timeoutMs = 60_000): Promise<boolean> {
    const until = Date.now() + timeoutMs;
    await this.loaded();
    // What was appended before this call counts: a confirmation the subscription has yet to deliver is no intent yet,
    // and without this a caller could hear "settled" a moment before the chain work it caused was even wanted.
    const head = await this.events.headPosition();
    while (Date.now() < until) {
      await this.pumping;
      const moving =
        !this.caughtUp ||
        (await this.unfoldedThrough(head)) ||
        this.wanted.size > 0 ||
        [...this.flow.txs.values()].some(
          (tx) => tx.status === 'submitted' || (tx.status === 'requested' && blockedBy(tx, this.flow) === null),
        );
      if (!moving) return true;
      this.kick();
      await new Promise((r) => setTimeout(r, 20));
    }
    return false;
  }

  /**
   * Resolves true once no chain work of the asset is wanted or on its way (every replica folds the outcomes from the
   * log), false if some still is after `timeoutMs`: what the chain is compared with at a distribution's declaration.
   * Work blocked on something that cannot go counts as on its way: the chain will not show it.
   */
  async assetSettled(assetId: string, timeoutMs: number): Promise<boolean> {
    if (!this.chain) return true;
    const until = Date.now() + timeoutMs;
    await this.loaded();
    const head = await this.events.headPosition();
    const ofAsset = (intent: ChainIntent) => 'assetId' in intent && intent.assetId === assetId;
    // Read from the fold alone (never waiting on a send round, which may wait on a receipt for long).
    for (;;) {
      const moving =
        !this.caughtUp ||
        (await this.unfoldedThrough(head)) ||
        [...this.wanted.values()].some((w) => ofAsset(w.intent)) ||
        [...this.flow.txs.values()].some(
          (tx) => (tx.status === 'requested' || tx.status === 'submitted') && ofAsset(tx.intent),
        );
      if (!moving) return true;
      if (Date.now() >= until) return false;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** Whether a flow event at or before `head` is still to be folded (on an outbox that folds at all). */
  private async unfoldedThrough(head: number): Promise<boolean> {
    if (!this.folding || this.flow.position >= head) return false;
    const next = await this.nextFlowEventAfter(this.flow.position);
    return next !== null && next <= head;
  }

  /** The position of the first event the flow folds after `position`, or null when the log holds none (one read). */
  private async nextFlowEventAfter(position: number): Promise<number | null> {
    const [next] = await this.events.readAll({ eventTypes: FLOW_EVENT_TYPES, fromPosition: position, maxCount: 1 });
    return next?.position ?? null;
  }

  get version(): number {
    return this.applied;
  }

  private apply(event: RecordedEvent): void {
    foldFlow(this.fold, event as RecordedEvent & FlowEvent);
    this.applied++;
    this.eventsFolded++;
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      if (this.waiters[i]!.position <= this.flow.position) this.waiters.splice(i, 1)[0]!.resolve();
    }
    if (this.caughtUp) this.kick();
  }

  /** Starts a round unless one runs; a round started meanwhile runs again when this one ends. */
  kick(): void {
    if (!this.chain || !this.caughtUp || !this.sending) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = (async () => {
      try {
        do {
          this.again = false;
          await this.round();
        } while (this.again && this.sending);
        this.lastProblem = null;
      } catch (error) {
        this.lastProblem = error instanceof Error ? error.message : String(error);
        this.logger.warn({ err: error }, 'chain outbox round stopped; retrying');
      } finally {
        this.pumping = null;
      }
    })();
  }

  private async round(): Promise<void> {
    let requested = 0;
    for (const [txId, { intent, causeEventId }] of [...this.wanted]) {
      if (!this.sending) return;
      // PGlite's appends settle as microtasks: a history that owes the chain thousands of transactions (a register
      // kept with the chain off, then turned on) would hold the event loop — HTTP requests too — until all were
      // requested (45 s for 3,679 on the bench's 20,000-event history).
      if (++requested % REQUESTS_BETWEEN_YIELDS === 0) await yieldToEventLoop();
      await this.handle({
        type: 'RequestChainTransaction',
        txId,
        chainId: this.flow.chainId,
        intent,
        causeEventId,
      });
      this.wanted.delete(txId);
    }
    // A DvP take stopped by its buyer's revoked or lapsed certificate is never sent: recorded as failed (no nonce,
    // as a simulation's refusal), its reason failing the transfer. A repeat after a crash records nothing new.
    for (const { txId, reason } of stoppedTakes(this.flow)) {
      if (!this.sending) return;
      await this.handle({ type: 'FailChainTransaction', txId, txHash: null, reason });
    }
    // Requests are recorded while the chain starts (the app serves meanwhile); settling and sending wait for it.
    await this.chain!.ready();
    if (!this.sending) return;
    if (!(await this.replayLostBlocks())) return;
    // Submitted ones first, in nonce order: alone, or a batch at a time (its members share its nonce).
    const submitted = [...this.flow.txs.values()]
      .filter((tx) => tx.status === 'submitted')
      .sort((a, b) => a.nonce! - b.nonce!);
    const settling = new Set<string>();
    for (const tx of submitted) {
      if (!this.sending) return;
      if (tx.batchId !== null) {
        if (settling.has(tx.batchId)) continue;
        settling.add(tx.batchId);
        const batch = this.flow.batches.get(tx.batchId);
        if (!batch) throw new Error(`batch ${tx.batchId} of ${tx.txId} is not on record`);
        // Still unsettled (no receipt yet): nothing later may take a nonce before it is.
        if (!(await this.settleBatch(batch))) return;
        continue;
      }
      if (!(await this.settle(tx))) return;
    }
    for (;;) {
      if (!this.sending) return;
      const now = Date.now();
      const next = nextSend(this.flow, this.policy, now, this.lastSent);
      if (next.kind === 'idle') return;
      if (next.kind === 'wait') {
        this.wakeAt(next.until - now);
        return;
      }
      if (next.key !== null) this.lastSent.set(next.key, now);
      if (!(await this.sendSome(next.txs))) return;
    }
  }

  /**
   * Blocks the chain lost. An embedded node killed between two saves of its state (every 2 s) starts again from the
   * older file, without transactions the log records as mined — and without their nonces, so every later transaction
   * of the signer would wait behind the gap for ever (found by an outside probe). Seen as the signer's nonce on chain
   * at or below the highest it has mined by the log; the lost transactions, the signer's and the custody wallets'
   * mined in the blocks since, are sent again: the very bytes recorded, in the order they were first recorded, so the
   * chain holds what the log says again (the same hashes and contract addresses; only their block numbers differ).
   * False while one has no receipt yet (the next round goes on).
   */
  private async replayLostBlocks(): Promise<boolean> {
    const chain = this.chain!;
    // As a rule the chain is past every nonce the signer recorded (`nonces`, folded): one read of it, no scan of the
    // transactions, on every round.
    const recorded = this.flow.nonces.get(chain.signer.toLowerCase());
    if (recorded === undefined) return true;
    const onChain = await chain.nonce(chain.signer, 'latest');
    if (onChain > recorded) return true;
    const mined = [...this.flow.txs.values()].filter(
      (tx) => tx.txHash !== null && tx.nonce !== null && (tx.status === 'confirmed' || tx.status === 'failed'),
    );
    const signers = mined.filter((tx) => custodySignerOf(tx.intent) === null);
    const highest = signers.reduce((most, tx) => Math.max(most, tx.nonce!), -1);
    if (onChain > highest) return true;
    const lostSigned = signers.filter((tx) => tx.nonce! >= onChain);
    const since = lostSigned.reduce((first, tx) => Math.min(first, tx.blockNumber ?? first), Number.MAX_SAFE_INTEGER);
    const candidates = [
      ...lostSigned,
      ...mined.filter((tx) => custodySignerOf(tx.intent) !== null && (tx.blockNumber ?? -1) >= since),
    ];
    // One chain transaction per hash (a batch's members share theirs), with its recorded bytes and their position.
    const lost = new Map<string, { tx: TxView; raw: Hex; position: number }>();
    for (const tx of candidates) {
      if (lost.has(tx.txHash!) || (await chain.receipt(tx.txHash as Hex))) continue;
      const stream = tx.batchId ? chainBatchStream(tx.batchId) : chainTransactionStream(tx.txId);
      const record = (await this.events.readStream(stream)).find(
        (e) =>
          (e.type === 'ChainTransactionSubmitted' || e.type === 'ChainBatchSubmitted') &&
          (e.data as { txHash: string; raw?: string }).txHash === tx.txHash &&
          (e.data as { raw?: string }).raw,
      );
      if (record) lost.set(tx.txHash!, { tx, raw: (record.data as { raw: Hex }).raw, position: record.position });
    }
    const replay = [...lost.values()].sort((a, b) => a.position - b.position);
    if (replay.length > 0)
      this.logger.warn(
        { transactions: replay.length, signerNonce: onChain, recordedNonce: highest },
        'the chain lost blocks the log records as mined: sending their transactions again',
      );
    for (const { tx, raw } of replay) {
      if (!this.sending) return false;
      const custodyAccount = await this.custodySigner(tx).catch(() => undefined);
      // The node that lost the blocks lost the custody wallet's gas with them.
      if (custodyAccount && chain.kind === 'anvil') await chain.fund(custodyAccount.address, 10n ** 18n);
      await chain.broadcast(raw);
      if (!(await chain.waitForReceipt(tx.txHash as Hex, RECEIPT_WAIT_MS))) return false;
    }
    return true;
  }

  /** Starts a round in `ms` (the batch collecting longest is due then), unless one is set for earlier. */
  private wakeAt(ms: number): void {
    if (this.wake) return;
    this.wake = setTimeout(
      () => {
        this.wake = null;
        this.kick();
      },
      Math.max(0, ms),
    );
    this.wake.unref();
  }

  /** Sends one transaction alone, or several as one batch; false when what it sent must be left for a later round. */
  private sendSome(txs: readonly TxView[]): Promise<boolean> {
    return txs.length === 1 ? this.send(txs[0]!) : this.sendBatch(txs);
  }

  /**
   * Sends ready transactions of one batch key as one chain transaction. Refused by simulation, or over the gas
   * budget, it is split in halves, each sent the same way (bisection): down to one alone, refused as its own
   * `ChainTransactionFailed` — so one bad line never holds the rest. Otherwise, write-ahead: the batch's record
   * (members, nonce, hash, bytes) on its own stream, then each member's `ChainTransactionSubmitted` naming it, then the
   * broadcast, the receipt, and each member's outcome.
   */
  private async sendBatch(txs: readonly TxView[]): Promise<boolean> {
    const chain = this.chain!;
    for (const tx of txs) for (const personId of personsOf(tx.intent)) await this.ensureWallet(personId);
    const { call, wallets } = batchCallFor(txs, this.flow, chain.signer);
    let prepared: PreparedTransaction | null = null;
    try {
      prepared = await chain.prepare(call);
    } catch (error) {
      if (!(error instanceof ChainRevertError)) throw error;
      this.logger.info({ size: txs.length, reason: error.reason }, 'a chain batch refused by simulation: split');
    }
    if (prepared && prepared.gas > BigInt(this.policy.gasBudget)) {
      this.logger.info({ size: txs.length, gas: String(prepared.gas) }, 'a chain batch over its gas budget: split');
      prepared = null;
    }
    if (!prepared) {
      const [first, rest] = splitBatch(txs);
      return (await this.sendSome(first)) && (await this.sendSome(rest));
    }
    const recorded = this.flow.nonces.get(chain.signer.toLowerCase()) ?? -1;
    const nonce = Math.max(await chain.nonce(chain.signer, 'pending'), recorded + 1);
    const signed = await chain.sign(prepared, nonce);
    const batchId = txIdOf(this.flow.chainId, `batch-${nonce}-${signed.hash.slice(2, 14)}`);
    // Write-ahead: which transactions these bytes carry, before any member is marked or anything leaves the process.
    await this.handleBatch({
      type: 'SubmitChainBatch',
      batchId,
      txIds: txs.map((tx) => tx.txId),
      txHash: signed.hash,
      nonce,
      from: signed.from,
      to: signed.to!,
      raw: signed.raw,
    });
    const batch = this.flow.batches.get(batchId)!;
    await this.claimMembers(
      batch,
      txs.map((tx, i) => ({ tx, wallet: wallets[i] ?? null })),
    );
    this.sent.transactions++;
    this.sent.batches++;
    this.sent.batched += txs.length;
    await chain.broadcast(signed.raw);
    const receipt = await chain.waitForReceipt(signed.hash, RECEIPT_WAIT_MS);
    if (!receipt) return false;
    await this.recordBatch(batch, receipt);
    return true;
  }

  /** Each member's own `ChainTransactionSubmitted` naming the batch (once: a member claimed already records nothing). */
  private async claimMembers(batch: BatchView, members: { tx: TxView; wallet: string | null }[]): Promise<void> {
    await this.eachAtOnce(members, ({ tx, wallet }) =>
      this.handle({
        type: 'SubmitChainTransaction',
        txId: tx.txId,
        txHash: batch.txHash,
        nonce: batch.nonce,
        from: batch.from,
        to: batch.to,
        contractAddress: null,
        wallet,
        batchId: batch.batchId,
      }),
    );
  }

  /** Settles a batch after a restart or a slow receipt, as `settle` does one transaction; true once it has an outcome. */
  private async settleBatch(batch: BatchView): Promise<boolean> {
    const chain = this.chain!;
    // A crash between the batch's record and its members' own: claimed now (each once).
    const members = batch.txIds
      .map((txId) => this.flow.txs.get(txId))
      .filter((tx): tx is TxView => tx?.status === 'submitted' && tx.batchId === batch.batchId);
    await this.claimMembers(
      batch,
      members.map((tx) => ({ tx, wallet: tx.wallet ?? this.walletOf(tx) })),
    );
    const hash = batch.txHash as Hex;
    let receipt = await chain.receipt(hash);
    if (!receipt) {
      const mined = await chain.nonce(chain.signer, 'latest');
      if (mined > batch.nonce) {
        // The nonce went to other bytes: this batch never ran, and each of its members is sent again.
        await this.releaseBatch(batch, `nonce ${batch.nonce} was used by another transaction`);
        return true;
      }
      this.logger.info({ batchId: batch.batchId, txHash: hash, nonce: batch.nonce }, 'sending a recorded batch again');
      await chain.broadcast(batch.raw as Hex);
      receipt = await chain.waitForReceipt(hash, RECEIPT_WAIT_MS);
      if (!receipt) return false;
    }
    await this.recordBatch(batch, receipt);
    return true;
  }

  /** Each member's outcome from the batch's receipt: confirmed with the batch's hash, or released when it reverted. */
  private async recordBatch(batch: BatchView, receipt: ChainReceipt): Promise<void> {
    if (receipt.status === 'reverted') {
      this.logger.warn({ batchId: batch.batchId, size: batch.txIds.length }, 'a chain batch reverted: split');
      await this.releaseBatch(batch, `batch reverted in block ${receipt.blockNumber}`);
      return;
    }
    await this.eachAtOnce(batch.txIds, (txId) =>
      this.handle({
        type: 'ConfirmChainTransaction',
        txId,
        txHash: receipt.hash,
        blockNumber: Number(receipt.blockNumber),
        contractAddress: null,
        suite: null,
      }),
    );
  }

  /** The batch cannot have run: its members go back to requested, to be sent in batches half its size. */
  private async releaseBatch(batch: BatchView, reason: string): Promise<void> {
    const maxBatch = maxBatchAfterFailure(batch.txIds.length);
    await this.eachAtOnce(batch.txIds, (txId) =>
      this.handle({ type: 'ReleaseChainTransaction', txId, txHash: batch.txHash, reason, maxBatch }),
    );
  }

  /** A member's holder wallet as its call names it (null when it cannot be worked out now). */
  private walletOf(tx: TxView): string | null {
    try {
      return callFor(tx, this.flow, this.chain!.signer).wallet;
    } catch {
      return null;
    }
  }

  /** Runs `work` for each item, a few at a time (members are on streams of their own). */
  private async eachAtOnce<T>(items: readonly T[], work: (item: T) => Promise<void>): Promise<void> {
    for (let at = 0; at < items.length; at += MEMBER_WRITES_AT_ONCE)
      await Promise.all(items.slice(at, at + MEMBER_WRITES_AT_ONCE).map(work));
  }

  /** Sends one ready transaction; false when it must be left for a later round. */
  private async send(tx: TxView): Promise<boolean> {
    const chain = this.chain!;
    for (const personId of personsOf(tx.intent)) await this.ensureWallet(personId);
    const { call: planned, wallet } = callFor(tx, this.flow, chain.signer);
    let prepared: PreparedTransaction;
    let account: LocalAccount | undefined;
    try {
      // A DvP allowance or offer is signed with the party's custody key (domains/transfers); the rest by the signer.
      account = await this.custodySigner(tx);
      const call = await this.resolveCall(tx, planned);
      prepared = await chain.prepare(call, account);
    } catch (error) {
      if (!(error instanceof ChainRevertError)) throw error;
      this.logger.warn({ txId: tx.txId, reason: error.reason }, 'chain transaction refused by simulation');
      await this.handle({ type: 'FailChainTransaction', txId: tx.txId, txHash: null, reason: error.reason });
      return true;
    }
    const sender = account?.address ?? chain.signer;
    const recorded = this.flow.nonces.get(sender.toLowerCase()) ?? -1;
    const nonce = Math.max(await chain.nonce(sender, 'pending'), recorded + 1);
    const signed = await chain.sign(prepared, nonce, account);
    // What was folded while it was prepared may have stopped it (a DvP take whose buyer revoked their certificate):
    // nothing is on record or sent yet, so it is left to the next round, which records why it never goes.
    if (tx.intent.kind === 'transfer-take' && blockedBy(this.flow.txs.get(tx.txId) ?? tx, this.flow) !== null)
      return true;
    // Write-ahead: the hash and bytes are on record before anything leaves the process.
    await this.handle({
      type: 'SubmitChainTransaction',
      txId: tx.txId,
      txHash: signed.hash,
      nonce,
      from: signed.from,
      to: signed.to,
      contractAddress: signed.contractAddress,
      wallet,
      raw: signed.raw,
    });
    this.sent.transactions++;
    await chain.broadcast(signed.raw);
    const receipt = await chain.waitForReceipt(signed.hash, RECEIPT_WAIT_MS);
    if (!receipt) return false;
    await this.record(this.flow.txs.get(tx.txId)!, receipt);
    return true;
  }

  /** Settles a submitted transaction after a restart or a slow receipt; true once it has an outcome. */
  private async settle(tx: TxView): Promise<boolean> {
    const chain = this.chain!;
    const hash = tx.txHash as Hex;
    let receipt = await chain.receipt(hash);
    if (!receipt) {
      const mined = await chain.nonce((await this.custodySigner(tx))?.address ?? chain.signer, 'latest');
      if (mined > tx.nonce!) {
        // The nonce went to other bytes (replaced outside Kauri): this one can never run.
        await this.handle({
          type: 'FailChainTransaction',
          txId: tx.txId,
          txHash: hash,
          reason: `nonce ${tx.nonce} was used by another transaction`,
        });
        return true;
      }
      this.logger.info({ txId: tx.txId, txHash: hash, nonce: tx.nonce }, 'sending a recorded transaction again');
      await chain.broadcast(tx.raw as Hex);
      receipt = await chain.waitForReceipt(hash, RECEIPT_WAIT_MS);
      if (!receipt) return false;
    }
    await this.record(tx, receipt);
    return true;
  }

  private async record(tx: TxView, receipt: ChainReceipt): Promise<void> {
    const chain = this.chain!;
    if (receipt.status === 'reverted') {
      await this.handle({
        type: 'FailChainTransaction',
        txId: tx.txId,
        txHash: receipt.hash,
        reason: `reverted in block ${receipt.blockNumber}`,
      });
      return;
    }
    let suite = null;
    if (tx.intent.kind === 'deploy-suite') {
      const factory = this.flow.txs.get(`c${this.flow.chainId}-platform-factory`)!.contractAddress as Address;
      suite = await chain.suite(factory, saltOf(tx.intent.assetId));
    }
    await this.handle({
      type: 'ConfirmChainTransaction',
      txId: tx.txId,
      txHash: receipt.hash,
      blockNumber: Number(receipt.blockNumber),
      contractAddress: receipt.contractAddress,
      suite,
    });
  }

  /**
   * An admin's way out for a failed transaction, once its cause is dealt with: asks for it again (a new transaction
   * in its place, `<txId>-retry-<n>`; a transfer's retry also sets a given allowance again this way). When what it moves goes to a person whose wallet the identity registry does
   * not hold (as the chain says), their current wallet is registered again first.
   */
  async retry(
    txId: string,
    context: CommandContext,
    /** What this caller may ask again: the admins' generic retry, or a transfer's (`settlementRetryable`). */
    askable: (tx: TxView) => boolean = retryable,
  ): Promise<{ txId: string; repaired: boolean; position: number }> {
    const chain = this.chain;
    await this.loaded();
    const tx = this.flow.txs.get(txId);
    if (!chain || !tx) throw new DomainError(TRANSFER_BLOCKED.unknownTx, 404);
    if (this.flow.retries.has(txId)) throw new DomainError(TRANSFER_BLOCKED.alreadyRetried, 409);
    if (!askable(tx)) throw new DomainError(TRANSFER_BLOCKED.retryNotFailed, 409);
    let repaired = false;
    let position = 0;
    const personId = recipientOf(tx.intent);
    const platform = platformOf(this.flow);
    if (personId && platform) {
      const wallet = await this.ensureWallet(personId);
      const held = await chain.read<boolean>('IdentityRegistry', platform.identityRegistry, 'contains', [wallet]);
      if (!held) {
        const intent: ChainIntent = { kind: 'register-identity', personId, wallet };
        position = await this.request(`${txId}-repair`, intent, context);
        repaired = true;
      }
    }
    const attempt = `${txId.replace(/-retry-\d+$/, '')}-retry-${this.attemptsOf(txId) + 1}`;
    // A copy made here: a recorded intent may be an object of another realm (the store's parser under the test
    // runner), which the schema check refuses as not plain.
    position = await this.request(attempt, { ...tx.intent }, context, txId);
    this.kick();
    return { txId: attempt, repaired, position };
  }

  private attemptsOf(txId: string): number {
    return Number(/-retry-(\d+)$/.exec(txId)?.[1] ?? 0);
  }

  private async request(txId: string, intent: ChainIntent, context: CommandContext, retryOf?: string) {
    const decided = await this.repository.handle(
      chainTransaction,
      chainTransactionStream(txId),
      { type: 'RequestChainTransaction', txId, chainId: this.flow.chainId, intent, causeEventId: null, retryOf },
      context,
    );
    if (decided.events.length > 0) await this.folded(decided.position);
    return decided.position;
  }

  /**
   * The custody key that signs a DvP allowance or offer (null: the platform's signer). The party must use their
   * custody wallet (own wallets are refused before a transfer is proposed); on the embedded chain it is given gas
   * first — on another network custody wallets would need gas from operations, which Kauri does not do yet.
   */
  private async custodySigner(tx: TxView): Promise<LocalAccount | undefined> {
    const personId = custodySignerOf(tx.intent);
    if (!personId) return undefined;
    const chain = this.chain!;
    const { state } = await this.repository.load(custody, CUSTODY_STREAM);
    const index = state.indexes.get(personId);
    const account = index === undefined ? undefined : await this.keys.custodyAccount(index);
    if (!account || account.address.toLowerCase() !== this.flow.wallets.get(personId)?.toLowerCase())
      throw new ChainRevertError(
        `${personId} does not use a custody wallet: own wallets must approve the DvP manager themselves`,
      );
    if (tx.status === 'requested') {
      if (chain.kind !== 'anvil')
        throw new ChainRevertError(
          'custody wallets hold no gas on this network: DvP settlement runs on the embedded chain only',
        );
      await chain.fund(account.address, 10n ** 18n);
    }
    return account;
  }

  /**
   * A DvP take names the transfer by the id the manager gave the seller's offer, which depends on the manager's own
   * counter: found by reading the offers recorded under the latest counters (the one whose maker, tokens and coin
   * are this transfer's). Read when sent, then fixed in the signed bytes like any call.
   */
  private async resolveCall(tx: TxView, call: ChainCall): Promise<ChainCall> {
    if (
      (call.op !== 'dvd-take' && call.op !== 'dvd-cancel') ||
      call.transferId !== UNRESOLVED_DVD_ID ||
      (tx.intent.kind !== 'transfer-take' && tx.intent.kind !== 'transfer-cancel')
    )
      return call;
    const chain = this.chain!;
    const { encodeAbiParameters, keccak256 } = await import('viem');
    const take = tx as TxView & { intent: { kind: 'transfer-take' | 'transfer-cancel' } };
    const offered = callFor(
      { ...take, intent: { ...take.intent, kind: 'transfer-initiate' } },
      this.flow,
      chain.signer,
    ).call;
    if (offered.op !== 'dvd-initiate') throw new ChainRevertError('no DvP offer');
    // The maker is the wallet the offer was signed from (kept on its transaction), else the seller's now.
    const initiate = latestAttempt(this.flow, `c${this.flow.chainId}-xfer-${take.intent.transferId}-initiate`);
    const maker = (initiate?.wallet ?? this.flow.wallets.get(take.intent.fromPersonId)) as Address;
    // A take follows its offer at once; a cancel may come days later, behind many offers since.
    const window = call.op === 'dvd-take' ? 256n : 4096n;
    const counter = await chain.read<bigint>('DVDTransferManager', call.manager, 'txNonce');
    for (let n = counter - 1n; n >= 0n && n >= counter - window; n--) {
      const id = keccak256(
        encodeAbiParameters(
          [
            { type: 'uint256' },
            { type: 'address' },
            { type: 'address' },
            { type: 'uint256' },
            { type: 'address' },
            { type: 'address' },
            { type: 'uint256' },
          ],
          [n, maker, offered.token1, offered.amount1, offered.counterpart, offered.token2, offered.amount2],
        ),
      );
      const [counterpart] = await chain.read<readonly [Address, Address, bigint]>(
        'DVDTransferManager',
        call.manager,
        'token1ToDeliver',
        [id],
      );
      if (counterpart.toLowerCase() === maker.toLowerCase()) return { ...call, transferId: id };
    }
    throw new ChainRevertError('the seller’s DvP offer is not on the manager (taken or cancelled already)');
  }

  /**
   * The wallet a person uses now, as a transfer between investors needs it (domains/transfers): `custody` (a key the
   * vault holds) or `own`, and only once that wallet is in the identity registry on chain; null otherwise.
   */
  async walletKind(personId: string): Promise<{ kind: 'custody' | 'own'; wallet: Address } | null> {
    await this.loaded();
    const wallet = this.flow.wallets.get(personId);
    if (!wallet || !registeredNow(this.flow, personId)) return null;
    const { state } = await this.repository.load(custody, CUSTODY_STREAM);
    const index = state.indexes.get(personId);
    const custodial =
      index !== undefined && (await this.keys.custodyAccount(index)).address.toLowerCase() === wallet.toLowerCase();
    return { kind: custodial ? 'custody' : 'own', wallet: wallet as Address };
  }

  /** Gives a person the next custody wallet if they have none (the index decided on the custody stream). */
  async ensureWallet(personId: string): Promise<string> {
    await this.loaded();
    for (let attempt = 0; attempt < 20; attempt++) {
      const known = this.flow.wallets.get(personId);
      if (known) return known;
      const { state } = await this.repository.load(custody, CUSTODY_STREAM);
      const existing = state.wallets.get(personId);
      if (!existing) {
        const account = await this.keys.custodyAccount(state.nextIndex);
        try {
          const decided = await this.repository.handle(
            custody,
            CUSTODY_STREAM,
            { type: 'AssignCustodyWallet', personId, index: state.nextIndex, address: account.address },
            systemContext(ACTOR, randomUUID()),
          );
          if (decided.events.length > 0) await this.folded(decided.position);
        } catch (error) {
          // Another process took that index first: read again.
          if (!(error instanceof DomainError)) throw error;
        }
      } else {
        // Assigned by another process: the subscription brings it shortly.
        await new Promise((r) => setTimeout(r, 20));
      }
    }
    throw new Error(`no custody wallet for ${personId}`);
  }

  private async handleBatch(command: ChainBatchCommand): Promise<void> {
    const decided = await this.repository.handle(
      chainBatch,
      chainBatchStream(command.batchId),
      command,
      systemContext(ACTOR, randomUUID()),
    );
    if (decided.events.length > 0) await this.folded(decided.position);
  }

  private async handle(command: ChainTxCommand): Promise<void> {
    const decided = await this.repository.handle(
      chainTransaction,
      chainTransactionStream(command.txId),
      command,
      systemContext(ACTOR, randomUUID()),
    );
    if (decided.events.length > 0) await this.folded(decided.position);
  }

  /** Waits until the subscription has folded the event at `position` into the state. */
  private folded(position: number): Promise<void> {
    if (this.flow.position >= position || !this.folding) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ position, resolve }));
  }
}
