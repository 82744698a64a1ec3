import { Inject, Injectable } from '@nestjs/common';
import type { Address } from 'viem';
import type { ChainPort } from '../../platform/chain/chain.js';
import type { CommandContext } from '../../platform/command-context.js';
import type { Config } from '../../platform/config.js';
import { CHAIN, CONFIG } from '../../platform/injection-keys.js';
import { ChainOutbox } from './chain-outbox.js';
import { TRANSFER_BLOCKED } from '../../messages.js';
import {
  chainProblems,
  expectedHoldings,
  latestAttempt,
  registeredNow,
  givenAllowances,
  settlementRetryable,
  suiteOf,
  tokenTransactions,
  txIdOf,
  type ChainProblem,
} from './flow.js';
import { ChainReconciler, stablecoinHoldings, type StablecoinHolding } from './chain-balances.js';

export type TokenStatus = 'pending' | 'deployed' | 'failed';

/** How long a reconciliation with the chain serves the holdings reads that follow it (see `refresh`). */
const REUSE_MS = 100;

/** An asset's token as other slices and the screens see it (`GET /api/assets/:id/token`). */
export interface TokenView {
  chainId: number;
  tokenAddress: string | null;
  identityRegistryAddress: string | null;
  complianceAddress: string | null;
  symbol: string;
  name: string;
  decimals: 0;
  totalSupply: number;
  /** pending: set-up, deployment or mint not yet confirmed; deployed: minted and live; failed: a step failed. */
  status: TokenStatus;
  explorerUrl: string | null;
  holders: { wallet: string; personId: string | null; balance: number }[];
  /** The deployment transactions, then each approved supply change's mint or burn (`tokenTransactions`). */
  transactions: {
    kind: string;
    /** Tokens minted or burnt; null for the suite and unpause. */
    amount: number | null;
    txHash: string | null;
    blockNumber: number | null;
    status: NonNullable<HoldingOnChain['chainTxStatus']> | 'not requested';
  }[];
}

/** The chain side of an investor's holding (on `/api/holdings` and `/api/investments` items). */
export interface HoldingOnChain {
  /** The wallet the investor uses now (platform-held or their own); null without a chain. */
  walletAddress: string | null;
  /** That wallet's balance of the asset's token; null before the token is deployed or without a chain. */
  onChainBalance: number | null;
  /** The register's count of the investor's tokens of the asset: what `onChainBalance` should come to. */
  onChainExpected: number | null;
  /** The transfer to the investor, once confirmed. */
  chainTxHash: string | null;
  /** requested / submitted (on its way) / confirmed / failed; null when no transfer was asked for (yet). */
  chainTxStatus: 'requested' | 'submitted' | 'confirmed' | 'failed' | null;
  chainExplorerUrl: string | null;
  /** Why the transfer cannot be made (refused by the chain, or waiting on what is not on its way); null otherwise. */
  chainProblem: string | null;
}

/** Read-side of the token slice, for its controller and for other slices (holdings). */
@Injectable()
export class TokenViews {
  constructor(
    private readonly outbox: ChainOutbox,
    private readonly reconciler: ChainReconciler,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(CHAIN) private readonly chain: ChainPort | null,
  ) {}

  /**
   * The stablecoin distributions are paid in: `coin` is the configured one (`STABLECOIN_ADDRESS`) or null for Kauri's
   * test coin on the embedded chain, which the outbox deploys and mints; null when there is none (no chain, or a
   * real network without a configured coin): then nobody is paid in a stablecoin.
   */
  stablecoin(): { coin: string | null } | null {
    if (!this.chain) return null;
    const configured = this.config.chain.stablecoinAddress;
    if (configured) return { coin: configured };
    return this.chain.kind === 'anvil' ? { coin: null } : null;
  }

