import { WALLET_PROOF_MESSAGES } from '../../messages.js';
import { specify } from '../../testing/decider-spec.js';
import { MAX_OPEN_CHALLENGES, walletChallenges } from './wallet-challenges.decider.js';

const X = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

describe('wallet challenges', () => {
  const { given } = specify(walletChallenges);
  const issue = {
    type: 'IssueWalletChallenge' as const,
    personId: 'p1',
    address: X,
    nonce: 'a'.repeat(32),
    message: 'm',
    issuedAt: '2026-11-27T05:00:00.000Z',
    expiresAt: '2026-11-27T05:10:00.000Z',
  };
  it('issues a nonce once', () => {
    const { type: _t, ...data } = issue;
    const issued = { type: 'WalletChallengeIssued' as const, data };
    expect(given([]).when(issue)).toEqual({ events: [issued], error: null });
    expect(given([issued]).when(issue).error).toMatchObject({ status: 409 });
  });

  it('holds at most MAX_OPEN_CHALLENGES unexpired at once; expired ones do not count', () => {
    const { type: _t, ...data } = issue;
    const issued = Array.from({ length: MAX_OPEN_CHALLENGES }, (_, n) => ({
      type: 'WalletChallengeIssued' as const,
      data: { ...data, nonce: `${n}`.padStart(32, 'b') },
    }));
    const more = { ...issue, nonce: 'c'.repeat(32) };
    expect(given(issued).when(more).error).toMatchObject({ status: 429, message: WALLET_PROOF_MESSAGES.tooMany });
    const later = { ...more, issuedAt: '2026-11-27T05:10:00.000Z', expiresAt: '2026-11-27T05:20:00.000Z' };
    expect(given(issued).when(later).error).toBeNull();
  });
});
