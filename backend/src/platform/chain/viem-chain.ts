import {
  BaseError,
  createPublicClient,
  defineChain,
  ExecutionRevertedError,
  getContractAddress,
  http,
  keccak256,
  parseAbiItem,
  TransactionReceiptNotFoundError,
  zeroAddress,
  type Address,
  type Hex,
  type LocalAccount,
  type PublicClient,
} from 'viem';
import {
  ChainRevertError,
  ChainUnavailableError,
  type ChainBlock,
  type ChainHealth,
  type ChainKind,
  type ChainPort,
  type ChainReceipt,
  type PreparedTransaction,
  type ReadableContract,
  type SignedTransaction,
  type TransferLog,
} from './chain.js';
import type { ChainCall, TokenSuite } from './contracts.js';
import { ARTIFACTS, encodeCall } from './contracts-encoding.js';

const TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');
/** Logs are asked for in windows of this many blocks (public nodes cap a getLogs range). */
const LOG_WINDOW = 5_000n;

export interface ViemChainOptions {
  kind: ChainKind;
  url: string;
  chainId: number;
  /** The platform's signer (from the vault); never logged. */
  account: LocalAccount;
  /** Stops what the adapter started (the embedded node). */
  onClose?: () => Promise<void>;
  /** The embedded node's process, for health: its pid, restarts, and why it is down (null while it runs). */
  node?: () => { pid: number | null; restarts: number; down: string | null };
}

/** The chain port over JSON-RPC (viem): the same code for the embedded anvil node and any EVM network. */
export class ViemChain implements ChainPort {
  readonly kind: ChainKind;
  readonly chainId: number;
  readonly signer: Address;
  private client: PublicClient;
  private address: string;
  private readonly account: LocalAccount;

  constructor(private readonly options: ViemChainOptions) {
    this.kind = options.kind;
    this.chainId = options.chainId;
    this.account = options.account;
    this.signer = options.account.address;
    this.address = options.url;
    this.client = clientFor(options.chainId, options.url);
  }

  /** Talks to the node at a new address from now on (the embedded node restarted on another port). */
  moveTo(url: string): void {
    this.address = url;
    this.client = clientFor(this.chainId, url);
  }

  async prepare(call: ChainCall, account: LocalAccount = this.account): Promise<PreparedTransaction> {
    const { to, data } = encodeCall(call);
    try {
      const gas = await this.client.estimateGas({ account: account.address, to: to ?? undefined, data });
      // Headroom: state can change between the estimate and the block.
      return { to, data, gas: (gas * 12n) / 10n };
    } catch (error) {
      throw classify(error);
    }
  }

  async sign(
    prepared: PreparedTransaction,
    nonce: number,
    account: LocalAccount = this.account,
  ): Promise<SignedTransaction> {
    const fees = await this.guard(() => this.client.estimateFeesPerGas());
    const raw = await account.signTransaction({
      type: 'eip1559',
      chainId: this.chainId,
      nonce,
      gas: prepared.gas,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
      to: prepared.to,
      data: prepared.data,
      value: 0n,
    });
    return {
      hash: keccak256(raw),
      raw,
      nonce,
      from: account.address,
      to: prepared.to,
      contractAddress: prepared.to ? null : getContractAddress({ from: account.address, nonce: BigInt(nonce) }),
    };
  }

  async broadcast(raw: Hex): Promise<void> {
    try {
      await this.client.sendRawTransaction({ serializedTransaction: raw });
    } catch (error) {
      const text = error instanceof BaseError ? `${error.shortMessage} ${error.details ?? ''}` : String(error);
      // The node has it already (a re-broadcast after a crash), or mined it: the same bytes cannot run twice.
      if (/already known|already imported|known transaction|nonce too low/i.test(text)) return;
      throw classify(error);
    }
  }

