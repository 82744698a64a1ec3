import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import type { ChainPort } from '../../platform/chain/chain.js';
import { systemContext, type CommandContext } from '../../platform/command-context.js';
import { DomainError } from '../../platform/errors.js';
import type { EventStore, RecordedEvent } from '../../platform/event-store/event-store.js';
import { JobRunner } from '../../platform/jobs/job-runner.js';
import { LogFollower } from '../../platform/jobs/log-follower.js';
import { CHAIN, EVENT_STORE, LOGGER, READ_STORE } from '../../platform/injection-keys.js';
import type { ReadStore } from '../../platform/read-store/read-store.js';
import { TransferQueries } from '../../projections/transfers.query.js';
import { SETTLEMENT_STOPPED, TRANSFER_MESSAGES as M } from '../../messages.js';
import { assetStream } from '../assets/events.js';
import { MAX_PAYMENT_CENTS, toCents } from '../offerings/money.js';
import {
  earmarkedBy,
  frozenTokens,
  register,
  type RegisterCommand,
  type RegisterState,
} from '../register/register.decider.js';
import { custody } from '../tokens/custody.decider.js';
import {
  CUSTODY_STREAM,
  type ChainTransactionConfirmed,
  type ChainTransactionFailed,
  type WalletRecoveryRequested,
} from '../tokens/events.js';
import { TokenViews } from '../tokens/token-views.js';
import { verificationStream } from '../wholesale/events.js';
import { isWholesaleAt, verification } from '../wholesale/verification.decider.js';
import { transferStream, type TransferCancelled, type TransferExpired } from './events.js';
import {
  expiryOf,
  initialTransferState,
  transfer,
  TRANSFER_MAX_HOLDERS,
  type TransferChecks,
  type TransferCommand,
  type TransferState,
} from './transfer.decider.js';

const ACTOR = 'transfers';
const SETTLEMENTS = 'transfer-settlements';
const EXPIRY_EVERY_MS = 60_000;

/** `c<chainId>-xfer-<transferId>-<step>`: a settlement's chain transaction (null for any other). */
export function settlementStepOf(txId: string): { transferId: string; step: SettlementStep } | null {
  const match = /^c\d+-xfer-(.+)-(fund|seller-allow|buyer-allow|initiate|take)(?:-retry-\d+)?$/.exec(txId);
  return match ? { transferId: match[1]!, step: match[2]! as SettlementStep } : null;
}

type SettlementStep = 'fund' | 'seller-allow' | 'buyer-allow' | 'initiate' | 'take';

/** What the settlements follow: the chain's outcomes, a recovery to stop, a transfer ended (its claim released). */
type SettlementEvent =
  | ChainTransactionConfirmed
  | ChainTransactionFailed
  | WalletRecoveryRequested
  | TransferCancelled
  | TransferExpired;

/** Each DvP step as the people on the transfer read it (the failure's reason names the step). */
const STEP_WORDS: Record<SettlementStep, string> = {
  fund: 'paying the buyer’s stablecoin in',
  'seller-allow': 'the seller’s allowance',
  'buyer-allow': 'the buyer’s allowance',
  initiate: 'the seller’s offer',
  take: 'the exchange of tokens for payment',
};

/**
 * Transfers between investors (issue 32): gathers what the decider needs from the other streams (the register,
 * the buyer's certificate — the one wholesale decision, `isWholesaleAt`) and the chain (wallets, frozen tokens,
 * the token's compliance `canTransfer`), and runs the settlement's process manager: a DvP take confirmed on chain
 * settles the transfer and records the move in the register; any settlement step that fails fails the transfer
 * with the chain's reason. Proposals lapse by a sweep (the `transfer-expiry` job).
 */
@Injectable()
export class Transfers {
  /** The settlements follow the chain's outcomes from their kept checkpoint (from the log's start without one). */
  readonly settlements: LogFollower<RecordedEvent & SettlementEvent>;

