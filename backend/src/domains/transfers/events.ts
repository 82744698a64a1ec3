import {
  array,
  id,
  int,
  isoDateTime,
  nullable,
  object,
  optional,
  string,
  type EventSchemas,
} from '../../platform/event-schema.js';

/**
 * A transfer between two investors (issue 32), in its own stream `transfer-<id>`: proposed by the seller to a named
 * buyer at a price per token, accepted by the buyer, approved by the asset's owner (or an admin), then settled on
 * chain as delivery versus payment — the tokens and the NZD stablecoin move in one transaction or not at all.
 */
export interface TransferProposed {
  type: 'TransferProposed';
  data: {
    transferId: string;
    assetId: string;
    ownerId: string;
    fromInvestorId: string;
    toInvestorId: string;
    tokens: number;
    /** NZD cents per token. */
    priceCents: number;
    proposedAt: string;
    /** When the proposal lapses unless settled before (`TRANSFER_EXPIRY_DAYS` after it was made). */
    expiresAt: string;
  };
}
export interface TransferAccepted {
  type: 'TransferAccepted';
  data: { transferId: string; buyerId: string; acceptedAt: string };
}
export interface TransferApproved {
  type: 'TransferApproved';
  data: { transferId: string; approverId: string; approvedAt: string };
}
/** Asked of the chain outbox (a source event of domains/tokens flow.ts): the DvP settlement's transactions. */
export interface TransferSettlementRequested {
  type: 'TransferSettlementRequested';
  data: {
    transferId: string;
    assetId: string;
    fromInvestorId: string;
    toInvestorId: string;
    tokens: number;
    /** What the buyer pays: tokens × price per token, NZD cents (the stablecoin has 2 decimals). */
    amountCents: number;
    /** The configured stablecoin, or null for Kauri's test coin on the embedded chain. */
    coin: string | null;
    requestedAt: string;
  };
}
export interface TransferSettled {
  type: 'TransferSettled';
  data: { transferId: string; txHash: string; settledAt: string };
}
export interface TransferFailed {
  type: 'TransferFailed';
  data: { transferId: string; txHash: string | null; reason: string; failedAt: string };
}
/**
 * An admin asked the failed settlement steps again (`failedTxIds`, each through the chain outbox's retry as
 * `<txId>-retry-<n>`): the transfer is settling again, and settles or fails as the new attempts do; the failures it
 * replaced no longer fail it. `givenAllowances` (absent before they were): the allowances the transfer was given,
 * set again first the same way, as another transfer of the party may have used them up (tokens `givenAllowances`).
 */
export interface TransferSettlementRetried {
  type: 'TransferSettlementRetried';
  data: {
    transferId: string;
    retriedBy: string;
    failedTxIds: string[];
    givenAllowances?: string[];
    retriedAt: string;
  };
}
/**
 * An admin who is not a party gave up on a failed settlement whose cause does not go away (a wallet that can never
 * receive, a coin that never arrives, a compliance rule that refuses it for good): the transfer ends, nothing moved
 * in the register, and whatever its DvP left open on chain (the seller's offer, both allowances to the DvP manager)
 * is undone through the chain outbox (a source event of domains/tokens flow.ts).
 */
export interface TransferAbandoned {
  type: 'TransferAbandoned';
  data: { transferId: string; fromInvestorId: string; reason: string; abandonedBy: string; abandonedAt: string };
}
export interface TransferCancelled {
  type: 'TransferCancelled';
  data: { transferId: string; cancelledBy: string; cancelledAt: string };
}
export interface TransferExpired {
  type: 'TransferExpired';
  data: { transferId: string; expiredAt: string };
}

export type TransferEvent =
  | TransferProposed
  | TransferAccepted
  | TransferApproved
  | TransferSettlementRequested
  | TransferSettled
  | TransferFailed
  | TransferSettlementRetried
  | TransferAbandoned
  | TransferCancelled
  | TransferExpired;

export const transferStream = (transferId: string) => `transfer-${transferId}`;

const tokens = int({ min: 1, max: 1e12 });
const cents = int({ max: 100_000_000_000_000 });
const ADDRESS = string({ max: 42, pattern: /^0x[0-9a-fA-F]{40}$/ });
const HASH = string({ max: 66, pattern: /^0x[0-9a-fA-F]{64}$/ });

export const transferEventSchemas = {
  TransferProposed: object({
    transferId: id(),
    assetId: id(),
    ownerId: id(),
    fromInvestorId: id(),
    toInvestorId: id(),
    tokens,
    priceCents: cents,
    proposedAt: isoDateTime(),
    expiresAt: isoDateTime(),
  }),
  TransferAccepted: object({ transferId: id(), buyerId: id(), acceptedAt: isoDateTime() }),
  TransferApproved: object({ transferId: id(), approverId: id(), approvedAt: isoDateTime() }),
  TransferSettlementRequested: object({
    transferId: id(),
    assetId: id(),
    fromInvestorId: id(),
    toInvestorId: id(),
    tokens,
    amountCents: cents,
    coin: nullable(ADDRESS),
    requestedAt: isoDateTime(),
  }),
  TransferSettled: object({ transferId: id(), txHash: HASH, settledAt: isoDateTime() }),
  TransferFailed: object({
    transferId: id(),
    txHash: nullable(HASH),
    reason: string({ max: 2000 }),
    failedAt: isoDateTime(),
  }),
  TransferSettlementRetried: object({
    transferId: id(),
    retriedBy: id(),
    failedTxIds: array(string({ min: 1, max: 300 }), { min: 1, max: 10 }),
    givenAllowances: optional(array(string({ min: 1, max: 300 }), { max: 2 })),
    retriedAt: isoDateTime(),
  }),
  TransferAbandoned: object({
    transferId: id(),
    fromInvestorId: id(),
    reason: string({ min: 1, max: 1000 }),
    abandonedBy: id(),
    abandonedAt: isoDateTime(),
  }),
  TransferCancelled: object({ transferId: id(), cancelledBy: id(), cancelledAt: isoDateTime() }),
  TransferExpired: object({ transferId: id(), expiredAt: isoDateTime() }),
} satisfies EventSchemas<TransferEvent>;
