import { Inject, Injectable } from '@nestjs/common';
import type { Address, Hex } from 'viem';
import type { ChainBlock, ChainPort } from '../../platform/chain/chain.js';
import { CHAIN } from '../../platform/injection-keys.js';
import { applyTransfers } from '../tokens/chain-balances.js';
import { TokenViews } from '../tokens/token-views.js';
import { chainDrift, type ChainDrift } from './chain-drift.js';
import type { DistributionEntitlementsChecked, DistributionLine } from './events.js';

/**
 * The entitlements checked against the chain (issue 31): the holders the register's as-of replay gave at the end of
 * the record date, against the token's on-chain balances in the last block mined at that moment. What the
 * `DistributionEntitlementsChecked` event records, so anyone can check it again against the same block.
 */
export type RecordCheck = Omit<DistributionEntitlementsChecked['data'], 'distributionId' | 'assetId'> & {
  drift: ChainDrift[];
};

/** The last block mined at or before `unixSeconds` (block times never go back): a binary search on block times. */
export async function blockAtOrBefore(
  chain: Pick<ChainPort, 'head' | 'block'>,
  unixSeconds: bigint,
): Promise<ChainBlock | null> {
  const first = await chain.block(0n);
  if (first.timestamp > unixSeconds) return null;
  let low = 0n;
  let high = await chain.head();
  let found = first;
  while (low < high) {
    const middle = (low + high + 1n) / 2n;
    const block = await chain.block(middle);
    if (block.timestamp <= unixSeconds) {
      low = middle;
      found = block;
    } else high = middle - 1n;
  }
  return found.number === low ? found : chain.block(low);
}

/**
 * What each person should hold on chain by the distribution's lines: a platform holder their own tokens; the owner
 * their retained tokens and the off-platform holders' (minted to the owner's wallet, never transferred on chain).
 */
export function expectedOnChain(
  lines: readonly Pick<DistributionLine, 'holderKind' | 'investorId' | 'tokens'>[],
  ownerId: string,
): Map<string, number> {
  const out = new Map<string, number>([[ownerId, 0]]);
  for (const line of lines) {
    const person = line.holderKind === 'platform' && line.investorId ? line.investorId : ownerId;
    out.set(person, (out.get(person) ?? 0) + line.tokens);
  }
  return out;
}

/**
 * Checks a distribution's lines against the chain at its record moment. The balances at that block are the token's
 * Transfer logs folded up to it (from the block its suite was deployed in), not `balanceOf` at a past block: the
 * embedded node keeps no past state once it restarts from its state file (measured with anvil 1.7: a past block's
 * state answers `BlockOutOfRangeError`, its blocks and logs are kept), and a real network's non-archive node keeps
 * only recent state. Null when there is no chain.
 */
@Injectable()
export class RecordDateCheck {
  constructor(
    @Inject(CHAIN) private readonly chain: ChainPort | null,
    private readonly tokens: TokenViews,
  ) {}

  get enabled(): boolean {
    return this.chain !== null && this.tokens.enabled;
  }

  async check(distribution: {
    assetId: string;
    ownerId: string;
    recordInstant: string;
    declaredAt: string;
    /** The block recorded at the declaration (a record date of today), else the one mined at the record moment. */
    recordBlock?: number | null;
    lines: readonly Pick<DistributionLine, 'holderKind' | 'investorId' | 'tokens'>[];
  }): Promise<RecordCheck | 'no-token' | null> {
    const chain = this.chain;
    if (!chain || !this.tokens.enabled) return null;
    const token = await this.tokens.token(distribution.assetId);
    if (!token?.tokenAddress) return 'no-token';
    // The earlier of two ISO instants (compared as text).
    const moment = [distribution.recordInstant, distribution.declaredAt].sort()[0]!;
    const block =
      distribution.recordBlock != null
        ? await chain.block(BigInt(distribution.recordBlock))
        : await blockAtOrBefore(chain, BigInt(Math.floor(Date.parse(moment) / 1000)));
    const expected = expectedOnChain(distribution.lines, distribution.ownerId);
    const held = new Map<string, bigint>();
    if (block) {
      const deployed = token.transactions.find((t) => t.kind === 'suite')?.blockNumber ?? 0;
      const from = BigInt(deployed) <= block.number ? BigInt(deployed) : block.number;
      const logs = await chain.transfers([token.tokenAddress as Address], from, block.number);
      for (const [wallet, balance] of applyTransfers(new Map(), logs).get(token.tokenAddress.toLowerCase()) ?? [])
        held.set(wallet, balance);
    }
    const onChain = [...held]
      .filter(([, balance]) => balance > 0n)
      .map(([wallet, balance]) => ({ personId: this.tokens.personOfWalletThen(wallet), balance: Number(balance) }));
    return {
      moment,
      chainId: chain.chainId,
      token: token.tokenAddress,
      blockNumber: Number(block?.number ?? 0n),
      blockHash: (block?.hash ?? `0x${'0'.repeat(64)}`) as Hex,
      blockTime: new Date(Number(block?.timestamp ?? 0n) * 1000).toISOString(),
      people: expected.size,
      drift: chainDrift(expected, onChain),
    };
  }
}
