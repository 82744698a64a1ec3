import { describe, expect, it } from '@jest/globals';
import { earmarkedLines } from './earmarks';

describe('earmarkedLines: what transfers claim of a holding, in words', () => {
  it('one line per stage, a transfer or several, nothing when nothing is claimed', () => {
    const none = { promisedTokens: 0, promisedTransfers: 0, settlingTokens: 0, settlingTransfers: 0 };
    expect(earmarkedLines(none)).toEqual([]);
    expect(earmarkedLines({})).toEqual([]);
    expect(earmarkedLines({ ...none, promisedTokens: 30, promisedTransfers: 1 })).toEqual([
      '30 promised to a transfer',
    ]);
    expect(
      earmarkedLines({ promisedTokens: 1_200, promisedTransfers: 2, settlingTokens: 1, settlingTransfers: 1 }),
    ).toEqual(['1,200 promised to 2 transfers', '1 settling in a transfer']);
    expect(earmarkedLines({ ...none, settlingTokens: 12, settlingTransfers: 3 })).toEqual([
      '12 settling in 3 transfers',
    ]);
  });
});
