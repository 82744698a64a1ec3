import { WALLET_PROOF_MESSAGES, WALLET_RECOVERY_MESSAGES } from '../../messages.js';
import { specify } from '../../testing/decider-spec.js';
import { custody } from './custody.decider.js';
import type { IssuedChallenge } from './wallet-challenges.decider.js';
import type { CustodyEvent } from './events.js';

/** Wallet recovery (issue 32) on the custody stream: re-verification recorded, proof of control, four eyes. */
const LOST = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const NEW = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const OTHER = '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB';
const CUSTODY_0 = '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb';
const CUSTODY_1 = '0x9Bc6e9b1C0E1C5E0B2B7f3d2C8B6e5A1d4F3c2B1';
const NOW = '2026-11-27T05:05:00.000Z';

const challenge = (address: string, nonce = 'n'.repeat(32)): IssuedChallenge => ({
  address,
  nonce,
  message: `kauri.example wants you to sign in … ${address} … Nonce: ${nonce}`,
  expiresAt: '2026-11-27T05:10:00.000Z',
});
const ownWallet = (personId: string, address: string, nonce = 'a'.repeat(32)) =>
  ({
    type: 'OwnWalletRegistered',
    data: { personId, address, previousAddress: null, registeredBy: personId, nonce },
  }) satisfies CustodyEvent;
const custodyWallet = (personId: string, index: number, address: string) =>
  ({ type: 'CustodyWalletAssigned', data: { personId, index, address } }) satisfies CustodyEvent;
const request = (
  over: Partial<{ requestId: string; personId: string; requestedBy: string; tokensHeld: number }> = {},
) => ({
  type: 'RequestWalletRecovery' as const,
  requestId: 'r1',
  personId: 'inv',
  reason: 'Passport and video call re-verified on 27 November',
  requestedBy: 'admin1',
  tokensHeld: 100,
  ...over,
});
const requested = (custodial: boolean, lostAddress = LOST) =>
  ({
    type: 'WalletRecoveryRequested',
    data: {
      requestId: 'r1',
      personId: 'inv',
      lostAddress,
      custodial,
      reason: 'Passport and video call re-verified on 27 November',
      requestedBy: 'admin1',
    },
  }) satisfies CustodyEvent;
const prove = (address = NEW, c: IssuedChallenge | null = challenge(address), personId = 'inv') => ({
  type: 'ProveWalletRecovery' as const,
  requestId: 'r1',
  personId,
  address,
  message: c?.message ?? 'anything',
  challenge: c,
  now: NOW,
});
const proved = (address = NEW) =>
  ({
    type: 'WalletRecoveryProved',
    data: { requestId: 'r1', personId: 'inv', address, nonce: 'n'.repeat(32) },
  }) satisfies CustodyEvent;
const approve = (approvedBy = 'admin2', custodyWallet: { index: number; address: string } | null = null) => ({
  type: 'ApproveWalletRecovery' as const,
  requestId: 'r1',
  approvedBy,
  custody: custodyWallet,
});

describe('wallet recovery: an admin records the re-verification and opens it', () => {
  const { given } = specify(custody);

  it('given an own wallet, then WalletRecoveryRequested (not custodial) with the lost address and the reason', () => {
    expect(given([ownWallet('inv', LOST)]).when(request())).toEqual({ events: [requested(false)], error: null });
  });

  it('given a custody wallet, then the request is custodial', () => {
    expect(given([custodyWallet('inv', 0, CUSTODY_0)]).when(request()).events).toEqual([requested(true, CUSTODY_0)]);
  });

  it('nothing to recover is refused: no wallet, or no tokens held', () => {
    expect(given([]).when(request()).error).toMatchObject({
      status: 409,
      message: WALLET_RECOVERY_MESSAGES.noWallet,
      errors: [{ field: 'personId' }],
    });
    expect(given([ownWallet('inv', LOST)]).when(request({ tokensHeld: 0 })).error).toMatchObject({
      status: 409,
      message: WALLET_RECOVERY_MESSAGES.noTokens,
    });
  });

  it('refuses a blank reason (400), an admin recovering their own wallet (403), a second open request (409)', () => {
    const history = [ownWallet('inv', LOST)];
    expect(given(history).when({ ...request(), reason: '   ' }).error).toMatchObject({
      status: 400,
      errors: [{ field: 'reason', message: WALLET_RECOVERY_MESSAGES.reason }],
    });
    expect(given(history).when(request({ requestedBy: 'inv' })).error).toMatchObject({
      status: 403,
      message: WALLET_RECOVERY_MESSAGES.own,
    });
    expect(given([...history, requested(false)]).when(request({ requestId: 'r2' })).error).toMatchObject({
      status: 409,
      message: WALLET_RECOVERY_MESSAGES.open,
    });
    // Once cancelled, a new one may be opened.
    const cancelled = {
      type: 'WalletRecoveryCancelled',
      data: { requestId: 'r1', personId: 'inv', cancelledBy: 'admin2', reason: 'Opened by mistake' },
    } satisfies CustodyEvent;
    expect(given([...history, requested(false), cancelled]).when(request({ requestId: 'r2' })).error).toBeNull();
  });
});

