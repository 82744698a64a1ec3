import { describe, expect, it } from '@jest/globals';
import { fold } from '../../platform/decider.js';
import { TRANSFER_MESSAGES as M } from '../../messages.js';
import { specify } from '../../testing/decider-spec.js';
import { allocated, approved, assetId, ownerId } from '../../testing/register-history.js';
import type { AssetStreamEvent, EarmarkStage } from './events.js';
import {
  earmarkedBy,
  frozenTokens,
  heldBy,
  register,
  REGISTER_MESSAGES,
  type RegisterCommand,
} from './register.decider.js';

/**
 * Earmarks: the register is the one stream that serialises every claim on a holder's tokens — a transfer's promise
 * at its proposal, its settlement's claim at its approval, and freezes — so two decided at once cannot together
 * take more than the holder holds.
 */
const seller = 'inv-1';
const { given } = specify(register);
const now = '2026-11-27T00:00:00.000Z';
const week = '2026-12-04T00:00:00.000Z';
/** An approved asset: 100 tokens issued to the seller. */
const history: AssetStreamEvent[] = [
  ...approved,
  allocated('o-1', 300),
  {
    type: 'TokensIssued',
    data: {
      assetId,
      ownerId,
      offeringId: 'o-1',
      investmentId: 'i-1',
      investorId: seller,
      tokens: 100,
      offeringRevision: 2,
    },
  },
];
const earmark = (
  transferId: string,
  tokens: number,
  stage: EarmarkStage = 'settling',
  over: Partial<Extract<RegisterCommand, { type: 'EarmarkTokens' }>> = {},
): RegisterCommand => ({
  type: 'EarmarkTokens',
  assetId,
  transferId,
  sellerId: seller,
  tokens,
  stage,
  attempt: stage === 'settling' ? 1 : 0,
  expiresAt: stage === 'promised' ? week : null,
  now,
  to: 'other',
  ...over,
});
const release = (
  transferId: string,
  reason: 'cancelled' | 'expired' | 'failed' | 'not-recorded',
  attempt: number | null = null,
): RegisterCommand => ({ type: 'ReleaseEarmark', assetId, transferId, reason, attempt });
const reason = 'High Court freezing order CIV-2026-404-123';
const freeze = (tokens: number | null, requestId = 'r-1'): RegisterCommand => ({
  type: 'RequestFreeze',
  assetId,
  requestId,
  holderId: seller,
  action: 'freeze',
  scope: tokens === null ? 'address' : 'tokens',
  tokens,
  reason,
  adminId: 'admin-1',
  now,
});
const approveFreeze = (requestId = 'r-1'): RegisterCommand => ({
  type: 'ApproveFreeze',
  assetId,
  requestId,
  adminId: 'admin-2',
});
const withDecided = (events: AssetStreamEvent[], ...commands: RegisterCommand[]): AssetStreamEvent[] => {
  let out = events;
  for (const command of commands) {
    const decided = given(out).when(command);
    if (decided.error) throw decided.error;
    out = [...out, ...decided.events];
  }
  return out;
};
const settled = (transferId: string, tokens: number): AssetStreamEvent => ({
  type: 'TokensTransferred',
  data: {
    assetId,
    ownerId,
    transferId,
    fromInvestorId: seller,
    toInvestorId: 'inv-2',
    tokens,
    priceCents: 1250,
    txHash: `0x${'a'.repeat(64)}`,
    settledAt: now,
    sellerTokensAfter: 100 - tokens,
  },
});