  constructor(
    private readonly repository: AggregateRepository,
    private readonly queries: TransferQueries,
    private readonly tokens: TokenViews,
    @Inject(CHAIN) private readonly chain: ChainPort | null,
    @Inject(EVENT_STORE) events: EventStore,
    @Inject(LOGGER) private readonly logger: Logger,
    jobs: JobRunner,
    @Inject(READ_STORE) reads: ReadStore,
  ) {
    this.settlements = new LogFollower({
      name: SETTLEMENTS,
      description: 'Settles a transfer between investors when its DvP transaction is confirmed on chain',
      events,
      reads,
      logger,
      eventTypes: [
        'ChainTransactionConfirmed',
        'ChainTransactionFailed',
        'WalletRecoveryRequested',
        'TransferCancelled',
        'TransferExpired',
      ],
      resumeFrom: async () => 0,
      handle: (event) =>
        event.type === 'WalletRecoveryRequested'
          ? this.recoveryRequested(event)
          : event.type === 'TransferCancelled' || event.type === 'TransferExpired'
            ? this.ended(event)
            : this.settlement(event),
    });
    jobs.declare({
      name: 'transfer-expiry',
      description: 'Records transfers between investors whose proposal lapsed before settlement started',
      everyMs: EXPIRY_EVERY_MS,
      firstAfterMs: EXPIRY_EVERY_MS,
      run: () => this.expire(),
    });
    if (chain) jobs.declare(this.settlements);
  }

  /**
   * The checks of a transfer of `tokens` now; `except` is the transfer itself (null: a proposal), whose later steps
   * count only the other transfers' settling claims against it (`TransferChecks.promised`).
   */
  async checks(assetId: string, sellerId: string, buyerId: string, tokens: number, now: string, except: string | null) {
    const claims: TransferChecks['claims'] = except === null ? 'open' : 'approved';
    const { state: reg } = await this.repository.load(register, assetStream(assetId));
    const { state: cert } = await this.repository.load(verification, verificationStream(buyerId));
    const wholesale = isWholesaleAt(cert, now);
    const revoked = cert.status === 'revoked' && !wholesale;
    const standing: TransferChecks['buyer']['standing'] = wholesale
      ? 'verified'
      : revoked
        ? 'revoked'
        : cert.status === 'verified' || cert.status === 'expired'
          ? 'lapsed'
          : 'none';
    const chain = this.chain
      ? await this.tokens.transferChainFacts(assetId, sellerId, buyerId, tokens, now)
      : { sellerWallet: null, buyerWallet: null, lockedUntil: null, frozen: 0, buyerFrozen: false, canTransfer: null };
    const holders = reg.investors.size + reg.holders.size + 1;
    const { state: wallets } = await this.repository.load(custody, CUSTODY_STREAM);
    const recovering = (personId: string) =>
      [...wallets.recoveries.values()].some(
        (r) =>
          r.personId === personId &&
          (r.status === 'open' || (r.status === 'approved' && this.tokens.recoveryMoving(r.requestId, personId))),
      );
    const checks: TransferChecks = {
      assetActive: reg.status === 'active',
      buyer: { standing, revokedAt: cert.revokedAt ?? null, known: true },
      buyerWallet: chain.buyerWallet,
      sellerWallet: chain.sellerWallet,
      sellerHolds: reg.investors.get(sellerId) ?? 0,
      frozen: Math.max(chain.frozen, frozenTokens(reg, sellerId)),
      buyerFrozen: chain.buyerFrozen || reg.frozen.get(buyerId)?.address === true,
      promised:
        earmarkedBy(reg, sellerId, { now, except, settlingOnly: claims === 'approved' }) +
        (await this.unearmarked(reg, assetId, sellerId, except, claims === 'approved')),
      claims,
      lockedUntil: chain.lockedUntil,
      holderLimitReached: !reg.investors.has(buyerId) && holders >= TRANSFER_MAX_HOLDERS,
      canTransfer: chain.canTransfer,
      recovering: recovering(sellerId) ? 'seller' : recovering(buyerId) ? 'buyer' : null,
    };
    return { checks, ownerId: reg.ownerId, status: reg.status, approval: reg.transferApproval ?? 'owner' };
  }

