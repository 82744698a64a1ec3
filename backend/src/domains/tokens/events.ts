import {
  array,
  boolean,
  eventTypesOf,
  id,
  int,
  isoDateTime,
  literal,
  nullable,
  object,
  oneOf,
  optional,
  string,
  union,
  type EventSchemas,
} from '../../platform/event-schema.js';
import { PLATFORM_STEPS, type PlatformStep } from '../../platform/chain/platform-plan.js';

/**
 * Tokens on a chain (docs/design.md §7). Two kinds of stream:
 * - `chain-tx-<txId>`: one chain transaction, intent to outcome — `ChainTransactionRequested` (what and why),
 *   `ChainTransactionSubmitted` (nonce, hash and the signed bytes, recorded before they are broadcast), then
 *   `ChainTransactionConfirmed` (block) or `ChainTransactionFailed` (reason). The raw bytes are public once
 *   broadcast and hold no key; keeping them lets a restart re-send exactly the transaction it recorded.
 * - `custody-wallets`: who holds which address. Person n gets custody wallet n (HD index n of the vault's seed):
 *   the counter is decided on this one stream, so two people never share an index. A person may register an
 *   address of their own instead.
 * The txId names the chain (`c<chainId>-…`) and the cause, so the same cause never requests twice.
 */
export type ChainIntent =
  | { kind: 'platform-step'; step: PlatformStep }
  /** An ONCHAINID identity contract for a person (platform-managed: the signer holds its management key). */
  | { kind: 'deploy-identity'; personId: string }
  /**
   * The person's wallet into the shared identity registry (why: their verification, ownership of an asset, or a
   * switch of wallet). `wallet`: the address to put in; absent, the wallet the person has when it is sent.
   */
  | { kind: 'register-identity'; personId: string; wallet?: string }
  /** `wallet`: the address to take out (the one the person used until now). */
  | { kind: 'remove-identity'; personId: string; wallet: string }
  | { kind: 'deploy-token-identity'; assetId: string }
  | { kind: 'deploy-suite'; assetId: string; name: string; symbol: string; maxHolders: number }
  | { kind: 'mint'; assetId: string; personId: string; amount: number }
  /** An approved cancellation of the owner's retained tokens. */
  | { kind: 'burn'; assetId: string; personId: string; amount: number }
  | { kind: 'unpause'; assetId: string }
  /** The agent moves tokens between holders: an investment (owner → investor) or its reversal. */
  | {
      kind: 'forced-transfer';
      assetId: string;
      investmentId: string;
      fromPersonId: string;
      toPersonId: string;
      amount: number;
      reversal: boolean;
    }
  /** The investor may not send before `until` (the holding's `transferableFrom`), in the HoldingRulesModule. */
  | { kind: 'lock-up'; assetId: string; investmentId: string; personId: string; until: string }
  /** An approved freeze or unfreeze of a whole holding (register `FreezeApproved`): T-REX `setAddressFrozen`. */
  | { kind: 'freeze-address'; assetId: string; personId: string; requestId: string; frozen: boolean }
  /** An approved freeze or unfreeze of some tokens: T-REX `freezePartialTokens` / `unfreezePartialTokens`. */
  | {
      kind: 'freeze-tokens';
      assetId: string;
      personId: string;
      requestId: string;
      amount: number;
      unfreeze: boolean;
    }
  /**
   * Wallet recovery (issue 32, custody `WalletRecoveryApproved`): the new wallet as a management key of the person's
   * ONCHAINID (what T-REX's `recoveryAddress` checks), then `recover` on the first token they hold (registers the new
   * wallet, moves the balance with its frozen tokens and freeze, deletes the lost wallet from the registry), then
   * for each other token a forced transfer of what they hold and the freezes set again on the new wallet.
   */
  | { kind: 'add-identity-key'; personId: string; requestId: string; wallet: string }
  | { kind: 'recover'; assetId: string; personId: string; requestId: string; lostWallet: string; newWallet: string }
  | {
      kind: 'recovery-transfer';
      assetId: string;
      personId: string;
      requestId: string;
      lostWallet: string;
      newWallet: string;
      amount: number;
    }
  | {
      kind: 'recovery-freeze';
      assetId: string;
      personId: string;
      requestId: string;
      newWallet: string;
      /** Tokens to freeze again, or null: the whole address. */
      amount: number | null;
    }
  /** Kauri's test NZD stablecoin (embedded chain only; on a real network the coin is `STABLECOIN_ADDRESS`). */
  | { kind: 'deploy-stablecoin' }
  /** The test coin a distribution pays in, minted to the signer (embedded chain only): its stablecoin lines' net. */
  | { kind: 'stablecoin-mint'; distributionId: string; amount: number }
  /**
   * One line of a distribution paid in the stablecoin: an ERC-20 transfer of its net cents from the signer to the
   * holder's wallet. `token`: the configured coin, or null for Kauri's test coin.
   */
  | {
      kind: 'stablecoin-transfer';
      distributionId: string;
      line: number;
      wallet: string;
      amount: number;
      token: string | null;
    }
  /** T-REX's DVDTransferManager on this chain (transfers between investors settle through it). */
  | { kind: 'deploy-dvd' }
  /**
   * A transfer between investors (domains/transfers), delivery versus payment. `token`: the configured stablecoin,
   * or null for Kauri's test coin. `transfer-fund`: the embedded chain's test faucet, the coin the buyer pays minted
   * to their custody wallet; `transfer-allow`: the seller (tokens) or the buyer (coin) approves the manager, signed
   * with their custody key, for `amount` and what their other transfers on that token need (flow.ts
   * `allowanceNeeded`); `transfer-initiate`: the seller offers the tokens for the coin (signed by the seller);
   * `transfer-take`: the platform's signer (the token's agent) executes both legs in one transaction.
   */
  | { kind: 'transfer-fund'; transferId: string; personId: string; amount: number }
  | {
      kind: 'transfer-allow';
      transferId: string;
      assetId: string;
      personId: string;
      side: 'seller' | 'buyer';
      amount: number;
      token: string | null;
    }
  /**
   * Undoing an abandoned transfer's DvP (domains/transfers `TransferAbandoned`): `transfer-revoke` sets the seller's
   * (tokens) or the buyer's (coin) allowance to the manager back to what their other transfers need (0 for none;
   * flow.ts `allowanceNeeded`), signed with their custody key;
   * `transfer-cancel` cancels the seller's open offer on the manager (the platform's signer, the token's agent).
   */
  | {
      kind: 'transfer-revoke';
      transferId: string;
      assetId: string;
      personId: string;
      side: 'seller' | 'buyer';
      token: string | null;
    }
  | {
      kind: 'transfer-initiate' | 'transfer-take' | 'transfer-cancel';
      transferId: string;
      assetId: string;
      fromPersonId: string;
      toPersonId: string;
      tokens: number;
      amount: number;
      token: string | null;
    };

