import type { Decider } from '../../platform/decider.js';
import { DomainError } from '../../platform/errors.js';
import { nzLongDate } from '../../platform/nz-time.js';
import { TRANSFER_MESSAGES as M } from '../../messages.js';
import { transferEventSchemas, type TransferEvent } from './events.js';
import type { TransferApproval } from '../register/events.js';
import { upcasters } from '../upcasters.js';

/** A proposal lapses this many days after it was made unless settlement has started (our choice: a week). */
export const TRANSFER_EXPIRY_DAYS = 7;
/** Most holders of one token at once (the HoldingRulesModule's figure, domains/tokens flow.ts MAX_HOLDERS). */
export const TRANSFER_MAX_HOLDERS = 1000;

export type TransferStatus =
  | 'none'
  | 'proposed'
  | 'accepted'
  | 'approved'
  | 'settled'
  | 'cancelled'
  | 'expired'
  | 'failed'
  | 'abandoned';

export interface TransferState {
  status: TransferStatus;
  assetId: string | null;
  ownerId: string | null;
  fromInvestorId: string | null;
  toInvestorId: string | null;
  tokens: number;
  priceCents: number;
  expiresAt: string | null;
  txHash: string | null;
  refusal: string | null;
  /**
   * Settlement steps an admin asked again, in the order they are asked (the allowances set again, then the failed
   * steps): their failure no longer fails the transfer (a replay).
   */
  retried: ReadonlySet<string>;
  /** Why an admin abandoned it (status `abandoned`). */
  abandonReason: string | null;
  /** Settlements asked: 1 at the approval, one more at each retry (the register's earmark names the attempt). */
  attempts: number;
}

/** The most an abandonment's reason may say (an event's every string is bounded). */
export const ABANDON_REASON_MAX = 1000;

/**
 * What other streams and the chain say, gathered by the handler at each step (propose, accept, approve) from the
 * events and the chain — never from a read model — so the decider stays pure.
 */
export interface TransferChecks {
  assetActive: boolean;
  /** The single wholesale decision (`isWholesaleAt`) for the buyer, with why not. */
  buyer: { standing: 'verified' | 'none' | 'lapsed' | 'revoked'; revokedAt: string | null; known: boolean };
  buyerWallet: 'custody' | 'own' | null;
  sellerWallet: 'custody' | 'own' | null;
  /** What the register says the seller holds of the asset. */
  sellerHolds: number;
  /** Of those, frozen (the token's own frozen state on chain, and the register's once it records freezes). */
  frozen: number;
  /** The buyer's whole address is frozen for the token (on chain or in the register): T-REX refuses to credit it. */
  buyerFrozen: boolean;
  /**
   * The seller's tokens other transfers claim (`claims` says which): at a proposal every other open transfer's
   * promise (so a seller cannot over-promise); at acceptance, approval and retry only those of approved transfers
   * settling on chain — a promise binds nothing, and the approval's settling claim on the register is what
   * serialises two transfers that do not both fit.
   */
  promised: number;
  /** What `promised` counts: other `open` transfers (a proposal), or other `approved` ones (later steps). */
  claims: 'open' | 'approved';
  /** The seller's lock-up end when it is still ahead (register `transferableFrom` / HoldingRulesModule). */
  lockedUntil: string | null;
  /** The buyer holds none yet and the token already has its most holders. */
  holderLimitReached: boolean;
  /** The token's compliance `canTransfer(seller, buyer, tokens)` read on chain; null when no chain answers. */
  canTransfer: boolean | null;
  /**
   * A party whose wallet recovery is open, or approved with its tokens not yet moved on chain: a settlement now would
   * act on a wallet about to be emptied (the seller) or left (the buyer), so the transfer waits (README "Recovery").
   */
  recovering: 'seller' | 'buyer' | null;
}

