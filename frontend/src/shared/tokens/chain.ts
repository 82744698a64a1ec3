/** Pure helpers for what the screens say about the chain: names, explorer links, a holding's on-chain state. */
import type { ChainTxStatus, HoldingOnChain } from '../../api/types';
import { formatCount } from '../format';

/** Well-known EVM chains by id; any other shows as "Chain <id>". */
const CHAIN_NAMES = new Map<number, string>([
  [1, 'Ethereum'],
  [10, 'OP Mainnet'],
  [137, 'Polygon'],
  [8453, 'Base'],
  [17000, 'Holesky testnet'],
  [42161, 'Arbitrum One'],
  [80002, 'Polygon Amoy testnet'],
  [84532, 'Base Sepolia testnet'],
  [11155111, 'Sepolia testnet'],
  [31337, 'Local development chain'],
]);

export function chainName(chainId: number): string {
  return CHAIN_NAMES.get(chainId) ?? `Chain ${chainId}`;
}

/** "0x1234…abcd": enough to tell addresses apart at a glance; the whole one is on hover and copied. */
export function shortHex(value: string): string {
  return value.length > 12 ? `${value.slice(0, 6)}…${value.slice(-4)}` : value;
}

/** A block explorer's page of an address or a transaction; null without an explorer. */
export function explorerLink(explorerUrl: string | null, kind: 'address' | 'tx', value: string): string | null {
  return explorerUrl ? `${explorerUrl.replace(/\/+$/, '')}/${kind}/${value}` : null;
}

export type Tone = 'success' | 'warning' | 'danger' | 'secondary';

export interface OnChainState {
  tone: Tone;
  /** What a person reads first: "On chain: 80 of 80", "Transfer pending on chain". */
  headline: string;
  /** A second line, when the first needs one. */
  detail: string | null;
}

/**
 * How one holding stands on the chain, in plain words. The balance is the wallet's, of the whole token; it is
 * compared with the register's count of all the investor's confirmed tokens of the asset (`onChainExpected`), so
 * two holdings of one asset both read "On chain: 80 of 80". Null without a chain (nothing to say).
 */
export function onChainState(
  investment: { status: 'pending' | 'confirmed' | 'cancelled' } & Partial<HoldingOnChain>,
): OnChainState | null {
  const { walletAddress, onChainBalance, onChainExpected, chainTxStatus, chainProblem = null } = investment;
  if (!walletAddress) return null;
  const counted =
    onChainBalance != null && onChainExpected != null
      ? `On chain: ${formatCount(onChainBalance)} of ${formatCount(onChainExpected)}`
      : null;
  switch (investment.status) {
    case 'pending':
      return { tone: 'secondary', headline: 'Sent on chain once confirmed', detail: null };
    case 'cancelled':
      return { tone: 'secondary', headline: 'Cancelled: not on chain', detail: counted };
    case 'confirmed':
      return confirmedState(
        chainTxStatus ?? null,
        onChainBalance ?? null,
        onChainExpected ?? null,
        counted,
        chainProblem,
      );
    default: {
      const _exhaustive: never = investment.status;
      return _exhaustive;
    }
  }
}

function confirmedState(
  tx: ChainTxStatus | null,
  balance: number | null,
  expected: number | null,
  counted: string | null,
  problem: string | null,
): OnChainState {
  // The server's reason, never silence: refused by the chain, or waiting on what is not on its way.
  if (tx === 'failed')
    return {
      tone: 'danger',
      headline: 'Transfer failed on chain',
      detail: problem ?? counted ?? 'Your tokens are recorded on the register',
    };
  if (problem) return { tone: 'danger', headline: 'Transfer held up on chain', detail: problem };
  // Not asked for yet (the token is still being deployed), waiting its turn, or sent and not yet mined.
  if (tx !== 'confirmed' || balance === null || expected === null)
    return { tone: 'warning', headline: 'Transfer pending on chain', detail: counted };
  if (balance === expected) return { tone: 'success', headline: counted!, detail: null };
  return {
    tone: 'warning',
    headline: counted!,
    detail: balance < expected ? 'Another transfer is still on its way' : 'A reversal is still on its way',
  };
}

/** The chain transactions of a token's deployment, in words (a kind the server adds later shows as it is). */
const DEPLOYMENT_STEPS = new Map([
  ['suite', 'Deploy the token, identity registry and compliance'],
  ['mint', 'Mint the supply to the owner'],
  ['unpause', 'Open the token for transfers'],
]);

export const deploymentStep = (kind: string) => DEPLOYMENT_STEPS.get(kind) ?? kind;
export const isDeploymentStep = (kind: string) => DEPLOYMENT_STEPS.has(kind);

/** Any of a token's transactions in words: a deployment step, or an approved supply change's mint or burn. */
export function transactionLabel(t: { kind: string; amount: number | null }): string {
  const tokens = t.amount === null ? '' : ` ${t.amount.toLocaleString('en-NZ')}`;
  if (t.kind === 'supply-mint') return `Mint${tokens} new tokens to the owner (supply change)`;
  if (t.kind === 'supply-burn') return `Burn${tokens} cancelled tokens from the owner (supply change)`;
  return deploymentStep(t.kind);
}

/** A confirmed holding whose transfer is still on its way: its page polls until the chain has caught up. */
export function awaitsChain(
  investment: { status: 'pending' | 'confirmed' | 'cancelled' } & Partial<HoldingOnChain>,
): boolean {
  const state = onChainState(investment);
  return investment.status === 'confirmed' && state?.tone === 'warning';
}
