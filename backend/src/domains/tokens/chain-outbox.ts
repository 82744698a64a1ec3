import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Address, Hex } from 'viem';
import type { Logger } from 'pino';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import {
  ChainRevertError,
  type ChainPort,
  type ChainReceipt,
  type PreparedTransaction,
} from '../../platform/chain/chain.js';
import { ChainKeys } from '../../platform/chain/keys.js';
import { systemContext, type CommandContext } from '../../platform/command-context.js';
import { TRANSFER_BLOCKED } from '../../messages.js';
import { DomainError } from '../../platform/errors.js';
import type { EventStore, RecordedEvent, Subscription } from '../../platform/event-store/event-store.js';
import { CHAIN, EVENT_STORE, LOGGER } from '../../platform/tokens.js';
import { chainTransaction, custody, type ChainTxCommand } from './deciders.js';
import { chainTransactionStream, CUSTODY_STREAM, TOKEN_EVENT_TYPES, type ChainIntent } from './events.js';
import {
  blockedBy,
  callFor,
  chainIntents,
  evolveFlow,
  initialFlowState,
  personsOf,
  platformOf,
  recipientOf,
  RETRYABLE,
  saltOf,
  SOURCE_EVENT_TYPES,
  type FlowEvent,
  type FlowState,
  type TxView,
} from './flow.js';

const ACTOR = 'chain-outbox';
/** How long a send waits for its receipt before leaving it to the next round (a public chain can take a while). */
const RECEIPT_WAIT_MS = 30_000;
const RETRY_EVERY_MS = 1_000;

/**
 * The chain outbox and process manager (docs/design.md §6, §7). It follows the log (one subscription over the register's
 * events and its own), asks `chainIntents` what each event calls for and records each as a
 * `ChainTransactionRequested`; then, one at a time and in request order, it sends every transaction that is ready:
 * simulate (a refusal is recorded as failed, no nonce spent), sign at the next nonce, record
 * `ChainTransactionSubmitted` with the hash and signed bytes, broadcast, wait for the receipt, record the outcome.
 *
 * After a crash, a submitted transaction without outcome is settled first: its receipt if mined; else, if the
 * signer's nonce has not passed it, the same signed bytes are broadcast again (the same nonce cannot run twice);
 * else it was dropped for good and is recorded as failed. Only then are new nonces handed out, so none is skipped.
 * One sender per signer: run a single app process per chain signer.
 */
@Injectable()
export class ChainOutbox implements OnApplicationBootstrap, OnApplicationShutdown {
  readonly state: FlowState;
  /** Counts the events applied to `state` (its only change): a view computed from the state is current while equal. */
  private applied = 0;
  private subscription: Subscription | null = null;
  private caughtUp = false;
  private readonly wanted = new Map<string, { intent: ChainIntent; causeEventId: string | null }>();
  private readonly waiters: { position: number; resolve: () => void }[] = [];
  private timer: NodeJS.Timeout | null = null;
  private pumping: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  /** The last reason the queue could not move (chain unreachable, …), for health and logs. */
  lastProblem: string | null = null;

  constructor(
    @Inject(CHAIN) private readonly chain: ChainPort | null,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    private readonly repository: AggregateRepository,
    private readonly keys: ChainKeys,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.state = initialFlowState(chain?.chainId ?? 0);
  }

  get enabled(): boolean {
    return this.chain !== null;
  }

