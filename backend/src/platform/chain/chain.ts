import type { Address, Hex, LocalAccount } from 'viem';
import type { ChainCall, TokenSuite } from './contracts.js';

/**
 * The chain port. One implementation speaks JSON-RPC through viem (`viem-chain.ts`); it is reached either through
 * the embedded anvil node the app spawns (`anvil.ts`, the default) or through `CHAIN_RPC_URL` (any EVM network).
 *
 * Sending is split into its steps so the outbox (domains/tokens) can record each one: `prepare` simulates and
 * refuses a call that would revert before any nonce is spent; `sign` fixes the nonce and yields the hash and the
 * raw bytes, recorded before `broadcast`; after a crash, `receipt` and `nonce` tell whether a recorded transaction
 * went out, and re-broadcasting the same raw bytes can never execute it twice (same nonce, same hash).
 */
export type ChainKind = 'anvil' | 'rpc';

export interface PreparedTransaction {
  to: Address | null;
  data: Hex;
  gas: bigint;
}

export interface SignedTransaction {
  hash: Hex;
  raw: Hex;
  nonce: number;
  from: Address;
  to: Address | null;
  /** For a contract creation: the address it will have (sender and nonce decide it). */
  contractAddress: Address | null;
}

export interface ChainReceipt {
  hash: Hex;
  status: 'success' | 'reverted';
  blockNumber: bigint;
  contractAddress: Address | null;
}

export interface TransferLog {
  token: Address;
  from: Address;
  to: Address;
  value: bigint;
  blockNumber: bigint;
  logIndex: number;
  txHash: Hex;
}

/** A mined block: its number, hash and time (unix seconds). */
export interface ChainBlock {
  number: bigint;
  hash: Hex;
  timestamp: bigint;
}

export interface ChainHealth {
  ok: boolean;
  kind: ChainKind;
  chainId: number;
  head: number | null;
  detail?: string;
  /** The chain is still being opened (the embedded node starting): not ok yet, and not down either. */
  starting?: boolean;
  /** The embedded node the app runs (anvil): its process, and how often it was restarted after dying. */
  node?: EmbeddedNodeStatus;
}

export interface EmbeddedNodeStatus {
  /** null while it is down (being restarted). */
  pid: number | null;
  restarts: number;
}

export interface ChainPort {
  readonly kind: ChainKind;
  readonly chainId: number;
  /** The platform's signer: deployer, owner and agent of every suite. Its key never leaves the process. */
  readonly signer: Address;
  /** Simulates the call from `account` (the signer by default): a revert throws `ChainRevertError` with its reason. */
  prepare(call: ChainCall, account?: LocalAccount): Promise<PreparedTransaction>;
  sign(prepared: PreparedTransaction, nonce: number, account?: LocalAccount): Promise<SignedTransaction>;
  /** Sends signed bytes; sending bytes the node already has is not an error. */
  broadcast(raw: Hex): Promise<void>;
  /** The receipt of a mined transaction, or null while it is unknown or pending. */
  receipt(hash: Hex): Promise<ChainReceipt | null>;
  waitForReceipt(hash: Hex, timeoutMs?: number): Promise<ChainReceipt | null>;
  /** Transactions of `address` mined (`latest`) and known to the node (`pending`). */
  nonce(address: Address, block: 'latest' | 'pending'): Promise<number>;
  /** prepare + sign at the pending nonce + broadcast + wait: for tools and tests, not for the outbox. */
  send(call: ChainCall, account?: LocalAccount): Promise<ChainReceipt & { contractAddress: Address | null }>;
  head(): Promise<bigint>;
  /** A mined block by number (its hash and time): the record-date check finds the block at a moment with it. */
  block(number: bigint): Promise<ChainBlock>;
  /** True when the address holds contract code (an externally owned account holds none). */
  hasCode(address: Address): Promise<boolean>;
  balanceOf(token: Address, holder: Address): Promise<bigint>;
  /** Contract reads the tests and the reconciliation need (identity lookups, frozen state, paused). */
  read<T>(contract: ReadableContract, address: Address, functionName: string, args?: readonly unknown[]): Promise<T>;
  /** The contracts the factory deployed under `salt`, or null before it has. */
  suite(factory: Address, salt: string): Promise<TokenSuite | null>;
  /** ERC-20 `Transfer` logs of these tokens in [fromBlock, toBlock]. */
  transfers(tokens: readonly Address[], fromBlock: bigint, toBlock: bigint): Promise<TransferLog[]>;
  /** Gives an address native currency for gas: only the embedded node can (anvil_setBalance). */
  fund(address: Address, wei: bigint): Promise<void>;
  health(): Promise<ChainHealth>;
  /** Resolves once the chain can be called (at once for an opened port; after the start for one still starting). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export type ReadableContract =
  | 'Token'
  | 'IdentityRegistry'
  | 'IdentityRegistryStorage'
  | 'HoldingRulesModule'
  | 'Factory'
  | 'Identity'
  | 'DVDTransferManager'
  | 'KauriTestNZD'
  | 'ModularCompliance';

/** A call the chain would refuse; `reason` is the contract's revert text (or the node's message). */
export class ChainRevertError extends Error {
  constructor(readonly reason: string) {
    super(`chain refused the transaction: ${reason}`);
    this.name = 'ChainRevertError';
  }
}

/** The chain could not be reached or answered something unusable: retry later. */
export class ChainUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ChainUnavailableError';
  }
}
