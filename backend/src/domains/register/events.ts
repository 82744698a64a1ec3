import {
  boolean,
  id,
  int,
  isoDateTime,
  literal,
  nullable,
  object,
  string,
  type EventSchemas,
} from '../../platform/event-schema.js';
import { ASSET_FIELDS, assetEventSchemas, type AssetEvent } from '../assets/events.js';

/**
 * The register of one asset: who owns its tokens. It lives in the asset's own stream (`asset-<assetId>`), beside
 * the wizard's events, so every decision that must not oversell — an off-platform holding, an offering's
 * allocation, a supply change — is made under that one stream's expected revision.
 *
 *   supply = owner retained + off-platform holdings + unsold offering allocations + tokens issued to investors
 *
 * Owner retained is never recorded: it is what is left, and the decider never lets it go below zero.
 * Investments live in each offering's stream; the register follows each offering stream (in order, up to the
 * revision it has settled) and records the facts that move tokens: issued on confirmation, returned on close.
 */
export interface InvestorHoldingChanged {
  type: 'InvestorHoldingChanged';
  /** An off-platform holder's new holding; name, e-mail and the owner's reason are personal (sealed). */
  data: {
    assetId: string;
    ownerId: string;
    investorId: string;
    subjectId: string;
    tokens: number;
    previousTokens: number;
    personal: { name: string; email: string | null; reason: string };
  };
}
export interface InvestorRemoved {
  type: 'InvestorRemoved';
  data: {
    assetId: string;
    ownerId: string;
    investorId: string;
    subjectId: string;
    tokens: number;
    personal: { reason: string };
  };
}
/** The reservation half of creating an offering: it carries the offering's terms, so a crash can be completed. */
export interface TokensAllocated {
  type: 'TokensAllocated';
  data: {
    assetId: string;
    ownerId: string;
    offeringId: string;
    tokens: number;
    offering: {
      name: string;
      description: string;
      tokenPrice: string;
      minimumInvestment: string;
      lockupDays: number;
      createdBy: string;
    };
  };
}
/**
 * Tokens going back from an offering's allocation to the owner: the offering was never created (compensation),
 * it closed with tokens unsold, or a pending investment was cancelled after it closed.
 */
export interface AllocationReturned {
  type: 'AllocationReturned';
  data: {
    assetId: string;
    offeringId: string;
    tokens: number;
    cause: 'not-created' | 'closed' | 'cancelled-after-close';
    /** The offering stream's revision this follows; null for a compensation. */
    offeringRevision: number | null;
  };
}
/** A confirmed investment: tokens move from the offering's allocation to the investor. */
export interface TokensIssued {
  type: 'TokensIssued';
  data: {
    assetId: string;
    ownerId: string;
    offeringId: string;
    investmentId: string;
    investorId: string;
    tokens: number;
    offeringRevision: number;
  };
}
/**
 * A settled transfer between two investors (domains/transfers, issue 32): recorded once its delivery versus payment
 * is confirmed on chain. The buyer's price is their cost of these tokens; the seller's holding goes down.
 */
export interface TokensTransferred {
  type: 'TokensTransferred';
  data: {
    assetId: string;
    ownerId: string;
    transferId: string;
    fromInvestorId: string;
    toInvestorId: string;
    tokens: number;
    /** NZD cents per token the buyer paid. */
    priceCents: number;
    txHash: string;
    settledAt: string;
    /** What the seller holds after it (0: they are no longer a holder). */
    sellerTokensAfter: number;
  };
}
/**
 * A claim on a seller's tokens by a transfer between investors (domains/transfers): the register is the one place
 * that serialises every claim on a holder's tokens, so a claim is decided here, under the asset stream's expected
 * revision, against held − frozen − the other claims. `promised` at the proposal (it lapses with the proposal at
 * `expiresAt`, and yields to a freeze); `settling` at the approval and at each retry (`attempt`: 1 at the approval,
 * n + 1 at the nth retry), which a freeze may not take. A later earmark of the same transfer replaces the earlier;
 * `TokensTransferred` consumes it, `EarmarkReleased` gives it back. A `TokensTransferred` of a transfer approved
 * before earmarks existed consumes none.
 */
