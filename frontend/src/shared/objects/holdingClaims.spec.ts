import { describe, expect, it } from '@jest/globals';
import { claimLines } from './holdingClaims';

const none = {
  assetTokensHeld: 100,
  frozenTokens: 0,
  frozenReason: null,
  promisedTokens: 0,
  promisedTransfers: 0,
  settlingTokens: 0,
  settlingTransfers: 0,
};
const texts = (...args: Parameters<typeof claimLines>) => claimLines(...args).map((l) => l.text);

describe('claimLines: what is not free of a holding, in words', () => {
  it('nothing frozen or claimed: no lines', () => {
    expect(claimLines(none, 100)).toEqual([]);
    expect(claimLines({}, 100)).toEqual([]);
  });

  it('frozen first (and marked so), then one line per stage, a transfer or several', () => {
    expect(claimLines({ ...none, frozenTokens: 20, frozenReason: 'Court order' }, 100)).toEqual([
      { text: '20 frozen: Court order', frozen: true },
    ]);
    expect(texts({ ...none, promisedTokens: 30, promisedTransfers: 1 }, 100)).toEqual(['30 promised to a transfer']);
    expect(
      texts(
        {
          ...none,
          assetTokensHeld: 2_000,
          promisedTokens: 1_200,
          promisedTransfers: 2,
          settlingTokens: 1,
          settlingTransfers: 1,
        },
        2_000,
      ),
    ).toEqual(['1,200 promised to 2 transfers', '1 settling in a transfer']);
    expect(texts({ ...none, settlingTokens: 12, settlingTransfers: 3 }, 100)).toEqual(['12 settling in 3 transfers']);
  });

  it('a holding that is one of several of the asset says what the figures are of', () => {
    // 1 token from a transfer beside 50 from an offering; 40 promised: neither row claims more than it holds.
    const two = {
      ...none,
      assetTokensHeld: 51,
      promisedTokens: 40,
      promisedTransfers: 1,
      frozenTokens: 5,
      frozenReason: null,
    };
    expect(texts(two, 1)).toEqual([
      '5 of your 51 tokens of this asset frozen',
      '40 of your 51 tokens of this asset promised to a transfer',
    ]);
    expect(texts(two, 50)[1]).toBe('40 of your 51 tokens of this asset promised to a transfer');
    expect(texts(two, 51)).toEqual(['5 frozen', '40 promised to a transfer']);
  });
});