export type ChainIntentKind = ChainIntent['kind'];

export interface ChainTransactionRequested {
  type: 'ChainTransactionRequested';
  data: {
    txId: string;
    chainId: number;
    intent: ChainIntent;
    /** The event that called for it (null for a platform step asked for by another request, or an admin's retry). */
    causeEventId: string | null;
    /** An admin's retry: the failed transaction this one takes the place of. */
    retryOf?: string;
  };
}
export interface ChainTransactionSubmitted {
  type: 'ChainTransactionSubmitted';
  data: {
    txId: string;
    txHash: string;
    nonce: number;
    from: string;
    /** Null for a contract creation. */
    to: string | null;
    /** The address a contract creation will have. */
    contractAddress: string | null;
    /** The holder's wallet the call acts on (registered, removed, minted to, transferred to, locked up). */
    wallet: string | null;
    /** The signed bytes; absent for a member of a batch (its batch's `ChainBatchSubmitted` holds them). */
    raw?: string;
    /** The batch (`chain-batch-<batchId>`) whose one chain transaction carries this one; absent when sent alone. */
    batchId?: string;
  };
}
/**
 * A member of a batch whose chain transaction cannot have run (reverted as a whole, or its nonce went to other
 * bytes): back to requested, to be sent again in smaller batches (`maxBatch`) — down to alone, where a refusal is
 * its own `ChainTransactionFailed`. So one bad line never holds the others.
 */