export type EarmarkStage = 'promised' | 'settling';
export interface TokensEarmarked {
  type: 'TokensEarmarked';
  data: {
    assetId: string;
    ownerId: string;
    transferId: string;
    sellerId: string;
    tokens: number;
    stage: EarmarkStage;
    attempt: number;
    /** When a promise lapses (the proposal's expiry); null for a settling earmark, which lapses never. */
    expiresAt: string | null;
  };
}
/** Why an earmark goes back: the transfer was cancelled, expired, its settlement failed, or it was never recorded. */
export type EarmarkReleaseReason = 'cancelled' | 'expired' | 'failed' | 'not-recorded';
export interface EarmarkReleased {
  type: 'EarmarkReleased';
  data: {
    assetId: string;
    transferId: string;
    sellerId: string;
    tokens: number;
    reason: EarmarkReleaseReason;
  };
}
/** The offering stream is followed this far even where nothing moved (e.g. it closed fully sold). */
export interface OfferingSettled {
  type: 'OfferingSettled';
  data: { assetId: string; offeringId: string; offeringRevision: number };
}
/** The owner asks to issue more tokens (delta > 0) or cancel unissued ones (delta < 0); an admin decides. */
export interface SupplyChangeRequested {
  type: 'SupplyChangeRequested';
  data: { assetId: string; ownerId: string; changeId: string; delta: number; reason: string; requestedAt: string };
}
export interface SupplyChangeApproved {
  type: 'SupplyChangeApproved';
  data: { assetId: string; ownerId: string; changeId: string; delta: number; supply: number; approvedBy: string };
}
export interface SupplyChangeRejected {
  type: 'SupplyChangeRejected';
  data: { assetId: string; ownerId: string; changeId: string; reason: string; rejectedBy: string };
}

/**
 * Agent powers (issue 32): an admin asks to freeze or unfreeze a holder's tokens on this asset — the whole holding
 * (`address`: T-REX `setAddressFrozen`) or a number of tokens (`tokens`: `freezePartialTokens`) — with a reason
 * (a court order, a dispute); another admin decides (four eyes). The holder is a platform investor of the asset or
 * its owner (their retained tokens).
 */
export type FreezeAction = 'freeze' | 'unfreeze';
export type FreezeScope = 'address' | 'tokens';
export interface FreezeRequested {
  type: 'FreezeRequested';
  data: {
    assetId: string;
    ownerId: string;
    requestId: string;
    holderId: string;
    action: FreezeAction;
    scope: FreezeScope;
    /** Tokens to freeze or unfreeze (scope `tokens`); null for the whole holding. */
    tokens: number | null;
    reason: string;
    requestedBy: string;
    requestedAt: string;
  };
}
/** The request approved: the holding's frozen state after it, so a reader needs no arithmetic. */
export interface FreezeApproved {
  type: 'FreezeApproved';
  data: {
    assetId: string;
    ownerId: string;
    requestId: string;
    holderId: string;
    action: FreezeAction;
    scope: FreezeScope;
    tokens: number | null;
    reason: string;
    requestedBy: string;
    approvedBy: string;
    /** Tokens frozen one by one (`freezePartialTokens`) after this decision. */
    frozenTokens: number;
    /** The whole holding frozen (`setAddressFrozen`) after this decision. */
    addressFrozen: boolean;
  };
}
export interface FreezeRejected {
  type: 'FreezeRejected';
  data: {
    assetId: string;
    ownerId: string;
    requestId: string;
    holderId: string;
    reason: string;
    requestedBy: string;
    rejectedBy: string;
  };
}

/**
 * Who approves transfers between investors of this asset (domains/transfers): its owner (an admin who is not a party
 * may approve too, as the platform's oversight), or Kauri's admins only. The owner may hand approval to the admins;
 * only an admin hands it back.
 */
export type TransferApproval = 'owner' | 'admin';
export interface TransferApprovalChosen {
  type: 'TransferApprovalChosen';
  data: { assetId: string; ownerId: string; approval: TransferApproval; chosenBy: string };
}

export type RegisterEvent =
  | TransferApprovalChosen
  | FreezeRequested
  | FreezeApproved
  | FreezeRejected
  | InvestorHoldingChanged
  | InvestorRemoved
  | TokensAllocated
  | AllocationReturned
  | TokensIssued
  | TokensTransferred
  | TokensEarmarked
  | EarmarkReleased
  | OfferingSettled
  | SupplyChangeRequested
  | SupplyChangeApproved
  | SupplyChangeRejected;

/** Everything recorded in an asset's stream: the wizard's events and the register's. */
export type AssetStreamEvent = AssetEvent | RegisterEvent;

/** The tokenization's steps on an asset's stream: terms set, review asked, approved or returned. */
export const TOKENIZATION_EVENT_TYPES = [
  'TokenConfigured',
  'TokenizationRequested',
  'TokenizationApproved',
  'TokenizationReturned',
] as const satisfies AssetStreamEvent['type'][];

/** The owner's off-platform holders on the cap table: added, changed, removed. */
export const OFF_PLATFORM_HOLDER_EVENT_TYPES = [
  'InvestorAdded',
  'InvestorHoldingChanged',
  'InvestorRemoved',
] as const satisfies AssetStreamEvent['type'][];

/** An asset's life before its offering: drafted, documented, valued, tokenized, off-platform holders. */
export const ASSET_LIFE_EVENT_TYPES = [
  'AssetDrafted',
  'DocumentUploaded',
  'AssetValued',
  ...TOKENIZATION_EVENT_TYPES,
  ...OFF_PLATFORM_HOLDER_EVENT_TYPES,
] as const satisfies AssetStreamEvent['type'][];