export type TransferCommand =
  | {
      type: 'ProposeTransfer';
      transferId: string;
      assetId: string;
      ownerId: string;
      sellerId: string;
      toInvestorId: string;
      tokens: number;
      priceCents: number;
      now: string;
      checks: TransferChecks;
    }
  | { type: 'AcceptTransfer'; transferId: string; actorId: string; now: string; checks: TransferChecks }
  | {
      type: 'ApproveTransfer';
      transferId: string;
      actorId: string;
      actorIsAdmin: boolean;
      /** The asset's setting, read by the handler from the register: the owner (admins may too), or admins only. */
      approval: TransferApproval;
      coin: string | null;
      now: string;
      checks: TransferChecks;
    }
  | { type: 'CancelTransfer'; transferId: string; actorId: string; now: string }
  | { type: 'ExpireTransfer'; transferId: string; now: string }
  | { type: 'SettleTransfer'; transferId: string; txHash: string; now: string }
  /** `txId`: the settlement step that failed (a step since retried fails nothing). */
  | { type: 'FailTransfer'; transferId: string; txId: string; txHash: string | null; reason: string; now: string }
  /**
   * An admin asks the failed settlement steps again (`failedTxIds`, as the chain outbox reads them), once the
   * transfer passes the same checks as at approval, after setting again the allowances it was given
   * (`givenAllowances`).
   */
  | {
      type: 'RetrySettlement';
      transferId: string;
      actorId: string;
      failedTxIds: string[];
      givenAllowances: string[];
      now: string;
      checks: TransferChecks;
    }
  /**
   * An admin who is not a party gives up on a failed settlement (four eyes, as for the approval): the transfer ends
   * `abandoned`, and the chain flow undoes what its DvP left open.
   */
  | {
      type: 'AbandonTransfer';
      transferId: string;
      actorId: string;
      actorIsAdmin: boolean;
      reason: string;
      now: string;
    };

export const initialTransferState: TransferState = {
  status: 'none',
  assetId: null,
  ownerId: null,
  fromInvestorId: null,
  toInvestorId: null,
  tokens: 0,
  priceCents: 0,
  expiresAt: null,
  txHash: null,
  refusal: null,
  retried: new Set(),
  abandonReason: null,
  attempts: 0,
};

const addDays = (iso: string, days: number) => new Date(Date.parse(iso) + days * 86_400_000).toISOString();
/** When a proposal made at `now` lapses unless approved (and with it the register's promise of its tokens). */
export const expiryOf = (now: string) => addDays(now, TRANSFER_EXPIRY_DAYS);

/**
 * Why a transfer of `tokens` from seller to buyer is refused now, in the order a person would fix them, or null.
 * The same rules at proposal, acceptance and approval; the chain checks again when the settlement runs.
 */
export function transferRefusal(
  sellerId: string,
  toInvestorId: string,
  tokens: number,
  c: TransferChecks,
  /**
   * Who is refused: the seller proposing, the buyer accepting, or an approver (the messages say "your" to the seller
   * only). The buyer is told only that the seller cannot transfer them now: not what the seller holds, has frozen,
   * has promised elsewhere or has locked up, which is the seller's business (a freeze may be a court order).
   */
  to: 'seller' | 'buyer' | 'other' = 'seller',
): DomainError | null {
  const reader = to === 'seller' ? 'seller' : 'other';
  /** A refusal about the seller's own holding or wallet. */
  const sellers = (message: string) => new DomainError(to === 'buyer' ? M.sellerCannotNow : message, 409);
  if (sellerId === toInvestorId) return new DomainError(M.toSelf, 400);
  if (!c.assetActive) return new DomainError(M.assetNotActive, 409);
  if (!c.buyer.known) return new DomainError(M.buyerUnknown, 404);
  if (c.buyer.standing === 'revoked' && c.buyer.revokedAt)
    return new DomainError(M.buyerRevoked(nzLongDate(c.buyer.revokedAt)), 409);
  if (c.buyer.standing === 'lapsed') return new DomainError(M.buyerLapsed, 409);
  if (c.buyer.standing !== 'verified') return new DomainError(M.buyerNotVerified, 409);
  if (c.recovering) return new DomainError(M.recovering(c.recovering), 409);
  const free = Math.max(0, c.sellerHolds - c.frozen - c.promised);
  // Named by what falls short: what is held, else the frozen tokens, else the other transfers' claims.
  if (tokens > c.sellerHolds) return sellers(M.notEnough(free, reader));
  if (tokens > c.sellerHolds - c.frozen) return sellers(M.frozen(c.frozen, reader));
  if (tokens > free) return sellers(M.claimedElsewhere(c.promised, free, reader, c.claims));
  if (c.buyerFrozen) return new DomainError(M.buyerFrozen, 409);
  if (c.lockedUntil) return sellers(M.lockedUp(nzLongDate(c.lockedUntil), reader));
  if (c.holderLimitReached) return new DomainError(M.holderLimit(TRANSFER_MAX_HOLDERS), 409);
  if (c.sellerWallet === null) return sellers(M.sellerNoWallet(reader));
  if (c.sellerWallet === 'own') return new DomainError(M.ownWallet('seller'), 409);
  if (c.buyerWallet === null) return new DomainError(M.buyerNoWallet, 409);
  if (c.buyerWallet === 'own') return new DomainError(M.ownWallet('buyer'), 409);
  if (c.canTransfer === false) return new DomainError(M.chainRefused, 409);
  return null;
}