  /**
   * Tokens the seller promised in open transfers the register holds no earmark of: recorded before earmarks existed,
   * so only the transfers read model knows them. (A transfer since is earmarked before its stream exists.) With
   * `settlingOnly`, only the approved ones (what binds a later step of another transfer).
   */
  private async unearmarked(
    reg: RegisterState,
    assetId: string,
    sellerId: string,
    except: string | null,
    settlingOnly = false,
  ) {
    let total = 0;
    for (const d of await this.queries.openOf(assetId, sellerId))
      if (d._id !== except && !reg.earmarked?.has(d._id) && !reg.transfers?.has(d._id))
        if (!settlingOnly || d.status === 'approved') total += d.tokens;
    return total;
  }

  /**
   * Claims the transfer's tokens on the asset's register stream (`EarmarkTokens`, docs/design.md §6: the one stream
   * that serialises every claim on a holder's tokens — other proposals, approvals and freezes). Decided on the fresh
   * register at each try, so a claim raced by another never passes on stale state; refused with a 409 and its reason.
   * Idempotent by transfer id and attempt: a repeat after a crash or a lost race records nothing.
   */
  private claim(
    c: Omit<Extract<RegisterCommand, { type: 'EarmarkTokens' }>, 'type' | 'now' | 'unearmarked'>,
    context: CommandContext,
  ) {
    return this.repository.handleAsking(
      register,
      assetStream(c.assetId),
      async (reg) => ({
        type: 'EarmarkTokens' as const,
        ...c,
        now: context.now,
        unearmarked: await this.unearmarked(reg, c.assetId, c.sellerId, c.transferId, c.stage === 'settling'),
      }),
      context,
    );
  }

  /**
   * Gives the transfer's claim back once the transfer has ended without settling (cancelled, expired, failed): a
   * process step keyed by the transfer id, run after each of those and again by the settlements' process manager
   * after a crash — a repeat records nothing, and a failure's release never takes a retry's newer claim. The log's
   * position after it, or null when there was nothing to give back.
   */
  private async release(transferId: string, context: CommandContext, claimed?: number): Promise<number | null> {
    const { state } = await this.repository.load(transfer, transferStream(transferId));
    // An abandoned transfer had failed first: its claim went back then, or goes back now after a crash between.
    const reason =
      state.status === 'cancelled' || state.status === 'expired' || state.status === 'failed'
        ? state.status
        : state.status === 'abandoned'
          ? 'failed'
          : null;
    if (!reason || !state.assetId) return null; // approved, settling or settled (a settlement consumes it), or still open
    const released = await this.repository.handle(
      register,
      assetStream(state.assetId),
      {
        type: 'ReleaseEarmark',
        assetId: state.assetId,
        transferId,
        reason,
        // A retry whose step was lost gives back its own claim (`claimed`), which is newer than the failed attempt's.
        attempt: reason === 'failed' ? (claimed ?? state.attempts) : null,
      },
      context,
    );
    return released.position;
  }

  /**
   * Records a transfer step whose claim on the register was made first: when the step loses (a cancel, an expiry or
   * another approval landed meanwhile, or the store failed), the claim follows what the transfer now is.
   */
  private async afterClaim(
    transferId: string,
    assetId: string,
    command: TransferCommand,
    context: CommandContext,
    claimed?: number,
  ): Promise<{ id: string; status: TransferState['status']; position: number }> {
    try {
      return await this.run(command, context);
    } catch (error) {
      const { state } = await this.repository.load(transfer, transferStream(transferId)).catch(() => ({ state: null }));
      if (state?.status === 'none')
        await this.repository
          .handle(
            register,
            assetStream(assetId),
            { type: 'ReleaseEarmark', assetId, transferId, reason: 'not-recorded', attempt: null },
            context,
          )
          .catch((e: unknown) => this.logger.warn({ err: e, transferId }, 'an unrecorded proposal kept its claim'));
      else if (state)
        await this.release(transferId, context, claimed).catch((e: unknown) =>
          this.logger.warn({ err: e, transferId }, 'a transfer step was lost and its claim could not follow it'),
        );
      throw error;
    }
  }

  /** The checks again for a recorded transfer (its own tokens not counted as promised). */
  private checksOf(state: TransferState, transferId: string, now: string) {
    return this.checks(state.assetId!, state.fromInvestorId!, state.toInvestorId!, state.tokens, now, transferId);
  }