export interface ChainTransactionReleased {
  type: 'ChainTransactionReleased';
  data: {
    txId: string;
    txHash: string;
    reason: string;
    /** The most transactions it may share one chain transaction with from now on (half its last batch). */
    maxBatch: number;
  };
}
/**
 * Many requested transactions sent as one chain transaction (a batch call), on `chain-batch-<batchId>`: which ones
 * (`txIds`, in the batch call's order), the nonce, hash and signed bytes — recorded before each member's own
 * `ChainTransactionSubmitted` and before anything is broadcast, so a restart re-sends these very bytes or settles
 * every member by their receipt.
 */
export interface ChainBatchSubmitted {
  type: 'ChainBatchSubmitted';
  data: {
    batchId: string;
    /** In the batch call's order. */
    txIds: string[];
    txHash: string;
    nonce: number;
    from: string;
    /** The contract the batch call goes to. */
    to: string;
    raw: string;
  };
}
export interface ChainTransactionConfirmed {
  type: 'ChainTransactionConfirmed';
  data: {
    txId: string;
    txHash: string;
    blockNumber: number;
    contractAddress: string | null;
    /** For a suite deployment: what the factory deployed. */
    suite: { token: string; identityRegistry: string; compliance: string } | null;
  };
}
export interface ChainTransactionFailed {
  type: 'ChainTransactionFailed';
  data: {
    txId: string;
    /** Null when it was refused before sending (the simulation reverted): no nonce was spent. */
    txHash: string | null;
    reason: string;
  };
}
export interface CustodyWalletAssigned {
  type: 'CustodyWalletAssigned';
  data: { personId: string; index: number; address: string };
}
export interface OwnWalletRegistered {
  type: 'OwnWalletRegistered';
  data: {
    personId: string;
    address: string;
    previousAddress: string | null;
    registeredBy: string;
    /** The challenge the person signed (absent on registrations made before proofs were required). */
    nonce?: string;
  };
}
/**
 * Wallet recovery (issue 32), on `custody-wallets`: an admin records that the investor's identity was re-verified
 * (`reason`) and opens a recovery of their wallet (`custodial`: the platform held its key, and gives a new
 * platform-held wallet; else the investor proves control of a new address of their own, `WalletRecoveryProved`);
 * another admin approves (`WalletRecoveryApproved`: the person's wallet is `newAddress` from then on, and the chain
 * follows with ERC-3643 `recoveryAddress` and forced transfers) or either cancels.
 */
export interface WalletRecoveryRequested {
  type: 'WalletRecoveryRequested';
  data: {
    requestId: string;
    personId: string;
    lostAddress: string;
    custodial: boolean;
    reason: string;
    requestedBy: string;
  };
}
export interface WalletRecoveryProved {
  type: 'WalletRecoveryProved';
  data: { requestId: string; personId: string; address: string; nonce: string };
}
export interface WalletRecoveryApproved {
  type: 'WalletRecoveryApproved';
  data: {
    requestId: string;
    personId: string;
    lostAddress: string;
    newAddress: string;
    approvedBy: string;
    /** A custodial recovery's new HD index (null: the investor's own proven address). */
    custodyIndex: number | null;
  };
}
export interface WalletRecoveryCancelled {
  type: 'WalletRecoveryCancelled';
  data: { requestId: string; personId: string; cancelledBy: string; reason: string };
}
export type WalletRecoveryEvent =
  | WalletRecoveryRequested
  | WalletRecoveryProved
  | WalletRecoveryApproved
  | WalletRecoveryCancelled;

/**
 * A message for a person to sign with the wallet they claim (EIP-4361), on `wallet-challenges-<personId>`: a decided
 * fact rather than process memory, so any replica can check the signature it is answered with.
 */
export interface WalletChallengeIssued {
  type: 'WalletChallengeIssued';
  data: { personId: string; address: string; nonce: string; message: string; issuedAt: string; expiresAt: string };
}
export type WalletChallengeEvent = WalletChallengeIssued;

export type ChainTransactionEvent =
  | ChainTransactionRequested
  | ChainTransactionSubmitted
  | ChainTransactionConfirmed
  | ChainTransactionFailed
  | ChainTransactionReleased;