export const REGISTER_FIELDS = {
  reason: string({ nonEmpty: true, max: 1000 }),
  /** Why tokens are frozen or unfrozen (a court order, a dispute): at least a few words, at most 1,000 characters. */
  freezeReason: string({ nonEmpty: true, min: 10, max: 1000 }),
  /** A supply change: never zero, at most a trillion tokens either way. */
  delta: int({ min: -1e12, max: 1e12 }),
};

const NZD = string({ max: 16, pattern: /^\d{1,13}\.\d{2}$/ });
const revision = int();
const holder = { assetId: id(), ownerId: id(), investorId: id(), subjectId: id() };
const freeze = {
  assetId: id(),
  ownerId: id(),
  requestId: id(),
  holderId: id(),
  action: literal('freeze', 'unfreeze'),
  scope: literal('address', 'tokens'),
  tokens: nullable(ASSET_FIELDS.tokens),
  reason: REGISTER_FIELDS.freezeReason,
  requestedBy: id(),
};

export const registerEventSchemas = {
  InvestorHoldingChanged: object({
    ...holder,
    tokens: ASSET_FIELDS.tokens,
    previousTokens: ASSET_FIELDS.tokens,
    personal: object({
      name: ASSET_FIELDS.investorName,
      email: ASSET_FIELDS.investorEmail,
      reason: REGISTER_FIELDS.reason,
    }),
  }),
  InvestorRemoved: object({
    ...holder,
    tokens: ASSET_FIELDS.tokens,
    personal: object({ reason: REGISTER_FIELDS.reason }),
  }),
  TokensAllocated: object({
    assetId: id(),
    ownerId: id(),
    offeringId: id(),
    tokens: ASSET_FIELDS.tokens,
    offering: object({
      name: string({ nonEmpty: true, max: 120 }),
      description: string({ max: 4000 }),
      tokenPrice: NZD,
      minimumInvestment: NZD,
      lockupDays: int({ max: 3650 }),
      createdBy: id(),
    }),
  }),
  AllocationReturned: object({
    assetId: id(),
    offeringId: id(),
    tokens: ASSET_FIELDS.tokens,
    cause: literal('not-created', 'closed', 'cancelled-after-close'),
    offeringRevision: nullable(revision),
  }),
  TokensIssued: object({
    assetId: id(),
    ownerId: id(),
    offeringId: id(),
    investmentId: id(),
    investorId: id(),
    tokens: ASSET_FIELDS.tokens,
    offeringRevision: revision,
  }),
  TokensTransferred: object({
    assetId: id(),
    ownerId: id(),
    transferId: id(),
    fromInvestorId: id(),
    toInvestorId: id(),
    tokens: ASSET_FIELDS.tokens,
    priceCents: int({ max: 100_000_000_000_000 }),
    txHash: string({ max: 66, pattern: /^0x[0-9a-fA-F]{64}$/ }),
    settledAt: isoDateTime(),
    sellerTokensAfter: int({ max: 1e12 }),
  }),
  TokensEarmarked: object({
    assetId: id(),
    ownerId: id(),
    transferId: id(),
    sellerId: id(),
    tokens: ASSET_FIELDS.tokens,
    stage: literal('promised', 'settling'),
    attempt: int({ max: 1_000_000 }),
    expiresAt: nullable(isoDateTime()),
  }),
  EarmarkReleased: object({
    assetId: id(),
    transferId: id(),
    sellerId: id(),
    tokens: ASSET_FIELDS.tokens,
    reason: literal('cancelled', 'expired', 'failed', 'not-recorded'),
  }),
  OfferingSettled: object({ assetId: id(), offeringId: id(), offeringRevision: revision }),
  SupplyChangeRequested: object({
    assetId: id(),
    ownerId: id(),
    changeId: id(),
    delta: REGISTER_FIELDS.delta,
    reason: REGISTER_FIELDS.reason,
    requestedAt: isoDateTime(),
  }),
  SupplyChangeApproved: object({
    assetId: id(),
    ownerId: id(),
    changeId: id(),
    delta: REGISTER_FIELDS.delta,
    supply: ASSET_FIELDS.tokenCount,
    approvedBy: id(),
  }),
  SupplyChangeRejected: object({
    assetId: id(),
    ownerId: id(),
    changeId: id(),
    reason: REGISTER_FIELDS.reason,
    rejectedBy: id(),
  }),
  FreezeRequested: object({
    ...freeze,
    requestedAt: isoDateTime(),
  }),
  FreezeApproved: object({
    ...freeze,
    approvedBy: id(),
    frozenTokens: int({ min: 0, max: 1e15 }),
    addressFrozen: boolean(),
  }),
  TransferApprovalChosen: object({
    assetId: id(),
    ownerId: id(),
    approval: literal('owner', 'admin'),
    chosenBy: id(),
  }),
  FreezeRejected: object({
    assetId: id(),
    ownerId: id(),
    requestId: id(),
    holderId: id(),
    reason: REGISTER_FIELDS.reason,
    requestedBy: id(),
    rejectedBy: id(),
  }),
} satisfies EventSchemas<RegisterEvent>;

export const assetStreamEventSchemas = { ...assetEventSchemas, ...registerEventSchemas };