  /**
   * What the chain says about a transfer between investors before anything is signed (domains/transfers): each
   * party's wallet (custody or own, registered on chain), the seller's lock-up from the register's holdings (the
   * HoldingRulesModule holds the same per wallet), tokens frozen on chain (the whole address, or part), and the
   * token's own compliance `canTransfer` (a read call). Null figures where the token is not on chain yet.
   */
  async transferChainFacts(assetId: string, sellerId: string, buyerId: string, tokens: number, now: string) {
    const state = this.outbox.state;
    const seller = await this.outbox.walletKind(sellerId);
    const buyer = await this.outbox.walletKind(buyerId);
    let lockedUntil: string | null = null;
    for (const i of state.investments.values())
      if (i.investorId === sellerId && i.assetId === assetId && i.confirmed && i.transferableFrom)
        if (i.transferableFrom > now && (!lockedUntil || i.transferableFrom > lockedUntil))
          lockedUntil = i.transferableFrom;
    const suite = suiteOf(state, assetId);
    let frozen = 0;
    let canTransfer: boolean | null = null;
    let buyerFrozen = false;
    if (this.chain && suite && buyer)
      buyerFrozen = await this.chain.read<boolean>('Token', suite.token, 'isFrozen', [buyer.wallet]);
    if (this.chain && suite && seller) {
      const whole = await this.chain.read<boolean>('Token', suite.token, 'isFrozen', [seller.wallet]);
      const part = await this.chain.read<bigint>('Token', suite.token, 'getFrozenTokens', [seller.wallet]);
      const held = await this.chain.balanceOf(suite.token, seller.wallet);
      frozen = whole ? Number(held) : Number(part);
      if (buyer)
        canTransfer = await this.chain.read<boolean>('ModularCompliance', suite.compliance, 'canTransfer', [
          seller.wallet,
          buyer.wallet,
          BigInt(tokens),
        ]);
    }
    return {
      sellerWallet: seller?.kind ?? null,
      buyerWallet: buyer?.kind ?? null,
      lockedUntil,
      frozen,
      buyerFrozen,
      canTransfer,
    };
  }

  /**
   * A wallet recovery approved but not yet done on chain (domains/transfers waits for it): one of its transactions
   * is not confirmed, or none is asked for yet while the registry does not hold the person's wallet.
   */
  recoveryMoving(requestId: string, personId: string): boolean {
    const state = this.outbox.state;
    const prefix = txIdOf(state.chainId, `recovery-${requestId}-`);
    let requested = false;
    for (const tx of state.txs.values())
      if (tx.txId.startsWith(prefix) && !/-retry-\d+$/.test(tx.txId)) {
        requested = true;
        if (latestAttempt(state, tx.txId)?.status !== 'confirmed') return true;
      }
    // Approved, its transactions not asked for yet (the outbox's next round): moving unless the registry has the wallet.
    return !requested && !registeredNow(state, personId);
  }

  /** A transfer's settlement steps that failed and were not asked again (`settlementStep` names a step's txId). */
  failedSettlementSteps(isStepOf: (txId: string) => boolean): string[] {
    const state = this.outbox.state;
    return [...state.txs.values()]
      .filter((tx) => tx.status === 'failed' && !state.retries.has(tx.txId) && isStepOf(tx.txId))
      .sort((a, b) => a.seq - b.seq)
      .map((tx) => tx.txId);
  }

  /** The allowances a retry of the transfer sets again before its failed steps (flow.ts `givenAllowances`). */
  givenAllowances(transferId: string): string[] {
    return givenAllowances(this.outbox.state, transferId);
  }

  /**
   * Asks a failed settlement step, or a given allowance, again (the chain outbox's retry, for DvP steps only:
   * `settlementRetryable`).
   */
  retrySettlementStep(txId: string, context: CommandContext) {
    return this.outbox.retry(txId, context, settlementRetryable);
  }

  /** Whether the chain outbox already asked this failed transaction again. */
  retried(txId: string): boolean {
    return this.outbox.state.retries.has(txId);
  }