  /**
   * The coin the DvP settles in: Kauri's test coin on the embedded chain, else the configured one
   * (`STABLECOIN_ADDRESS`). Without a chain, or on a network without a configured coin, no transfer can settle.
   */
  private settlementCoin(): { coin: string | null } {
    const coin = this.tokens.stablecoin();
    if (coin) return coin;
    throw new DomainError(this.chain ? M.noSettlementCoin : M.noChain, 409);
  }

  /**
   * Who is concerned by a transfer, from its own stream: a command may come to a replica whose read model has yet to
   * show a transfer proposed on another a moment ago. Null for none.
   */
  async concerned(transferId: string): Promise<{ sellerId: string; buyerId: string; ownerId: string } | null> {
    const { state } = await this.repository.load(transfer, transferStream(transferId));
    if (state.status === 'none' || !state.fromInvestorId || !state.toInvestorId || !state.ownerId) return null;
    return { sellerId: state.fromInvestorId, buyerId: state.toInvestorId, ownerId: state.ownerId };
  }

  async propose(
    body: { assetId: string; toInvestorId: string; tokens: number; pricePerToken: string },
    sellerId: string,
    context: CommandContext,
  ) {
    const priceCents = toCents(body.pricePerToken);
    if (priceCents === null || priceCents < 1)
      throw new DomainError(M.price, 400, [{ field: 'pricePerToken', message: M.price }]);
    // What the buyer pays in all is recorded, and moved on chain, as one amount.
    if (Number.isSafeInteger(body.tokens) && body.tokens * priceCents > MAX_PAYMENT_CENTS)
      throw new DomainError(M.totalTooLarge, 400, [{ field: 'pricePerToken', message: M.totalTooLarge }]);
    this.settlementCoin(); // refused before anything is promised, as it would be at the approval
    const { checks, ownerId, status } = await this.checks(
      body.assetId,
      sellerId,
      body.toInvestorId,
      body.tokens,
      context.now,
      null,
    );
    if (status === 'none' || !ownerId) throw new DomainError(M.assetNotFound, 404);
    const transferId = randomUUID();
    const command: TransferCommand = {
      type: 'ProposeTransfer',
      transferId,
      assetId: body.assetId,
      ownerId,
      sellerId,
      toInvestorId: body.toInvestorId,
      tokens: body.tokens,
      priceCents,
      now: context.now,
      checks,
    };
    // The transfer's own rules first (pure): a proposal refused for them claims nothing. Then the claim on the
    // register, where concurrent proposals by one seller are decided one after another; then the proposal.
    transfer.decide(command, initialTransferState);
    const claim = { assetId: body.assetId, transferId, sellerId, tokens: body.tokens };
    await this.claim(
      { ...claim, stage: 'promised', attempt: 0, expiresAt: expiryOf(context.now), to: 'seller' },
      context,
    );
    // Lost after the claim (the store failed): the claim goes back; a crash here leaves it to lapse with `expiresAt`.
    return this.afterClaim(transferId, body.assetId, command, context);
  }

  /** Accept (the buyer) or approve (the owner or an admin): the same checks again, on the stored proposal. */
  async step(
    kind: 'accept' | 'approve',
    transferId: string,
    actorId: string,
    isAdmin: boolean,
    context: CommandContext,
  ) {
    const { state } = await this.repository.load(transfer, transferStream(transferId));
    if (state.status === 'none') throw new DomainError(M.notFound, 404);
    const { checks, approval } = await this.checksOf(state, transferId, context.now);
    if (kind === 'accept')
      return this.run({ type: 'AcceptTransfer', transferId, actorId, now: context.now, checks }, context);
    const coin = this.settlementCoin();
    const command: TransferCommand = {
      type: 'ApproveTransfer',
      transferId,
      actorId,
      actorIsAdmin: isAdmin,
      approval,
      coin: coin.coin,
      now: context.now,
      checks,
    };
    // Who may approve, and the transfer's own rules (pure), before anything is claimed; then the register claims the
    // tokens for the settlement (a freeze decided meanwhile on that stream is refused, or refuses this); then the
    // approval. Refused on the register: a 409 with the reason, nothing on the transfer's stream.
    transfer.decide(command, state);
    await this.claimSettling(state, transferId, context);
    return this.afterClaim(transferId, state.assetId!, command, context);
  }

