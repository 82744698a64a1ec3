import type { Address } from 'viem';

/**
 * The ERC-3643 (T-REX 4.1) contracts Kauri deploys, from `@tokenysolutions/t-rex`'s compiled artifacts
 * (GPL-3.0), plus one module of Kauri's own (`backend/contracts/HoldingRulesModule.sol`: maximum holders and a
 * lock-up per holder, which T-REX does not ship). Every chain transaction is one `ChainCall`; `encodeCall`
 * (./contracts-encoding.ts, with the artifacts and viem, loaded only when there is a chain) turns it into the
 * transaction's `to` and `data` and is pure, so what is signed is a function of what was recorded.
 */
/** The contracts Kauri deploys by name (their artifacts: ./contracts-encoding.ts). */
export type ContractName =
  | 'Token'
  | 'ClaimTopicsRegistry'
  | 'TrustedIssuersRegistry'
  | 'IdentityRegistryStorage'
  | 'IdentityRegistry'
  | 'ModularCompliance'
  | 'ImplementationAuthority'
  | 'Factory'
  | 'ClaimTopicsRegistryProxy'
  | 'TrustedIssuersRegistryProxy'
  | 'IdentityRegistryStorageProxy'
  | 'IdentityRegistryProxy'
  | 'CountryAllowModule'
  | 'ModuleProxy'
  | 'Identity'
  | 'HoldingRulesModule'
  /** Kauri's test NZD stablecoin (backend/contracts/KauriTestNZD.sol): an ERC-20 in cents, the embedded chain's. */
  | 'KauriTestNZD'
  /** T-REX's delivery-versus-payment manager (contracts/DVD/DVDTransferManager.sol), deployed once per chain. */
  | 'DVDTransferManager';

/** ISO 3166-1 numeric code of New Zealand: the one country the compliance allows and identities carry. */
export const NEW_ZEALAND = 554;
/** T-REX version registered in the implementation authority. */
export const TREX_VERSION = { major: 4, minor: 1, patch: 6 } as const;

/** The platform-wide contracts, deployed once per chain and shared by every token. */
export interface PlatformContracts {
  implementationAuthority: Address;
  factory: Address;
  /** One identity registry storage for every token: an investor registered once is known to every token. */
  identityRegistryStorage: Address;
  /** Kauri's own identity registry on that storage: identities are registered and removed through it. */
  identityRegistry: Address;
  countryAllowModule: Address;
  holdingRulesModule: Address;
}

/** What the factory deploys for one asset. */
export interface TokenSuite {
  token: Address;
  identityRegistry: Address;
  compliance: Address;
}

/**
 * One transaction. Deployments carry their constructor arguments; calls name their target. The platform's
 * bootstrap steps (`deploy` + the two set-up calls) and each asset's suite are all ordinary calls.
 */
export type ChainCall =
  | { op: 'deploy'; contract: ContractName; args: readonly unknown[] }
  | { op: 'use-trex-version'; authority: Address; implementations: TrexImplementations }
  | { op: 'bind-identity-registry'; storage: Address; registry: Address }
  | { op: 'add-agent'; target: Address; agent: Address }
  | { op: 'transfer-ownership'; target: Address; owner: Address }
  | {
      op: 'deploy-suite';
      factory: Address;
      salt: string;
      owner: Address;
      name: string;
      symbol: string;
      decimals: number;
      storage: Address;
      onchainId: Address;
      countryAllowModule: Address;
      holdingRulesModule: Address;
      maxHolders: number;
    }
  | { op: 'register-identity'; registry: Address; wallet: Address; identity: Address; country: number }
  | { op: 'delete-identity'; registry: Address; wallet: Address }
  | { op: 'mint'; token: Address; to: Address; amount: bigint }
  | { op: 'burn'; token: Address; from: Address; amount: bigint }
  | { op: 'forced-transfer'; token: Address; from: Address; to: Address; amount: bigint }
  | { op: 'transfer'; token: Address; to: Address; amount: bigint }
  | { op: 'set-frozen'; token: Address; wallet: Address; frozen: boolean }
  | { op: 'freeze-tokens'; token: Address; wallet: Address; amount: bigint }
  | { op: 'unfreeze-tokens'; token: Address; wallet: Address; amount: bigint }
  | { op: 'recover'; token: Address; lostWallet: Address; newWallet: Address; identity: Address }
  | { op: 'add-identity-key'; identity: Address; wallet: Address }
  | { op: 'pause'; token: Address }
  | { op: 'unpause'; token: Address }
  | { op: 'lock-until'; compliance: Address; module: Address; holder: Address; until: bigint }
  // Batches (the chain outbox sends many ready transactions of one kind on one contract as one): T-REX's own batch
  // calls, and Kauri's `HoldingRulesModule.batchLockUntil`. Lists are item by item, in the same order.
  | { op: 'batch-forced-transfer'; token: Address; from: Address[]; to: Address[]; amounts: bigint[] }
  | { op: 'batch-mint'; token: Address; to: Address[]; amounts: bigint[] }
  | { op: 'batch-register-identity'; registry: Address; wallets: Address[]; identities: Address[]; countries: number[] }
  | { op: 'batch-lock-until'; compliance: Address; module: Address; holders: Address[]; until: bigint[] }
  /** ERC-20 `approve(spender, amount)` (a T-REX token or the stablecoin), signed by the holder's own key. */
  | { op: 'erc20-approve'; token: Address; spender: Address; amount: bigint }
  /** DVDTransferManager `initiateDVDTransfer`: the maker (signing) offers `amount1` of `token1` for `amount2` of `token2`. */
  | {
      op: 'dvd-initiate';
      manager: Address;
      token1: Address;
      amount1: bigint;
      counterpart: Address;
      token2: Address;
      amount2: bigint;
    }
  /** DVDTransferManager `takeDVDTransfer`: both legs in one transaction (the token's agent may call it). */
  | { op: 'dvd-take'; manager: Address; transferId: `0x${string}` }
  /** DVDTransferManager `cancelDVDTransfer`: an open offer deleted (the maker, the taker or the token's agent may). */
  | { op: 'dvd-cancel'; manager: Address; transferId: `0x${string}` };

export interface TrexImplementations {
  token: Address;
  ctr: Address;
  ir: Address;
  irs: Address;
  tir: Address;
  mc: Address;
}