const open = (s: TransferState) => s.status === 'proposed' || s.status === 'accepted';
/** A proposal past its expiry: refused from then on, though the sweep records `TransferExpired` a little later. */
export const lapsed = (s: Pick<TransferState, 'expiresAt'>, now: string) => s.expiresAt !== null && now >= s.expiresAt;

export const transfer: Decider<TransferCommand, TransferEvent, TransferState> = {
  name: 'transfer',
  upcasters,
  initialState: initialTransferState,
  eventSchemas: transferEventSchemas,
  ignoresPersonalData: true,
  evolve(state, event) {
    switch (event.type) {
      case 'TransferProposed': {
        const d = event.data;
        return {
          ...state,
          status: 'proposed',
          assetId: d.assetId,
          ownerId: d.ownerId,
          fromInvestorId: d.fromInvestorId,
          toInvestorId: d.toInvestorId,
          tokens: d.tokens,
          priceCents: d.priceCents,
          expiresAt: d.expiresAt,
        };
      }
      case 'TransferAccepted':
        return { ...state, status: 'accepted' };
      case 'TransferApproved':
        return { ...state, status: 'approved', attempts: state.attempts + 1 };
      case 'TransferSettlementRequested':
        return state;
      case 'TransferSettled':
        return { ...state, status: 'settled', txHash: event.data.txHash };
      case 'TransferFailed':
        return { ...state, status: 'failed', txHash: event.data.txHash, refusal: event.data.reason };
      case 'TransferSettlementRetried':
        return {
          ...state,
          status: 'approved',
          attempts: state.attempts + 1,
          txHash: null,
          refusal: null,
          retried: new Set([...state.retried, ...(event.data.givenAllowances ?? []), ...event.data.failedTxIds]),
        };
      case 'TransferAbandoned':
        return { ...state, status: 'abandoned', abandonReason: event.data.reason };
      case 'TransferCancelled':
        return { ...state, status: 'cancelled' };
      case 'TransferExpired':
        return { ...state, status: 'expired' };
      default: {
        const _exhaustive: never = event;
        return state;
      }
    }
  },
  decide(command, state) {
    if (command.type === 'ProposeTransfer') {
      if (state.status !== 'none') return []; // the same id again: recorded already
      const refusal = transferRefusal(command.sellerId, command.toInvestorId, command.tokens, command.checks);
      if (refusal) throw refusal;
      return [
        {
          type: 'TransferProposed',
          data: {
            transferId: command.transferId,
            assetId: command.assetId,
            ownerId: command.ownerId,
            fromInvestorId: command.sellerId,
            toInvestorId: command.toInvestorId,
            tokens: command.tokens,
            priceCents: command.priceCents,
            proposedAt: command.now,
            expiresAt: expiryOf(command.now),
          },
        },
      ];
    }
    if (state.status === 'none') throw new DomainError(M.notFound, 404);
    // Who sees a transfer (its parties, the asset's owner, admins) is judged before it is decided (the controller's
    // `actsOn`): anyone else gets 404, as if it did not exist. Whoever sees it but is not the one a command is for
    // gets 403 naming who is, so that seeing it and being refused it always agree.
    const seller = state.fromInvestorId!;
    const buyer = state.toInvestorId!;
    switch (command.type) {
      case 'AcceptTransfer': {
        if (command.actorId !== buyer) throw new DomainError(M.onlyBuyer, 403);
        if (state.status !== 'proposed') throw new DomainError(M.notProposed, 409);
        if (lapsed(state, command.now)) throw new DomainError(M.expired, 409);
        const refusal = transferRefusal(seller, buyer, state.tokens, command.checks, 'buyer');
        if (refusal) throw refusal;
        return [
          {
            type: 'TransferAccepted',
            data: { transferId: command.transferId, buyerId: buyer, acceptedAt: command.now },
          },
        ];
      }
      case 'ApproveTransfer': {
        if (command.actorId !== state.ownerId && !command.actorIsAdmin) throw new DomainError(M.onlyApprover, 403);
        if (command.approval === 'admin' && !command.actorIsAdmin) throw new DomainError(M.onlyAdminApprover, 403);
        if (command.actorId === seller || command.actorId === buyer) throw new DomainError(M.partyApprover, 403);
        if (state.status === 'approved' || state.status === 'settled') throw new DomainError(M.alreadyApproved, 409);
        // An ended transfer says so, not that the buyer must accept it first.
        if (state.status === 'expired') throw new DomainError(M.expired, 409);
        if (state.status === 'cancelled' || state.status === 'failed' || state.status === 'abandoned')
          throw new DomainError(M.approveEnded(state.status), 409);
        if (state.status !== 'accepted') throw new DomainError(M.notAccepted, 409);
        if (lapsed(state, command.now)) throw new DomainError(M.expired, 409);
        const refusal = transferRefusal(seller, buyer, state.tokens, command.checks, 'other');
        if (refusal) throw refusal;
        return [
          {
            type: 'TransferApproved',
            data: { transferId: command.transferId, approverId: command.actorId, approvedAt: command.now },
          },
          {
            type: 'TransferSettlementRequested',
            data: {
              transferId: command.transferId,
              assetId: state.assetId!,
              fromInvestorId: seller,
              toInvestorId: buyer,
              tokens: state.tokens,
              amountCents: state.tokens * state.priceCents,
              coin: command.coin,
              requestedAt: command.now,
            },
          },
        ];
      }
      case 'CancelTransfer': {
        if (command.actorId !== seller && command.actorId !== buyer) throw new DomainError(M.onlyParties, 403);
        if (!open(state)) throw new DomainError(M.notCancellable, 409);
        return [
          {
            type: 'TransferCancelled',
            data: { transferId: command.transferId, cancelledBy: command.actorId, cancelledAt: command.now },
          },
        ];
      }
      case 'ExpireTransfer':
        if (!open(state) || !lapsed(state, command.now)) return [];
        return [{ type: 'TransferExpired', data: { transferId: command.transferId, expiredAt: command.now } }];
      case 'SettleTransfer':
        if (state.status !== 'approved') return []; // settled already (or never approved): nothing twice
        return [
          {
            type: 'TransferSettled',
            data: { transferId: command.transferId, txHash: command.txHash, settledAt: command.now },
          },
        ];
      case 'FailTransfer':
        if (state.status !== 'approved' || state.retried.has(command.txId)) return [];
        return [
          {
            type: 'TransferFailed',
            data: {
              transferId: command.transferId,
              txHash: command.txHash,
              reason: command.reason.slice(0, 2000),
              failedAt: command.now,
            },
          },
        ];
      case 'RetrySettlement': {
        // Settling again is approving again: never by a party (four eyes, as for the approval and the abandonment).
        if (command.actorId === seller || command.actorId === buyer) throw new DomainError(M.partyRetry, 403);
        if (state.status === 'abandoned') throw new DomainError(M.retryAbandoned, 409);
        if (state.status !== 'failed') throw new DomainError(M.notFailed, 409);
        const failed = command.failedTxIds.filter((txId) => !state.retried.has(txId));
        if (failed.length === 0) throw new DomainError(M.notRetryable, 409);
        // Whatever changed since the approval (a freeze, a recovery, a revoked certificate) refuses it again.
        const refusal = transferRefusal(seller, buyer, state.tokens, command.checks, 'other');
        if (refusal) throw refusal;
        return [
          {
            type: 'TransferSettlementRetried',
            data: {
              transferId: command.transferId,
              retriedBy: command.actorId,
              failedTxIds: failed,
              givenAllowances: command.givenAllowances,
              retriedAt: command.now,
            },
          },
        ];
      }
      case 'AbandonTransfer': {
        // Admins only, and never a party (four eyes): the seller and the buyer each gain from one outcome.
        if (!command.actorIsAdmin || command.actorId === seller || command.actorId === buyer)
          throw new DomainError(M.onlyAdminAbandons, 403);
        const reason = command.reason.trim();
        if (!reason || reason.length > ABANDON_REASON_MAX)
          throw new DomainError(M.abandonReason, 400, [{ field: 'reason', message: M.abandonReason }]);
        switch (state.status) {
          case 'failed':
            break;
          case 'settled':
            throw new DomainError(M.abandonSettled, 409);
          case 'approved':
            throw new DomainError(M.abandonSettling, 409);
          case 'proposed':
          case 'accepted':
            throw new DomainError(M.abandonOpen, 409);
          case 'cancelled':
          case 'expired':
            throw new DomainError(M.abandonEnded, 409);
          case 'abandoned':
            throw new DomainError(M.alreadyAbandoned, 409);
          default: {
            const _exhaustive: 'none' = state.status;
            throw new DomainError(M.notFound, 404);
          }
        }
        return [
          {
            type: 'TransferAbandoned',
            data: {
              transferId: command.transferId,
              fromInvestorId: seller,
              reason,
              abandonedBy: command.actorId,
              abandonedAt: command.now,
            },
          },
        ];
      }
      default: {
        const _exhaustive: never = command;
        throw new Error(`unknown command ${JSON.stringify(_exhaustive)}`);
      }
    }
  },
};