export type ChainBatchEvent = ChainBatchSubmitted;
export type CustodyEvent = CustodyWalletAssigned | OwnWalletRegistered | WalletRecoveryEvent;
export type TokenEvent = ChainTransactionEvent | ChainBatchEvent | CustodyEvent;

export const ADDRESS = string({ max: 42, pattern: /^0x[0-9a-fA-F]{40}$/ });
const HASH = string({ max: 66, pattern: /^0x[0-9a-f]{64}$/ });
const RAW = string({ max: 200_000, pattern: /^0x[0-9a-f]+$/ });
const amount = int({ min: 1 });
export const NONCE = string({ min: 16, max: 64, pattern: /^[0-9a-zA-Z]+$/ });

const intent = union(
  object({ kind: literal('platform-step'), step: oneOf(PLATFORM_STEPS) }),
  object({ kind: literal('deploy-identity'), personId: id() }),
  object({ kind: literal('register-identity'), personId: id(), wallet: optional(ADDRESS) }),
  object({ kind: literal('remove-identity'), personId: id(), wallet: ADDRESS }),
  object({ kind: literal('deploy-token-identity'), assetId: id() }),
  object({
    kind: literal('deploy-suite'),
    assetId: id(),
    name: string({ nonEmpty: true, max: 80 }),
    symbol: string({ max: 6, pattern: /^[A-Z0-9]{3,6}$/ }),
    maxHolders: int({ min: 1 }),
  }),
  object({ kind: literal('mint'), assetId: id(), personId: id(), amount }),
  object({ kind: literal('burn'), assetId: id(), personId: id(), amount }),
  object({ kind: literal('unpause'), assetId: id() }),
  object({
    kind: literal('forced-transfer'),
    assetId: id(),
    investmentId: id(),
    fromPersonId: id(),
    toPersonId: id(),
    amount,
    reversal: boolean(),
  }),
  object({ kind: literal('lock-up'), assetId: id(), investmentId: id(), personId: id(), until: isoDateTime() }),
  object({ kind: literal('freeze-address'), assetId: id(), personId: id(), requestId: id(), frozen: boolean() }),
  object({
    kind: literal('freeze-tokens'),
    assetId: id(),
    personId: id(),
    requestId: id(),
    amount,
    unfreeze: boolean(),
  }),
  object({ kind: literal('add-identity-key'), personId: id(), requestId: id(), wallet: ADDRESS }),
  object({
    kind: literal('recover'),
    assetId: id(),
    personId: id(),
    requestId: id(),
    lostWallet: ADDRESS,
    newWallet: ADDRESS,
  }),
  object({
    kind: literal('recovery-transfer'),
    assetId: id(),
    personId: id(),
    requestId: id(),
    lostWallet: ADDRESS,
    newWallet: ADDRESS,
    amount,
  }),
  object({
    kind: literal('recovery-freeze'),
    assetId: id(),
    personId: id(),
    requestId: id(),
    newWallet: ADDRESS,
    amount: nullable(amount),
  }),
  object({ kind: literal('deploy-stablecoin') }),
  object({ kind: literal('stablecoin-mint'), distributionId: id(), amount }),
  object({
    kind: literal('stablecoin-transfer'),
    distributionId: id(),
    line: int({ max: 1_000_000 }),
    wallet: ADDRESS,
    amount,
    token: nullable(ADDRESS),
  }),
  object({ kind: literal('deploy-dvd') }),
  object({ kind: literal('transfer-fund'), transferId: id(), personId: id(), amount }),
  object({
    kind: literal('transfer-allow'),
    transferId: id(),
    assetId: id(),
    personId: id(),
    side: literal('seller', 'buyer'),
    amount,
    token: nullable(ADDRESS),
  }),
  object({
    kind: literal('transfer-revoke'),
    transferId: id(),
    assetId: id(),
    personId: id(),
    side: literal('seller', 'buyer'),
    token: nullable(ADDRESS),
  }),
  object({
    kind: literal('transfer-initiate', 'transfer-take', 'transfer-cancel'),
    transferId: id(),
    assetId: id(),
    fromPersonId: id(),
    toPersonId: id(),
    tokens: amount,
    amount,
    token: nullable(ADDRESS),
  }),
);

