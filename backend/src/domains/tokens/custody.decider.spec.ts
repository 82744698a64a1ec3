import { WALLET_PROOF_MESSAGES } from '../../messages.js';
import { specify } from '../../testing/decider-spec.js';
import { custody } from './custody.decider.js';
import type { IssuedChallenge } from './wallet-challenges.decider.js';
import type { CustodyEvent } from './events.js';

const X = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const Y = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const challenge = (address: string, nonce = 'a'.repeat(32)): IssuedChallenge => ({
  address,
  nonce,
  message: `kauri.example wants you to sign in … ${address} … Nonce: ${nonce}`,
  expiresAt: '2026-11-27T05:10:00.000Z',
});
const register = (personId: string, c: IssuedChallenge | null, now = '2026-11-27T05:05:00.000Z', address = X) => ({
  type: 'RegisterOwnWallet' as const,
  personId,
  address,
  registeredBy: personId,
  message: c?.message ?? 'anything',
  challenge: c,
  now,
});
const registered = (personId: string, address: string, nonce: string, previousAddress: string | null = null) =>
  ({
    type: 'OwnWalletRegistered',
    data: { personId, address, previousAddress, registeredBy: personId, nonce },
  }) satisfies CustodyEvent;

describe('custody: registering one’s own wallet against an issued challenge', () => {
  const { given } = specify(custody);

  it('given a challenge issued for the address, when answered in time, then OwnWalletRegistered with its nonce', () => {
    expect(given([]).when(register('p1', challenge(X)))).toEqual({
      events: [registered('p1', X, 'a'.repeat(32))],
      error: null,
    });
  });

  it('refuses without a challenge, with a message other than the issued one, or for another address', () => {
    for (const command of [
      register('p1', null),
      { ...register('p1', challenge(X)), message: 'edited' },
      register('p1', challenge(Y)),
    ])
      expect(given([]).when(command).error).toMatchObject({
        status: 400,
        message: WALLET_PROOF_MESSAGES.messageUnknown,
        errors: [{ field: 'message' }],
      });
  });

  it('refuses a message answered after its expiry (the time comes on the command)', () => {
    expect(given([]).when(register('p1', challenge(X), '2026-11-27T05:10:00.001Z')).error).toMatchObject({
      status: 400,
      message: WALLET_PROOF_MESSAGES.expired,
    });
  });

  it('given a nonce already answered, when the same message comes again (even for a switch back), then used', () => {
    const c = challenge(X);
    const history = [registered('p1', X, c.nonce), registered('p1', Y, 'b'.repeat(32), X)];
    expect(given(history).when(register('p1', c)).error).toMatchObject({
      status: 400,
      message: WALLET_PROOF_MESSAGES.used,
    });
    // A fresh challenge switches back.
    expect(given(history).when(register('p1', challenge(X, 'c'.repeat(32)))).events).toEqual([
      registered('p1', X, 'c'.repeat(32), Y),
    ]);
  });

  it('an address is one person’s: another’s is 409 taken, one’s own current is 409 same', () => {
    const history = [registered('p1', X, 'a'.repeat(32))];
    expect(given(history).when(register('p2', challenge(X, 'b'.repeat(32)))).error).toMatchObject({
      status: 409,
      message: WALLET_PROOF_MESSAGES.taken,
    });
    expect(given(history).when(register('p1', challenge(X, 'b'.repeat(32)))).error).toMatchObject({
      status: 409,
      message: WALLET_PROOF_MESSAGES.same,
    });
  });
});