  onApplicationBootstrap(): void {
    if (!this.chain) return;
    this.subscription = this.events.subscribe({
      eventTypes: [...SOURCE_EVENT_TYPES, ...TOKEN_EVENT_TYPES],
      onEvent: (event) => this.apply(event),
      onCaughtUp: () => {
        if (this.caughtUp) return;
        this.caughtUp = true;
        this.kick();
      },
      onError: (error) => this.logger.warn({ err: error }, 'chain outbox subscription failed; resubscribing'),
    });
    this.timer = setInterval(() => this.pending() > 0 && this.kick(), RETRY_EVERY_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.subscription?.stop();
    // The subscription folds no more: a round waiting for its own event to be folded goes on (and, stopped, ends).
    for (const waiter of this.waiters.splice(0)) waiter.resolve();
    await this.pumping;
  }

  /** Transactions not yet settled (requested or submitted), and intents not yet recorded. */
  pending(): number {
    let count = this.wanted.size;
    for (const tx of this.state.txs.values()) if (tx.status === 'requested' || tx.status === 'submitted') count++;
    return count;
  }

  /** Transactions requested before `before` and still without outcome (health's bound on how long sends wait). */
  waitingSince(before: Date): number {
    const limit = before.toISOString();
    let count = 0;
    for (const tx of this.state.txs.values())
      if ((tx.status === 'requested' || tx.status === 'submitted') && tx.requestedAt < limit) count++;
    return count;
  }

  /** Resolves once every transaction is settled or waits on one that cannot go (tests, the CLI). */
  async settled(timeoutMs = 60_000): Promise<boolean> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      await this.pumping;
      const moving =
        !this.caughtUp ||
        this.wanted.size > 0 ||
        [...this.state.txs.values()].some(
          (tx) => tx.status === 'submitted' || (tx.status === 'requested' && blockedBy(tx, this.state) === null),
        );
      if (!moving) return true;
      this.kick();
      await new Promise((r) => setTimeout(r, 20));
    }
    return false;
  }

  get version(): number {
    return this.applied;
  }

  private apply(event: RecordedEvent): void {
    const flowEvent = event as RecordedEvent & FlowEvent;
    for (const wanted of chainIntents(flowEvent, this.state)) {
      if (!this.wanted.has(wanted.txId))
        this.wanted.set(wanted.txId, { intent: wanted.intent, causeEventId: event.metadata.eventId });
    }
    evolveFlow(this.state, flowEvent);
    this.applied++;
    if (flowEvent.type === 'ChainTransactionRequested') this.wanted.delete(flowEvent.data.txId);
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      if (this.waiters[i]!.position <= this.state.position) this.waiters.splice(i, 1)[0]!.resolve();
    }
    if (this.caughtUp) this.kick();
  }

  /** Starts a round unless one runs; a round started meanwhile runs again when this one ends. */
  kick(): void {
    if (!this.chain || !this.caughtUp || this.stopped) return;
    if (this.pumping) {
      this.again = true;
      return;
    }
    this.pumping = (async () => {
      try {
        do {
          this.again = false;
          await this.round();
        } while (this.again && !this.stopped);
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
    for (const [txId, { intent, causeEventId }] of [...this.wanted]) {
      if (this.stopped) return;
      await this.handle({
        type: 'RequestChainTransaction',
        txId,
        chainId: this.state.chainId,
        intent,
        causeEventId,
      });
      this.wanted.delete(txId);
    }
    const submitted = [...this.state.txs.values()]
      .filter((tx) => tx.status === 'submitted')
      .sort((a, b) => a.nonce! - b.nonce!);
    for (const tx of submitted) {
      if (this.stopped) return;
      // Still unsettled (no receipt yet): nothing later may take a nonce before it is.
      if (!(await this.settle(tx))) return;
    }
    for (;;) {
      if (this.stopped) return;
      const next = [...this.state.txs.values()]
        .filter((tx) => tx.status === 'requested' && blockedBy(tx, this.state) === null)
        .sort((a, b) => a.seq - b.seq)[0];
      if (!next) return;
      if (!(await this.send(next))) return;
    }
  }

  /** Sends one ready transaction; false when it must be left for a later round. */
  private async send(tx: TxView): Promise<boolean> {
    const chain = this.chain!;
    for (const personId of personsOf(tx.intent)) await this.ensureWallet(personId);
    const { call, wallet } = callFor(tx, this.state, chain.signer);
    let prepared: PreparedTransaction;
    try {
      prepared = await chain.prepare(call);
    } catch (error) {
      if (!(error instanceof ChainRevertError)) throw error;
      this.logger.warn({ txId: tx.txId, reason: error.reason }, 'chain transaction refused by simulation');
      await this.handle({ type: 'FailChainTransaction', txId: tx.txId, txHash: null, reason: error.reason });
      return true;
    }
    const recorded = this.state.nonces.get(chain.signer.toLowerCase()) ?? -1;
    const nonce = Math.max(await chain.nonce(chain.signer, 'pending'), recorded + 1);
    const signed = await chain.sign(prepared, nonce);
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
    await chain.broadcast(signed.raw);
    const receipt = await chain.waitForReceipt(signed.hash, RECEIPT_WAIT_MS);
    if (!receipt) return false;
    await this.record(this.state.txs.get(tx.txId)!, receipt);
    return true;
  }

  /** Settles a submitted transaction after a restart or a slow receipt; true once it has an outcome. */
  private async settle(tx: TxView): Promise<boolean> {
    const chain = this.chain!;
    const hash = tx.txHash as Hex;
    let receipt = await chain.receipt(hash);
    if (!receipt) {
      const mined = await chain.nonce(chain.signer, 'latest');
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
      const factory = this.state.txs.get(`c${this.state.chainId}-platform-factory`)!.contractAddress as Address;
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
   * in its place, `<txId>-retry-<n>`). When what it moves goes to a person whose wallet the identity registry does
   * not hold (as the chain says), their current wallet is registered again first.
   */
  async retry(txId: string, context: CommandContext): Promise<{ txId: string; repaired: boolean; position: number }> {
    const chain = this.chain;
    const tx = this.state.txs.get(txId);
    if (!chain || !tx) throw new DomainError(TRANSFER_BLOCKED.unknownTx, 404);
    if (this.state.retries.has(txId)) throw new DomainError(TRANSFER_BLOCKED.alreadyRetried, 409);
    if (tx.status !== 'failed' || !RETRYABLE.has(tx.intent.kind))
      throw new DomainError(TRANSFER_BLOCKED.retryNotFailed, 409);
    let repaired = false;
    let position = 0;
    const personId = recipientOf(tx.intent);
    const platform = platformOf(this.state);
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
      { type: 'RequestChainTransaction', txId, chainId: this.state.chainId, intent, causeEventId: null, retryOf },
      context,
    );
    if (decided.events.length > 0) await this.folded(decided.position);
    return decided.position;
  }

  /** Gives a person the next custody wallet if they have none (the index decided on the custody stream). */
  async ensureWallet(personId: string): Promise<string> {
    for (let attempt = 0; attempt < 20; attempt++) {
      const known = this.state.wallets.get(personId);
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
    if (this.state.position >= position || this.stopped) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ position, resolve }));
  }
}