describe('Register decider: earmarks of transfers (claims on a holder’s tokens)', () => {
  it('given 100 held, when a transfer claims them within what is free, then earmarked; beyond it, refused with the transfers’ text', () => {
    expect(given(history).when(earmark('t-1', 100)).events).toEqual([
      {
        type: 'TokensEarmarked',
        data: {
          assetId,
          ownerId,
          transferId: 't-1',
          sellerId: seller,
          tokens: 100,
          stage: 'settling',
          attempt: 1,
          expiresAt: null,
        },
      },
    ]);
    // A promise counts every other live claim: no over-promising, named as the other transfers' claim.
    const sixtyPromised = withDecided(history, earmark('t-1', 60, 'promised', { to: 'seller' }));
    expect(given(sixtyPromised).when(earmark('t-2', 41, 'promised', { to: 'seller' })).error).toMatchObject({
      status: 409,
      message: M.claimedElsewhere(60, 40, 'seller', 'open'),
    });
    // A settling claim counts only the other settling ones: a promise binds nothing.
    expect(given(sixtyPromised).when(earmark('t-2', 100)).events).toHaveLength(1);
    const sixty = withDecided(history, earmark('t-1', 60));
    expect(given(sixty).when(earmark('t-2', 41)).error).toMatchObject({
      status: 409,
      message: M.claimedElsewhere(60, 40, 'other', 'approved'),
    });
    expect(given(sixty).when(earmark('t-2', 40)).events).toHaveLength(1);
    // Transfers approved before earmarks existed, known only to the transfers read model, count too.
    expect(given(sixty).when(earmark('t-2', 40, 'settling', { unearmarked: 1 })).error).toMatchObject({
      message: M.claimedElsewhere(61, 39, 'other', 'approved'),
    });
    // More than held is named as such, whatever else is claimed.
    expect(given(sixty).when(earmark('t-2', 101)).error).toMatchObject({ message: M.notEnough(40, 'other') });
    // Frozen tokens are not free: named as frozen.
    const frozen = withDecided(history, freeze(30), approveFreeze());
    expect(given(frozen).when(earmark('t-1', 71)).error).toMatchObject({ status: 409, message: M.frozen(30, 'other') });
    expect(given(frozen).when(earmark('t-1', 70)).events).toHaveLength(1);
    // Not an approved asset, or none.
    expect(given(approved.slice(0, 1)).when(earmark('t-1', 1)).error).toMatchObject({ status: 409 });
    expect(given([]).when(earmark('t-1', 1)).error).toMatchObject({ status: 404 });
  });

  it('given a claim, when the same claim comes again (a repeat after a crash, a lost race), then nothing twice; a promise becomes a settlement’s claim at approval', () => {
    const promised = withDecided(history, earmark('t-1', 60, 'promised'));
    expect(given(promised).when(earmark('t-1', 60, 'promised')).events).toEqual([]);
    // At approval its own promise is not counted against it.
    const settling = withDecided(promised, earmark('t-1', 60));
    expect(earmarkedBy(fold(register, settling), seller, { settlingOnly: true })).toBe(60);
    expect(given(settling).when(earmark('t-1', 60)).events).toEqual([]);
    expect(given(settling).when(earmark('t-1', 60, 'promised')).events).toEqual([]); // never back to a promise
    // Settled: nothing left to claim.
    expect(
      given([...settling, settled('t-1', 60)]).when(earmark('t-1', 60, 'settling', { attempt: 2 })).events,
    ).toEqual([]);
  });

  it('given a promise past its proposal’s expiry, then it claims nothing (a proposal never recorded after a crash lapses with it)', () => {
    const promised = withDecided(history, earmark('t-1', 100, 'promised'));
    expect(given(promised).when(earmark('t-2', 1, 'promised')).error).toMatchObject({
      message: M.claimedElsewhere(100, 0, 'other', 'open'),
    });
    expect(given(promised).when(earmark('t-2', 100, 'promised', { now: week })).events).toHaveLength(1);
  });

  it('given tokens earmarked by an approved transfer, when a freeze would take them, then refused at request and approval from the register’s own state', () => {
    const settling = withDecided(history, earmark('t-1', 70));
    // 100 held, 70 settling: 30 may still be frozen, not 31, nor the whole holding.
    expect(given(settling).when(freeze(30)).events).toHaveLength(1);
    for (const [tokens, field] of [
      [31, 'tokens'],
      [null, 'scope'],
    ] as const)
      expect(given(settling).when(freeze(tokens)).error).toMatchObject({
        status: 409,
        message: REGISTER_MESSAGES.settling(70),
        errors: [{ field, message: REGISTER_MESSAGES.settling(70) }],
      });
    // Asked before the approval, approved after it: the approval of the freeze is refused (the race of the probe).
    const asked = withDecided(history, freeze(40));
    const thenApproved = withDecided(asked, earmark('t-1', 70));
    expect(given(thenApproved).when(approveFreeze()).error).toMatchObject({
      status: 409,
      message: REGISTER_MESSAGES.settling(70),
    });
    // The other order: the freeze approved first, the transfer's claim is refused.
    const frozenFirst = withDecided(asked, approveFreeze());
    expect(given(frozenFirst).when(earmark('t-1', 70)).error).toMatchObject({
      status: 409,
      message: M.frozen(40, 'other'),
    });
    // A promise (not yet approved) yields to a freeze: a court order does not wait for a proposal.
    const promised = withDecided(history, earmark('t-1', 70, 'promised'));
    expect(given(promised).when(freeze(null)).events).toHaveLength(1);
  });

  it('given a claim, when its transfer is cancelled, expires or fails, then released; a failure’s release never takes a retry’s newer claim', () => {
    const settling = withDecided(history, earmark('t-1', 70));
    for (const why of ['cancelled', 'expired', 'not-recorded'] as const) {
      const released = withDecided(settling, release('t-1', why));
      expect(released.at(-1)).toEqual({
        type: 'EarmarkReleased',
        data: { assetId, transferId: 't-1', sellerId: seller, tokens: 70, reason: why },
      });
      expect(earmarkedBy(fold(register, released), seller)).toBe(0);
      expect(given(released).when(release('t-1', why)).events).toEqual([]); // once
      expect(given(released).when(freeze(null)).events).toHaveLength(1);
    }
    const failed = withDecided(settling, release('t-1', 'failed', 1));
    expect(earmarkedBy(fold(register, failed), seller)).toBe(0);
    // The retry claims again (attempt 2); the first failure's release, late, takes nothing from it.
    const retried = withDecided(settling, earmark('t-1', 70, 'settling', { attempt: 2 }));
    expect(given(retried).when(release('t-1', 'failed', 1)).events).toEqual([]);
    expect(given(retried).when(release('t-1', 'failed', 2)).events).toHaveLength(1);
  });

  it('given a claim, when the transfer settles, then TokensTransferred consumes it; one from before earmarks consumes none', () => {
    const both = withDecided(history, earmark('t-1', 30), earmark('t-2', 20));
    const state = fold(register, [...both, settled('t-1', 30)]);
    expect([heldBy(state, seller), earmarkedBy(state, seller), frozenTokens(state, seller)]).toEqual([70, 20, 0]);
    // A transfer approved before earmarks: its settlement leaves t-2's claim whole.
    const legacy = fold(register, [...withDecided(history, earmark('t-2', 20)), settled('t-old', 50)]);
    expect([heldBy(legacy, seller), earmarkedBy(legacy, seller)]).toEqual([50, 20]);
    expect(
      given([...withDecided(history, earmark('t-2', 20)), settled('t-old', 50)]).when(earmark('t-3', 31)).error,
    ).toMatchObject({ message: M.claimedElsewhere(20, 30, 'other', 'approved') });
  });

  describe('after a freeze, over-promised transfers do not block each other (outside probe)', () => {
    it('given 100 held, two promises of 50 and then 1 frozen, when both are approved, then the first is claimed and the second refused for the first’s claim, not the freeze', () => {
      const promised = withDecided(
        history,
        earmark('t-1', 50, 'promised', { to: 'seller' }),
        earmark('t-2', 50, 'promised', { to: 'seller' }),
        freeze(1),
        approveFreeze(),
      );
      const first = given(promised).when(earmark('t-1', 50));
      expect(first.events).toHaveLength(1);
      const after = withDecided(promised, earmark('t-1', 50));
      expect(given(after).when(earmark('t-2', 50)).error).toMatchObject({
        status: 409,
        message: M.claimedElsewhere(50, 49, 'other', 'approved'),
      });
      expect(M.claimedElsewhere(50, 49, 'other', 'approved')).toBe(
        '50 of the seller’s tokens are in other approved transfers: the seller holds 49 tokens free to transfer',
      );
      // The second in the other order goes through just the same: whichever is approved first.
      expect(given(promised).when(earmark('t-2', 50)).events).toHaveLength(1);
    });

    it('given 100 held, 20 settling, four promises of 20 and then 40 frozen, when all four are approved in turn, then the two that fit are claimed and the other two refused', () => {
      let events = withDecided(
        history,
        earmark('t-0', 20),
        ...['t-1', 't-2', 't-3', 't-4'].map((t) => earmark(t, 20, 'promised', { to: 'seller' })),
        freeze(40),
        approveFreeze(),
      );
      const answers: string[] = [];
      for (const t of ['t-1', 't-2', 't-3', 't-4']) {
        const decided = given(events).when(earmark(t, 20));
        answers.push(decided.error ? decided.error.message : 'claimed');
        events = [...events, ...(decided.events ?? [])];
      }
      expect(answers).toEqual([
        'claimed',
        'claimed',
        M.claimedElsewhere(60, 0, 'other', 'approved'),
        M.claimedElsewhere(60, 0, 'other', 'approved'),
      ]);
      const state = fold(register, events);
      expect(earmarkedBy(state, seller, { settlingOnly: true })).toBe(60);
      expect(heldBy(state, seller) - frozenTokens(state, seller)).toBe(60);
    });
  });
});