  /** The wallets platform holders use now, by person (those with one). */
  walletsOf(personIds: Iterable<string>): Map<string, string> {
    const wallets = this.outbox.state.wallets;
    const out = new Map<string, string>();
    for (const id of personIds) {
      const wallet = wallets.get(id);
      if (wallet) out.set(id, wallet);
    }
    return out;
  }

  /** The person a wallet belongs to now (null for an address the platform does not know as anyone's wallet). */
  personOfWallet(wallet: string): string | null {
    return this.outbox.state.walletOwners.get(wallet.toLowerCase()) ?? null;
  }

  /**
   * The person a wallet belongs to now or belonged to before their current one: for balances at a past block (a
   * record date's), which a wallet recovery or switch since has moved or emptied.
   */
  personOfWalletThen(wallet: string): string | null {
    const key = wallet.toLowerCase();
    const { walletOwners, formerWalletOwners } = this.outbox.state;
    return walletOwners.get(key) ?? formerWalletOwners.get(key) ?? null;
  }

  /** Cents of `coin` the platform's signer holds (what it pays distributions from on a real network). */
  async signerBalance(coin: string): Promise<number> {
    if (!this.chain) return 0;
    // The signer is known once the chain is open (a boot opens it in the background).
    await this.chain.ready();
    return Number(await this.chain.balanceOf(coin as Address, this.chain.signer));
  }

  /** Each wallet paid in the stablecoin: the sum of its confirmed lines against its balance on chain. */
  async stablecoinHoldings(): Promise<StablecoinHolding[]> {
    return this.chain ? stablecoinHoldings(this.outbox.state, this.chain) : [];
  }

  /**
   * The chain's head block once the chain shows every token movement of the asset recorded so far (waiting up to
   * `timeoutMs`); 'moving' if it does not by then; null without a chain.
   */
  async headOnceSettled(assetId: string, timeoutMs: number): Promise<number | 'moving' | null> {
    if (!this.chain || !this.outbox.enabled) return null;
    if (!(await this.outbox.assetSettled(assetId, timeoutMs))) return 'moving';
    return Number(await this.chain.head());
  }

  get enabled(): boolean {
    return this.outbox.enabled;
  }

  async token(assetId: string): Promise<TokenView | null> {
    const state = this.outbox.state;
    const asset = state.assets.get(assetId);
    if (!asset || !this.outbox.enabled) return null;
    const tx = (suffix: string) => state.txs.get(txIdOf(state.chainId, suffix));
    const steps = ['suite', 'mint', 'unpause'].map((kind) => ({ kind, tx: tx(`${kind}-${assetId}`) }));
    const failed = steps.some((s) => s.tx?.status === 'failed');
    const live = steps.every((s) => s.tx?.status === 'confirmed');
    const suite = suiteOf(state, assetId);
    if (suite) await this.reconciler.reconcile().catch(() => null);
    return {
      chainId: state.chainId,
      tokenAddress: suite?.token ?? null,
      identityRegistryAddress: suite?.identityRegistry ?? null,
      complianceAddress: suite?.compliance ?? null,
      symbol: asset.symbol,
      name: asset.name,
      decimals: 0,
      totalSupply: asset.totalSupply,
      status: failed ? 'failed' : live ? 'deployed' : 'pending',
      explorerUrl: this.config.chain.explorerUrl,
      holders: this.reconciler.holders(assetId),
      transactions: tokenTransactions(state, assetId).map(({ kind, amount, tx }) => ({
        kind,
        amount,
        txHash: tx?.txHash ?? null,
        blockNumber: tx?.blockNumber ?? null,
        status: tx?.status ?? 'not requested',
      })),
    };
  }

