import { Inject, Injectable } from '@nestjs/common';
import type { Address } from 'viem';
import type { ChainPort, TransferLog } from '../../platform/chain/chain.js';
import { ChainStatus, type Reconciliation } from '../../platform/chain/chain-status.js';
import { CHAIN } from '../../platform/injection-keys.js';
import { ChainOutbox } from './chain-outbox.js';
import {
  chainProblems,
  expectedHoldings,
  latestAttempt,
  stablecoinOf,
  suiteOf,
  txIdOf,
  type FlowState,
} from './flow.js';

/** token (lower-cased) → holder address (lower-cased) → balance. */
export type OnChainBalances = Map<string, Map<string, bigint>>;

/** Folds Transfer logs into balances (mint: from 0x0; burn: to 0x0). Pure apart from updating `balances`. */
export function applyTransfers(balances: OnChainBalances, logs: readonly TransferLog[]): OnChainBalances {
  const zero = '0x0000000000000000000000000000000000000000';
  for (const log of logs) {
    const token = log.token.toLowerCase();
    let holders = balances.get(token);
    if (!holders) balances.set(token, (holders = new Map()));
    const from = log.from.toLowerCase();
    const to = log.to.toLowerCase();
    if (from !== zero) holders.set(from, (holders.get(from) ?? 0n) - log.value);
    if (to !== zero) holders.set(to, (holders.get(to) ?? 0n) + log.value);
  }
  return balances;
}

export interface HolderDrift {
  assetId: string;
  /** The person the register names, or null for an address the register does not know. */
  personId: string | null;
  wallet: string | null;
  expected: number;
  onChain: number;
}

/**
 * Compares what the register says each holder of each deployed token should hold with the chain's balances.
 * Pure. A person's on-chain holding is the balance of every wallet they have used (a switch moves tokens).
 */
export function compare(state: FlowState, balances: OnChainBalances): HolderDrift[] {
  const drifts: HolderDrift[] = [];
  for (const [assetId, expected] of expectedHoldings(state)) {
    const suite = suiteOf(state, assetId);
    if (!suite) continue;
    const held = balances.get(suite.token.toLowerCase()) ?? new Map<string, bigint>();
    const byPerson = new Map<string, number>();
    for (const [wallet, balance] of held) {
      if (balance === 0n) continue;
      const personId = state.walletOwners.get(wallet);
      if (personId === undefined) {
        drifts.push({ assetId, personId: null, wallet, expected: 0, onChain: Number(balance) });
        continue;
      }
      byPerson.set(personId, (byPerson.get(personId) ?? 0) + Number(balance));
    }
    for (const personId of new Set([...expected.keys(), ...byPerson.keys()])) {
      const want = expected.get(personId) ?? 0;
      const have = byPerson.get(personId) ?? 0;
      if (want !== have)
        drifts.push({
          assetId,
          personId,
          wallet: state.wallets.get(personId) ?? null,
          expected: want,
          onChain: have,
        });
    }
  }
  return drifts;
}

/** A holder's stablecoin: what the confirmed distribution payments sent to the wallet, and what it holds. */
export interface StablecoinHolding {
  token: string;
  wallet: string;
  personId: string | null;
  /** Cents: what the platform's confirmed payments leave there (`stablecoinExpected`). */
  expected: number;
  /** Cents held on chain (null when it could not be read). */
  onChain: number | null;
}

/**
 * token (lower-cased) → wallet (lower-cased) → cents of the stablecoin the platform's confirmed transactions leave
 * there: each distribution line paid in it (or the admin's retry that took its place), and each transfer between
 * investors — the buyer's coin minted to them on the embedded chain (`transfer-fund`), then paid to the seller in the
 * DvP take. Pure; each counted once, when confirmed.
 */
export function stablecoinExpected(state: FlowState): Map<string, Map<string, number>> {
  const out = new Map<string, Map<string, number>>();
  const testCoin = stablecoinOf(state);
  const add = (coin: string | null | undefined, wallet: string | null | undefined, cents: number) => {
    const token = coin?.toLowerCase();
    if (!token || !wallet) return;
    let wallets = out.get(token);
    if (!wallets) out.set(token, (wallets = new Map()));
    wallets.set(wallet.toLowerCase(), (wallets.get(wallet.toLowerCase()) ?? 0) + cents);
  };
  for (const tx of state.txs.values()) {
    const intent = tx.intent;
    if (tx.status !== 'confirmed') continue;
    switch (intent.kind) {
      case 'stablecoin-transfer':
        add(intent.token ?? testCoin, intent.wallet, intent.amount);
        break;
      case 'transfer-fund':
        add(testCoin, tx.wallet, intent.amount);
        break;
      case 'transfer-take': {
        // The buyer's wallet is the take's; the seller's, the offer's (`callFor`): both fixed when they were sent.
        const offer = latestAttempt(state, txIdOf(state.chainId, `xfer-${intent.transferId}-initiate`));
        add(intent.token ?? testCoin, tx.wallet, -intent.amount);
        add(intent.token ?? testCoin, offer?.wallet ?? state.wallets.get(intent.fromPersonId), intent.amount);
        break;
      }
    }
  }
  return out;
}

/**
 * Every wallet the platform moved the stablecoin to or from, what its recorded payments leave there against its
 * balance on chain (issue 31: a holder's coin equals their paid lines, and what transfers paid or cost them). A
 * wallet that also got the coin elsewhere (on a real network) shows more than expected: drift to look at, not an
 * error of Kauri's.
 */