export const chainTransactionEventSchemas = {
  ChainTransactionRequested: object({
    txId: id(),
    chainId: int({ min: 1 }),
    intent,
    causeEventId: nullable(id()),
    retryOf: optional(id()),
  }),
  ChainTransactionSubmitted: object({
    txId: id(),
    txHash: HASH,
    nonce: int(),
    from: ADDRESS,
    to: nullable(ADDRESS),
    contractAddress: nullable(ADDRESS),
    wallet: nullable(ADDRESS),
    raw: optional(RAW),
    batchId: optional(id()),
  }),
  ChainTransactionConfirmed: object({
    txId: id(),
    txHash: HASH,
    blockNumber: int(),
    contractAddress: nullable(ADDRESS),
    suite: nullable(object({ token: ADDRESS, identityRegistry: ADDRESS, compliance: ADDRESS })),
  }),
  ChainTransactionFailed: object({
    txId: id(),
    txHash: nullable(HASH),
    reason: string({ nonEmpty: true, max: 2000 }),
  }),
  ChainTransactionReleased: object({
    txId: id(),
    txHash: HASH,
    reason: string({ nonEmpty: true, max: 2000 }),
    maxBatch: int({ min: 1 }),
  }),
} satisfies EventSchemas<ChainTransactionEvent>;

/** Most transactions one batch carries (the gas per item decides first: flow.ts `BATCHABLE`). */
export const MAX_BATCH = 500;

export const chainBatchEventSchemas = {
  ChainBatchSubmitted: object({
    batchId: id(),
    txIds: array(id(), { min: 2, max: MAX_BATCH }),
    txHash: HASH,
    nonce: int(),
    from: ADDRESS,
    to: ADDRESS,
    raw: RAW,
  }),
} satisfies EventSchemas<ChainBatchEvent>;

export const custodyEventSchemas = {
  CustodyWalletAssigned: object({ personId: id(), index: int({ max: 2 ** 31 - 1 }), address: ADDRESS }),
  OwnWalletRegistered: object({
    personId: id(),
    address: ADDRESS,
    previousAddress: nullable(ADDRESS),
    registeredBy: id(),
    nonce: optional(NONCE),
  }),
  WalletRecoveryRequested: object({
    requestId: id(),
    personId: id(),
    lostAddress: ADDRESS,
    custodial: boolean(),
    reason: string({ nonEmpty: true, max: 1000 }),
    requestedBy: id(),
  }),
  WalletRecoveryProved: object({ requestId: id(), personId: id(), address: ADDRESS, nonce: NONCE }),
  WalletRecoveryApproved: object({
    requestId: id(),
    personId: id(),
    lostAddress: ADDRESS,
    newAddress: ADDRESS,
    approvedBy: id(),
    custodyIndex: nullable(int({ max: 2 ** 31 - 1 })),
  }),
  WalletRecoveryCancelled: object({
    requestId: id(),
    personId: id(),
    cancelledBy: id(),
    reason: string({ nonEmpty: true, max: 1000 }),
  }),
} satisfies EventSchemas<CustodyEvent>;

export const walletChallengeEventSchemas = {
  WalletChallengeIssued: object({
    personId: id(),
    address: ADDRESS,
    nonce: NONCE,
    message: string({ nonEmpty: true, max: 2000 }),
    issuedAt: isoDateTime(),
    expiresAt: isoDateTime(),
  }),
} satisfies EventSchemas<WalletChallengeEvent>;
export const walletChallengeStream = (personId: string) => `wallet-challenges-${personId}`;

export const chainTransactionStream = (txId: string) => `chain-tx-${txId}`;
export const chainBatchStream = (batchId: string) => `chain-batch-${batchId}`;
export const CUSTODY_STREAM = 'custody-wallets';
export const TOKEN_EVENT_TYPES: readonly TokenEvent['type'][] = [
  ...eventTypesOf(chainTransactionEventSchemas),
  ...eventTypesOf(chainBatchEventSchemas),
  ...eventTypesOf(custodyEventSchemas),
];