  /** The settlement's claim: attempt 1 at the approval, n + 1 at the nth retry (a failure's release names its own). */
  private claimSettling(state: TransferState, transferId: string, context: CommandContext) {
    return this.claim(
      {
        assetId: state.assetId!,
        transferId,
        sellerId: state.fromInvestorId!,
        tokens: state.tokens,
        stage: 'settling',
        attempt: state.attempts + 1,
        expiresAt: null,
        to: 'other',
      },
      context,
    );
  }

  /**
   * An admin asks a failed settlement again (issue 32): the transfer passes its checks again and is recorded as
   * settling (`TransferSettlementRetried`, naming the failed steps and the allowances given), then each of those is
   * asked of the chain outbox again, the allowances first (another transfer of the party may have used them up; the
   * take waits for them). A crash between the two is finished by calling it again: the steps recorded but not yet
   * asked are.
   */
  async retrySettlement(transferId: string, actorId: string, context: CommandContext) {
    const { state } = await this.repository.load(transfer, transferStream(transferId));
    if (state.status === 'none') throw new DomainError(M.notFound, 404);
    const isStep = (txId: string) => settlementStepOf(txId)?.transferId === transferId;
    let position = 0;
    if (state.status !== 'approved') {
      const { checks } = await this.checksOf(state, transferId, context.now);
      const failedTxIds = this.tokens.failedSettlementSteps(isStep);
      const command: TransferCommand = {
        type: 'RetrySettlement',
        transferId,
        actorId,
        failedTxIds,
        givenAllowances: this.tokens.givenAllowances(transferId),
        now: context.now,
        checks,
      };
      transfer.decide(command, state);
      await this.claimSettling(state, transferId, context);
      position = (await this.afterClaim(transferId, state.assetId!, command, context, state.attempts + 1)).position;
    }
    const { state: now } = await this.repository.load(transfer, transferStream(transferId));
    const unasked = [...now.retried].filter((txId) => !this.tokens.retried(txId));
    if (state.status === 'approved' && unasked.length === 0) throw new DomainError(M.notFailed, 409);
    for (const txId of unasked) position = (await this.tokens.retrySettlementStep(txId, context)).position;
    return { id: transferId, status: now.status, position };
  }

  /**
   * An admin gives up on a failed settlement (`TransferAbandoned`, four eyes: never a party). The chain flow folds
   * it and asks the outbox, once, to undo what the DvP left open (the seller's offer cancelled, both allowances to
   * the DvP manager set to 0), after any step still on its way; the transfer's other steps are never sent.
   */
  async abandon(transferId: string, actorId: string, isAdmin: boolean, reason: string, context: CommandContext) {
    return this.ending(
      { type: 'AbandonTransfer', transferId, actorId, actorIsAdmin: isAdmin, reason, now: context.now },
      context,
    );
  }

  async cancel(transferId: string, actorId: string, context: CommandContext) {
    return this.ending({ type: 'CancelTransfer', transferId, actorId, now: context.now }, context);
  }

  /** A step that ends a transfer, and its claim given back at once, so the seller may propose those tokens again. */
  private async ending(command: TransferCommand, context: CommandContext) {
    const ended = await this.run(command, context);
    // After a crash here, the process manager gives it back.
    const released = await this.release(command.transferId, context);
    // The answer's position covers the release: the holding read after it no longer shows the tokens claimed.
    return { ...ended, position: Math.max(ended.position, released ?? 0) };
  }

  private async run(command: TransferCommand, context: CommandContext) {
    const decided = await this.repository.handle(transfer, transferStream(command.transferId), command, context);
    const { state } = await this.repository.load(transfer, transferStream(command.transferId));
    return { id: command.transferId, status: state.status, position: decided.position };
  }

  /** The sweep: every open proposal past its expiry is recorded expired. */
  async expire(now = new Date().toISOString()): Promise<void> {
    for (const doc of await this.queries.lapsed(now)) {
      const context = systemContext(ACTOR, randomUUID(), now);
      await this.repository.handle(
        transfer,
        transferStream(doc._id),
        { type: 'ExpireTransfer', transferId: doc._id, now },
        context,
      );
      await this.release(doc._id, context);
    }
  }

