import type { EarmarkedHolding } from '../../api/types';
import { formatCount } from '../format';

const transfers = (n: number) => (n === 1 ? 'a transfer' : `${formatCount(n)} transfers`);

/**
 * What the holder's transfers claim of a holding, in words, as the register counts it: tokens promised to open
 * transfers (until accepted and approved, or lapsed) and settling in approved ones. None: no lines.
 */
export function earmarkedLines(h: Partial<EarmarkedHolding>): string[] {
  return [
    ...(h.promisedTokens
      ? [`${formatCount(h.promisedTokens)} promised to ${transfers(h.promisedTransfers ?? 1)}`]
      : []),
    ...(h.settlingTokens
      ? [`${formatCount(h.settlingTokens)} settling in ${transfers(h.settlingTransfers ?? 1)}`]
      : []),
  ];
}
