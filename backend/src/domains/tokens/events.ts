import {
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
  | ChainTransactionFailed;
export type CustodyEvent = CustodyWalletAssigned | OwnWalletRegistered;
export type TokenEvent = ChainTransactionEvent | CustodyEvent;

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
    raw: RAW,
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
} satisfies EventSchemas<ChainTransactionEvent>;

export const custodyEventSchemas = {
  CustodyWalletAssigned: object({ personId: id(), index: int({ max: 2 ** 31 - 1 }), address: ADDRESS }),
  OwnWalletRegistered: object({
    personId: id(),
    address: ADDRESS,
    previousAddress: nullable(ADDRESS),
    registeredBy: id(),
    nonce: optional(NONCE),
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
export const CUSTODY_STREAM = 'custody-wallets';
export const TOKEN_EVENT_TYPES: readonly TokenEvent['type'][] = [
  ...eventTypesOf(chainTransactionEventSchemas),
  ...eventTypesOf(custodyEventSchemas),
];