  /**
   * A transfer cancelled or expired: its claim on the register goes back. Done at once where it was recorded; this
   * finishes it after a crash between the two (a repeat records nothing).
   */
  private async ended(event: RecordedEvent & (TransferCancelled | TransferExpired)) {
    try {
      await this.release(event.data.transferId, systemContext(ACTOR, randomUUID(), event.metadata.occurredAt));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      this.logger.warn({ err: error, transferId: event.data.transferId }, 'a transfer’s claim could not be released');
    }
  }

  /**
   * A wallet recovery asked for while a transfer of that person is settling on chain: the DvP acts on the wallet the
   * recovery would empty (or leave), so the recovery is cancelled with the reason and may be asked again once the
   * transfer has settled or failed. (New transfers of theirs are refused while it is open: `recovering`.)
   */
  private async recoveryRequested(event: RecordedEvent & WalletRecoveryRequested) {
    const { requestId, personId } = event.data;
    try {
      const { state } = await this.repository.load(custody, CUSTODY_STREAM);
      const settling = state.recoveries.get(requestId)?.status === 'open' && (await this.queries.settlingOf(personId));
      if (settling)
        await this.repository.handle(
          custody,
          CUSTODY_STREAM,
          { type: 'CancelWalletRecovery', requestId, cancelledBy: ACTOR, reason: M.settlingRecovery(settling) },
          systemContext(ACTOR, randomUUID(), event.metadata.occurredAt),
        );
    } catch (error) {
      // Refused: said, and handled. Anything else fails the subscription, which delivers it again (the checkpoint
      // does not pass it).
      if (!(error instanceof DomainError)) throw error;
      this.logger.warn({ err: error, requestId }, 'a wallet recovery over a settling transfer could not be cancelled');
    }
  }

  /**
   * A settlement step's outcome. The take confirmed: the transfer is settled with its hash and the register records
   * the move (each once: a repeat decides nothing, so the outcomes after the checkpoint — some of them handled
   * before a crash — are read again at each start). A step the
   * chain refused (simulation or revert): the transfer fails with the chain's reason, nothing moved.
   */
  private async settlement(event: RecordedEvent & (ChainTransactionConfirmed | ChainTransactionFailed)) {
    const step = settlementStepOf(event.data.txId);
    if (step) {
      const context = systemContext(ACTOR, randomUUID(), event.metadata.occurredAt);
      try {
        if (event.type === 'ChainTransactionFailed') {
          await this.repository.handle(
            transfer,
            transferStream(step.transferId),
            {
              type: 'FailTransfer',
              transferId: step.transferId,
              txId: event.data.txId,
              txHash: event.data.txHash,
              // A take the chain flow stopped for the buyer's revoked or lapsed certificate was never sent: its reason
              // says so as it is; any other step was refused by the chain.
              reason: event.data.reason.startsWith(SETTLEMENT_STOPPED)
                ? event.data.reason
                : `The settlement was refused on chain at ${STEP_WORDS[step.step]}: ${event.data.reason}`,
              now: event.metadata.occurredAt,
            },
            context,
          );
          // Nothing moved: the claim goes back (read again after a crash here, from the kept checkpoint).
          await this.release(step.transferId, context);
        } else if (step.step === 'take') {
          const { state } = await this.repository.load(transfer, transferStream(step.transferId));
          await this.repository.handle(
            register,
            assetStream(state.assetId!),
            {
              type: 'RecordTransfer',
              assetId: state.assetId!,
              transferId: step.transferId,
              fromInvestorId: state.fromInvestorId!,
              toInvestorId: state.toInvestorId!,
              tokens: state.tokens,
              priceCents: state.priceCents,
              txHash: event.data.txHash,
              settledAt: event.metadata.occurredAt,
            },
            context,
          );
          await this.repository.handle(
            transfer,
            transferStream(step.transferId),
            {
              type: 'SettleTransfer',
              transferId: step.transferId,
              txHash: event.data.txHash,
              now: event.metadata.occurredAt,
            },
            context,
          );
        }
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        this.logger.warn({ err: error, txId: event.data.txId }, 'a transfer settlement could not be recorded');
      }
    }
  }
}