export async function stablecoinHoldings(state: FlowState, chain: ChainPort): Promise<StablecoinHolding[]> {
  const out: StablecoinHolding[] = [];
  for (const [token, wallets] of stablecoinExpected(state))
    for (const [wallet, expected] of wallets) {
      const onChain = await chain
        .balanceOf(token as Address, wallet as Address)
        .then(Number)
        .catch(() => null);
      out.push({ token, wallet, personId: state.walletOwners.get(wallet) ?? null, expected, onChain });
    }
  return out;
}

/**
 * The on-chain balances projection: reads each token's Transfer logs from the chain (incrementally, from the block
 * after the last one read) and compares them with the register. Kept in memory and rebuilt from the logs at boot:
 * the chain is its own durable source, as the event log is for the register.
 */
@Injectable()
export class ChainReconciler {
  private readonly balances: OnChainBalances = new Map();
  private readonly scannedTo = new Map<string, bigint>();
  private running: Promise<Reconciliation> | null = null;
  /** The flow state's version the drifts were compared at; -1: never. */
  private comparedAt = -1;
  drifts: HolderDrift[] = [];
  private problems = 0;
  /** Counts every change of the balances read (a holdings answer kept as text is kept for one count: HoldingsRead). */
  balancesVersion = 0;
  /** Σ |paid − held| over the wallets distributions paid in the stablecoin, at the flow version it was read at. */
  private stablecoin: { version: number; head: bigint; drift: number } | null = null;

  constructor(
    private readonly outbox: ChainOutbox,
    @Inject(CHAIN) private readonly chain: ChainPort | null,
    status: ChainStatus,
  ) {
    status.reconcile = async () => (status.reconciliation = await this.reconcile());
    status.waitingSince = (before) => outbox.waitingSince(before);
    status.pendingNow = () => outbox.pending();
    status.stateLoading = () => !outbox.ready;
  }

  /** Reads new logs and compares; concurrent callers share one run. */
  reconcile(): Promise<Reconciliation> {
    if (!this.running)
      this.running = this.outbox
        .loaded()
        .then(() => this.run())
        .finally(() => {
          this.running = null;
        });
    return this.running;
  }

  /** A holder's balance of an asset's token, from the logs read so far (null: no token yet, or no chain). */
  balanceOf(assetId: string, wallet: string | null): number | null {
    const suite = suiteOf(this.outbox.state, assetId);
    if (!suite || !wallet) return null;
    return Number(this.balances.get(suite.token.toLowerCase())?.get(wallet.toLowerCase()) ?? 0n);
  }

  /** Every address holding the asset's token, with the person the register knows it as. */
  holders(assetId: string): { wallet: string; personId: string | null; balance: number }[] {
    const suite = suiteOf(this.outbox.state, assetId);
    if (!suite) return [];
    return [...(this.balances.get(suite.token.toLowerCase()) ?? new Map<string, bigint>())]
      .filter(([, balance]) => balance > 0n)
      .map(([wallet, balance]) => ({
        wallet,
        personId: this.outbox.state.walletOwners.get(wallet) ?? null,
        balance: Number(balance),
      }))
      .sort((a, b) => b.balance - a.balance);
  }

  private async run(): Promise<Reconciliation> {
    const chain = this.chain;
    const state = this.outbox.state;
    if (!chain)
      return { drift: 0, stablecoinDrift: 0, pending: 0, problems: 0, checkedAt: new Date().toISOString(), head: 0 };
    const head = await chain.head();
    // The chain went back (a node restarted from a state file older than its last blocks, a reorg): what was read
    // past its head may be gone, so every balance is read again from the logs.
    if ([...this.scannedTo.values()].some((block) => block > head)) {
      this.balances.clear();
      this.scannedTo.clear();
      this.comparedAt = -1;
      this.balancesVersion++;
      // What the log records as mined there is sent again by the outbox's next round (`replayLostBlocks`): now, not
      // when something new happens to be sent.
      this.outbox.kick();
    }
    const tokens: Address[] = [];
    for (const assetId of state.assets.keys()) {
      const suite = suiteOf(state, assetId);
      if (suite) tokens.push(suite.token);
    }
    // Tokens read up to the same block are asked for together.
    const byStart = new Map<bigint, Address[]>();
    for (const token of tokens) {
      const start = (this.scannedTo.get(token.toLowerCase()) ?? -1n) + 1n;
      if (start > head) continue;
      byStart.set(start, [...(byStart.get(start) ?? []), token]);
    }
    const version = this.outbox.version;
    let moved = false;
    for (const [start, group] of byStart) {
      const logs = await chain.transfers(group, start, head);
      applyTransfers(this.balances, logs);
      if (logs.length > 0) this.balancesVersion++;
      moved ||= logs.length > 0;
      for (const token of group) this.scannedTo.set(token.toLowerCase(), head);
    }
    // Neither the register nor a balance changed since the last comparison: the drifts are the same.
    if (moved || version !== this.comparedAt) {
      this.drifts = compare(state, this.balances);
      this.problems = chainProblems(state).length;
      this.comparedAt = version;
    }
    // The stablecoin paid by distributions against the wallets' balances, read again when a payment was recorded or
    // a block was mined since (balanceOf per wallet: a real network's coin has too many Transfer logs to fold).
    if (this.stablecoin?.version !== version || this.stablecoin.head !== head) {
      const holdings = await stablecoinHoldings(state, chain);
      const drift = holdings.reduce((sum, h) => sum + (h.onChain === null ? 0 : Math.abs(h.expected - h.onChain)), 0);
      this.stablecoin = { version, head, drift };
    }
    return {
      drift: this.drifts.reduce((sum, d) => sum + Math.abs(d.expected - d.onChain), 0),
      stablecoinDrift: this.stablecoin.drift,
      pending: this.outbox.pending(),
      problems: this.problems,
      checkedAt: new Date().toISOString(),
      head: Number(head),
    };
  }
}