  async receipt(hash: Hex): Promise<ChainReceipt | null> {
    try {
      const r = await this.client.getTransactionReceipt({ hash });
      return { hash, status: r.status, blockNumber: r.blockNumber, contractAddress: r.contractAddress ?? null };
    } catch (error) {
      if (error instanceof TransactionReceiptNotFoundError) return null;
      throw classify(error);
    }
  }

  async waitForReceipt(hash: Hex, timeoutMs = 60_000): Promise<ChainReceipt | null> {
    const until = Date.now() + timeoutMs;
    for (let wait = 5; ; wait = Math.min(wait * 2, 1000)) {
      const found = await this.receipt(hash);
      if (found || Date.now() > until) return found;
      await new Promise((r) => setTimeout(r, wait));
    }
  }

  nonce(address: Address, block: 'latest' | 'pending'): Promise<number> {
    return this.guard(() => this.client.getTransactionCount({ address, blockTag: block }));
  }

  async send(call: ChainCall, account: LocalAccount = this.account) {
    const prepared = await this.prepare(call, account);
    const signed = await this.sign(prepared, await this.nonce(account.address, 'pending'), account);
    await this.broadcast(signed.raw);
    const receipt = await this.waitForReceipt(signed.hash);
    if (!receipt) throw new ChainUnavailableError(`no receipt for ${signed.hash}`);
    if (receipt.status === 'reverted') throw new ChainRevertError(`transaction ${signed.hash} reverted`);
    return receipt;
  }

  head(): Promise<bigint> {
    return this.guard(() => this.client.getBlockNumber({ cacheTime: 0 }));
  }

  async block(number: bigint): Promise<ChainBlock> {
    const block = await this.guard(() => this.client.getBlock({ blockNumber: number }));
    return { number: block.number, hash: block.hash, timestamp: block.timestamp };
  }

  async hasCode(address: Address): Promise<boolean> {
    const code = await this.guard(() => this.client.getCode({ address }));
    return code !== undefined && code !== '0x';
  }

  balanceOf(token: Address, holder: Address): Promise<bigint> {
    return this.read<bigint>('Token', token, 'balanceOf', [holder]);
  }

  read<T>(contract: ReadableContract, address: Address, functionName: string, args: readonly unknown[] = []) {
    return this.guard(
      async () => (await this.client.readContract({ address, abi: ARTIFACTS[contract].abi, functionName, args })) as T,
    );
  }

  async suite(factory: Address, salt: string): Promise<TokenSuite | null> {
    const token = await this.read<Address>('Factory', factory, 'getToken', [salt]);
    if (token === zeroAddress) return null;
    const [identityRegistry, compliance] = await Promise.all([
      this.read<Address>('Token', token, 'identityRegistry'),
      this.read<Address>('Token', token, 'compliance'),
    ]);
    return { token, identityRegistry, compliance };
  }

  async transfers(tokens: readonly Address[], fromBlock: bigint, toBlock: bigint): Promise<TransferLog[]> {
    if (tokens.length === 0 || toBlock < fromBlock) return [];
    const found: TransferLog[] = [];
    for (let start = fromBlock; start <= toBlock; start += LOG_WINDOW) {
      const end = start + LOG_WINDOW - 1n < toBlock ? start + LOG_WINDOW - 1n : toBlock;
      const logs = await this.guard(() =>
        this.client.getLogs({ address: [...tokens], event: TRANSFER, fromBlock: start, toBlock: end, strict: true }),
      );
      for (const log of logs)
        found.push({
          token: log.address,
          from: log.args.from,
          to: log.args.to,
          value: log.args.value,
          blockNumber: log.blockNumber,
          logIndex: log.logIndex,
          txHash: log.transactionHash,
        });
    }
    return found;
  }

  async fund(address: Address, wei: bigint): Promise<void> {
    if (this.kind !== 'anvil') throw new Error('only the embedded chain can create funds');
    await this.guard(() =>
      this.client.request({
        method: 'anvil_setBalance' as 'eth_chainId',
        params: [address, `0x${wei.toString(16)}`] as never,
      }),
    );
  }