  /**
   * The chain side of one holding: the investor's wallet, its balance of the token, what the register says that
   * balance should be (all their confirmed tokens of the asset, not only this holding's), and the transfer's state
   * and hash. `expected` is `registerBalances()`, computed once for a list of holdings.
   */
  holding(
    investorId: string,
    assetId: string,
    investmentId: string,
    expected: ReadonlyMap<string, ReadonlyMap<string, number>> = this.registerBalances(),
  ): HoldingOnChain {
    const state = this.outbox.state;
    const walletAddress = state.wallets.get(investorId) ?? null;
    // Bought in an offering: the register's transfer to the wallet; received from another investor (the holding
    // carries the transfer's id): the delivery-versus-payment settlement that moved it.
    const transfer =
      latestAttempt(state, txIdOf(state.chainId, `transfer-${investmentId}`)) ??
      latestAttempt(state, txIdOf(state.chainId, `xfer-${investmentId}-take`));
    const problem = transfer ? this.problems().get(transfer.txId) : undefined;
    return {
      walletAddress,
      onChainBalance: this.reconciler.balanceOf(assetId, walletAddress),
      onChainExpected: this.outbox.enabled ? (expected.get(assetId)?.get(investorId) ?? null) : null,
      chainTxHash: transfer?.status === 'confirmed' ? transfer.txHash : null,
      chainTxStatus: transfer?.status ?? null,
      chainExplorerUrl: this.config.chain.explorerUrl,
      chainProblem: problem ? problemText(problem) : null,
    };
  }

  /** Changes whenever a holding's chain side may have: the flow's state, or the on-chain balances read. */
  get holdingsVersion(): string {
    return `${this.outbox.version} ${this.reconciler.balancesVersion}`;
  }

  /** txId → what stops it, worked out again only after the flow's state changed. */
  problems(): ReadonlyMap<string, ChainProblem> {
    const version = this.outbox.version;
    if (this.problemsAt?.version !== version)
      this.problemsAt = { version, value: new Map(chainProblems(this.outbox.state).map((p) => [p.txId, p])) };
    return this.problemsAt.value;
  }

  private problemsAt: { version: number; value: ReadonlyMap<string, ChainProblem> } | null = null;

  /**
   * assetId → personId → tokens the register gives them (what their wallets should hold on chain). Worked out again
   * only after the flow's state changed, not on every holdings request.
   */
  registerBalances(): ReadonlyMap<string, ReadonlyMap<string, number>> {
    const version = this.outbox.version;
    if (this.balances?.version !== version) this.balances = { version, value: expectedHoldings(this.outbox.state) };
    return this.balances.value;
  }

  private balances: { version: number; value: ReadonlyMap<string, ReadonlyMap<string, number>> } | null = null;

  /**
   * Brings the on-chain balances up to the chain's head for a request that shows them. A reconciliation started
   * less than REUSE_MS ago, with the register unchanged since (so every transfer the platform made is in it), is
   * used as it is: under load the reads would otherwise spend more on asking the chain for its head than on
   * answering.
   */
  async refresh(): Promise<void> {
    if (!this.outbox.enabled) return;
    // The holdings read answered below the API's hooks (hot-reads.ts) waits here for the state after a restart.
    await this.outbox.loaded();
    const now = performance.now();
    const last = this.lastRefresh;
    if (last && now - last.at < REUSE_MS && last.version === this.outbox.version) return;
    const started = { at: now, version: this.outbox.version };
    await this.reconciler.reconcile().catch(() => null);
    this.lastRefresh = started;
  }

  private lastRefresh: { at: number; version: number } | null = null;

  wallet(personId: string) {
    const state = this.outbox.state;
    return { address: state.wallets.get(personId) ?? null, registered: registeredNow(state, personId) };
  }
}

/** A transfer's problem in the investor's words. */
export function problemText(problem: ChainProblem): string {
  if (problem.status === 'failed') return `${TRANSFER_BLOCKED.failed}: ${problem.reason}`;
  return /registration|registry/.test(problem.reason) ? TRANSFER_BLOCKED.noRegistration : `Waiting: ${problem.reason}`;
}