describe('wallet recovery: the investor proves control of the new address', () => {
  const { given } = specify(custody);
  const history = [ownWallet('inv', LOST), requested(false)];

  it('given an open own-wallet recovery and a challenge issued for the new address, then WalletRecoveryProved', () => {
    expect(given(history).when(prove())).toEqual({ events: [proved()], error: null });
  });

  it('refuses a message not issued for the address, an expired one, a used one', () => {
    expect(given(history).when(prove(NEW, challenge(OTHER))).error).toMatchObject({
      status: 400,
      message: WALLET_PROOF_MESSAGES.messageUnknown,
    });
    expect(given(history).when({ ...prove(), now: '2026-11-27T05:10:00.001Z' }).error).toMatchObject({
      status: 400,
      message: WALLET_PROOF_MESSAGES.expired,
    });
    expect(given([...history, proved()]).when(prove()).error).toMatchObject({
      status: 400,
      message: WALLET_PROOF_MESSAGES.used,
    });
  });

  it('refuses the lost address, another person’s address, another person’s recovery, a custodial recovery', () => {
    expect(given(history).when(prove(LOST)).error).toMatchObject({
      status: 409,
      message: WALLET_RECOVERY_MESSAGES.lost,
    });
    expect(given([...history, ownWallet('p2', OTHER, 'b'.repeat(32))]).when(prove(OTHER)).error).toMatchObject({
      status: 409,
      message: WALLET_PROOF_MESSAGES.taken,
    });
    expect(given(history).when(prove(NEW, challenge(NEW), 'p2')).error).toMatchObject({ status: 404 });
    expect(given([custodyWallet('inv', 0, CUSTODY_0), requested(true, CUSTODY_0)]).when(prove()).error).toMatchObject({
      status: 409,
      message: WALLET_RECOVERY_MESSAGES.custodial,
    });
  });
});

describe('wallet recovery: another admin approves (four eyes)', () => {
  const { given } = specify(custody);
  const own = [ownWallet('inv', LOST), requested(false)];

  it('given a proven own-wallet recovery, when another admin approves, then the wallet is the new address', () => {
    const result = given([...own, proved()]).when(approve());
    expect(result).toEqual({
      events: [
        {
          type: 'WalletRecoveryApproved',
          data: {
            requestId: 'r1',
            personId: 'inv',
            lostAddress: LOST,
            newAddress: NEW,
            approvedBy: 'admin2',
            custodyIndex: null,
          },
        },
      ],
      error: null,
    });
    // Approved once: a second approval is refused, and the new address is the investor's.
    const after = [...own, proved(), ...(result.events ?? [])];
    expect(given(after).when(approve()).error).toMatchObject({
      status: 409,
      message: WALLET_RECOVERY_MESSAGES.notOpen,
    });
    expect(given(after).when({ ...request({ requestId: 'r2' }) }).events).toEqual([
      { ...requested(false, NEW), data: { ...requested(false, NEW).data, requestId: 'r2' } },
    ]);
  });

  it('never the requesting admin, never the investor (403)', () => {
    const history = [...own, proved()];
    expect(given(history).when(approve('admin1')).error).toMatchObject({
      status: 403,
      message: WALLET_RECOVERY_MESSAGES.fourEyes,
    });
    expect(given(history).when(approve('inv')).error).toMatchObject({
      status: 403,
      message: WALLET_RECOVERY_MESSAGES.investor,
    });
  });

  it('an own wallet needs the proof first (409); a recovery that does not exist is 404', () => {
    expect(given(own).when(approve()).error).toMatchObject({
      status: 409,
      message: WALLET_RECOVERY_MESSAGES.proofRequired,
    });
    expect(given([]).when(approve()).error).toMatchObject({ status: 404 });
  });

  it('the proven address taken by someone else meanwhile is refused', () => {
    const history = [...own, proved(), ownWallet('p2', NEW, 'b'.repeat(32))];
    expect(given(history).when(approve()).error).toMatchObject({ status: 409, message: WALLET_PROOF_MESSAGES.taken });
  });

  it('custodial: the platform recovers to the next custody wallet, no proof; a stale index is a conflict', () => {
    const history = [custodyWallet('inv', 0, CUSTODY_0), requested(true, CUSTODY_0)];
    expect(given(history).when(approve('admin2', { index: 1, address: CUSTODY_1 })).events).toEqual([
      {
        type: 'WalletRecoveryApproved',
        data: {
          requestId: 'r1',
          personId: 'inv',
          lostAddress: CUSTODY_0,
          newAddress: CUSTODY_1,
          approvedBy: 'admin2',
          custodyIndex: 1,
        },
      },
    ]);
    expect(given(history).when(approve('admin2', { index: 0, address: CUSTODY_1 })).error).toMatchObject({
      status: 409,
    });
  });

  it('a wallet that changed since the request is refused at approval', () => {
    const switched = {
      ...ownWallet('inv', OTHER, 'b'.repeat(32)),
      data: { ...ownWallet('inv', OTHER, 'b'.repeat(32)).data, previousAddress: LOST },
    };
    expect(given([...own, proved(), switched]).when(approve()).error).toMatchObject({
      status: 409,
      message: WALLET_RECOVERY_MESSAGES.moved,
    });
  });

  it('a cancelled recovery cannot be approved or proven', () => {
    const cancelled = {
      type: 'WalletRecoveryCancelled',
      data: { requestId: 'r1', personId: 'inv', cancelledBy: 'admin2', reason: 'Investor found the key' },
    } satisfies CustodyEvent;
    const history = [...own, proved(), cancelled];
    expect(given(history).when(approve()).error).toMatchObject({
      status: 409,
      message: WALLET_RECOVERY_MESSAGES.notOpen,
    });
    expect(given(history).when(prove(NEW, challenge(NEW, 'm'.repeat(32)))).error).toMatchObject({ status: 409 });
  });
});