  /** The latest block's time (unix seconds). */
  async timestamp(): Promise<bigint> {
    return (await this.guard(() => this.client.getBlock({ blockTag: 'latest' }))).timestamp;
  }

  /** Moves the embedded node's clock forward and mines a block (tests of time rules). */
  async increaseTime(seconds: number): Promise<void> {
    if (this.kind !== 'anvil') throw new Error('only the embedded chain can move its clock');
    await this.guard(() =>
      this.client.request({ method: 'evm_increaseTime' as 'eth_chainId', params: [seconds] as never }),
    );
    await this.guard(() => this.client.request({ method: 'evm_mine' as 'eth_chainId', params: [] as never }));
  }

  /**
   * Switches the embedded node's mining on each transaction (tests of a slow chain: with it off, transactions wait
   * in the node's pool); switching it back on mines what waits — anvil does that itself, in the same call (measured),
   * so nothing follows it: a test that switches mining on while the app shuts down has no second call left to make
   * after the app, its receipt in, has stopped the node.
   */
  async automine(on: boolean): Promise<void> {
    if (this.kind !== 'anvil') throw new Error('only the embedded chain can stop mining');
    await this.guard(() => this.client.request({ method: 'evm_setAutomine' as 'eth_chainId', params: [on] as never }));
  }

  /** The node's JSON-RPC address (tests ask the embedded node for what the port does not offer). */
  get url(): string {
    return this.address;
  }

  async health(): Promise<ChainHealth> {
    const node = this.options.node?.();
    const base = {
      kind: this.kind,
      chainId: this.chainId,
      ...(node && { node: { pid: node.pid, restarts: node.restarts } }),
    };
    // Known to be down (the app restarts it): no need to wait for a refused connection.
    if (node?.down) return { ok: false, ...base, head: null, detail: `${node.down}; restarting it` };
    const answer = await this.ask();
    return { ...answer, ...base };
  }

  private async ask(): Promise<ChainHealth> {
    try {
      const [id, head] = await Promise.all([this.client.getChainId(), this.client.getBlockNumber({ cacheTime: 0 })]);
      if (id !== this.chainId)
        return {
          ok: false,
          kind: this.kind,
          chainId: this.chainId,
          head: Number(head),
          detail: `the node answers chain id ${id}, not ${this.chainId}`,
        };
      return { ok: true, kind: this.kind, chainId: this.chainId, head: Number(head) };
    } catch (error) {
      return { ok: false, kind: this.kind, chainId: this.chainId, head: null, detail: describe(error) };
    }
  }

  async ready(): Promise<void> {}

  async close(): Promise<void> {
    await this.options.onClose?.();
  }

  private async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw classify(error);
    }
  }
}

function clientFor(chainId: number, url: string): PublicClient {
  const chain = defineChain({
    id: chainId,
    name: `chain ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  });
  return createPublicClient({ chain, transport: http(url, { retryCount: 1, timeout: 15_000 }) });
}

/** A revert becomes `ChainRevertError` (do not retry); anything else `ChainUnavailableError` (retry later). */
function classify(error: unknown): Error {
  if (error instanceof ChainRevertError || error instanceof ChainUnavailableError) return error;
  if (error instanceof BaseError) {
    const reverted = error.walk((e) => e instanceof ExecutionRevertedError);
    if (reverted instanceof ExecutionRevertedError) {
      const reason = (reverted.details || reverted.shortMessage).replace(/^execution reverted:?\s*/i, '');
      return new ChainRevertError(reason || 'execution reverted');
    }
    if (/revert/i.test(error.details ?? '')) return new ChainRevertError(error.details!);
  }
  return new ChainUnavailableError(describe(error));
}

function describe(error: unknown): string {
  if (error instanceof BaseError) return error.shortMessage;
  return error instanceof Error ? error.message : String(error);
}
