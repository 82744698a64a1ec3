import type { HoldingClaims } from '../../api/types';
import { formatCount } from '../format';

export interface ClaimLine {
  text: string;
  /** Frozen: the holder cannot move these at all. */
  frozen: boolean;
}

const transfers = (n: number) => (n === 1 ? 'a transfer' : `${formatCount(n)} transfers`);

/**
 * What the register says is not free of a holder's tokens of an asset, in words: frozen (and why), promised to open
 * transfers (until accepted and approved, or lapsed), settling in approved ones. The figures are of all their
 * holdings of the asset, so a holding that is one of several says so ("of your 51 tokens of this asset") rather than
 * claim more than it holds. None: no lines.
 */
export function claimLines(h: Partial<HoldingClaims>, holdingTokens: number): ClaimLine[] {
  const of =
    h.assetTokensHeld !== undefined && h.assetTokensHeld > holdingTokens
      ? ` of your ${formatCount(h.assetTokensHeld)} tokens of this asset`
      : '';
  const lines: ClaimLine[] = [];
  if (h.frozenTokens)
    lines.push({
      text: `${formatCount(h.frozenTokens)}${of} frozen${h.frozenReason ? `: ${h.frozenReason}` : ''}`,
      frozen: true,
    });
  if (h.promisedTokens)
    lines.push({
      text: `${formatCount(h.promisedTokens)}${of} promised to ${transfers(h.promisedTransfers ?? 1)}`,
      frozen: false,
    });
  if (h.settlingTokens)
    lines.push({
      text: `${formatCount(h.settlingTokens)}${of} settling in ${transfers(h.settlingTransfers ?? 1)}`,
      frozen: false,
    });
  return lines;
}
