import { describe, expect, it } from '@jest/globals';
import { fold } from '../../platform/decider.js';
import { DomainError } from '../../platform/errors.js';
import { nzLongDate } from '../../platform/nz-time.js';
import { TRANSFER_MESSAGES as M } from '../../messages.js';
import { statusAt } from '../../projections/transfers.js';
import type { TransferEvent } from './events.js';
import { transfer, TRANSFER_MAX_HOLDERS, type TransferChecks, type TransferCommand } from './transfer.decider.js';

const NOW = '2026-11-27T01:00:00.000Z';
const LATER = '2026-12-04T01:00:00.000Z';
const transferId = '0b6c2f4e-5a1d-4c3b-9e8f-7a6b5c4d3e2f';
const assetId = '1c7d3a5f-6b2e-4d4c-8f9a-8b7c6d5e4f3a';
const ownerId = 'owner-1';
const seller = 'seller-1';
const buyer = 'buyer-1';
const ok: TransferChecks = {
  assetActive: true,
  buyer: { standing: 'verified', revokedAt: null, known: true },
  buyerWallet: 'custody',
  sellerWallet: 'custody',
  sellerHolds: 100,
  frozen: 0,
  buyerFrozen: false,
  promised: 0,
  claims: 'open',
  lockedUntil: null,
  holderLimitReached: false,
  canTransfer: true,
  recovering: null,
};
const propose = (checks: Partial<TransferChecks> = {}, fields: Partial<TransferCommand> = {}): TransferCommand =>
  ({
    type: 'ProposeTransfer',
    transferId,
    assetId,
    ownerId,
    sellerId: seller,
    toInvestorId: buyer,
    tokens: 40,
    priceCents: 1250,
    now: NOW,
    checks: { ...ok, ...checks },
    ...fields,
  }) as TransferCommand;
const proposed: TransferEvent = {
  type: 'TransferProposed',
  data: {
    transferId,
    assetId,
    ownerId,
    fromInvestorId: seller,
    toInvestorId: buyer,
    tokens: 40,
    priceCents: 1250,
    proposedAt: NOW,
    expiresAt: '2026-12-04T01:00:00.000Z',
  },
};
const accepted: TransferEvent = { type: 'TransferAccepted', data: { transferId, buyerId: buyer, acceptedAt: NOW } };
const approved: TransferEvent = {
  type: 'TransferApproved',
  data: { transferId, approverId: ownerId, approvedAt: NOW },
};
const accept = (checks: Partial<TransferChecks> = {}, actorId = buyer, now = NOW): TransferCommand => ({
  type: 'AcceptTransfer',
  transferId,
  actorId,
  now,
  checks: { ...ok, ...checks },
});
const approve = (
  checks: Partial<TransferChecks> = {},
  actorId = ownerId,
  actorIsAdmin = false,
  approval: 'owner' | 'admin' = 'owner',
): TransferCommand => ({
  type: 'ApproveTransfer',
  transferId,
  actorId,
  actorIsAdmin,
  approval,
  coin: null,
  now: NOW,
  checks: { ...ok, ...checks },
});
const given = (events: TransferEvent[]) => fold(transfer, events);
const refusal = (events: TransferEvent[], command: TransferCommand) => {
  try {
    transfer.decide(command, given(events));
  } catch (error) {
    if (error instanceof DomainError) return [error.status, error.message];
    throw error;
  }
  throw new Error('not refused');
};

describe('transfer decider', () => {
  it('given nothing, when the seller proposes, then TransferProposed expiring after 7 days', () => {
    expect(transfer.decide(propose(), transfer.initialState)).toEqual([proposed]);
  });

  it.each<[string, Partial<TransferChecks>, Partial<TransferCommand>, [number, string]]>([
    ['a transfer to oneself', {}, { toInvestorId: seller }, [400, M.toSelf]],
    ['an asset not approved', { assetActive: false }, {}, [409, M.assetNotActive]],
    [
      'a buyer not verified',
      { buyer: { standing: 'none', revokedAt: null, known: true } },
      {},
      [409, M.buyerNotVerified],
    ],
    ['a lapsed certificate', { buyer: { standing: 'lapsed', revokedAt: null, known: true } }, {}, [409, M.buyerLapsed]],
    [
      'a revoked certificate',
      { buyer: { standing: 'revoked', revokedAt: '2026-11-01T00:00:00.000Z', known: true } },
      {},
      [409, M.buyerRevoked(nzLongDate('2026-11-01T00:00:00.000Z'))],
    ],
    ['tokens frozen', { frozen: 70 }, {}, [409, M.frozen(70)]],
    ['more than the seller holds', { sellerHolds: 39 }, {}, [409, M.notEnough(39)]],
    ['the buyer’s whole address frozen', { buyerFrozen: true }, {}, [409, M.buyerFrozen]],
    [
      'more than is free after other proposals',
      { promised: 61 },
      {},
      [409, M.claimedElsewhere(61, 39, 'seller', 'open')],
    ],
    // Named by what falls short: held (even with some frozen), else frozen, else the other transfers' promises.
    ['more than held, some frozen', { sellerHolds: 39, frozen: 10 }, {}, [409, M.notEnough(29)]],
    [
      'enough unfrozen, but promised elsewhere (not "frozen")',
      { frozen: 10, promised: 55 },
      {},
      [409, M.claimedElsewhere(55, 35, 'seller', 'open')],
    ],
    [
      'the seller’s lock-up not over',
      { lockedUntil: '2027-02-25T11:00:00.000Z' },
      {},
      [409, M.lockedUp(nzLongDate('2027-02-25T11:00:00.000Z'))],
    ],
    ['the holder limit reached', { holderLimitReached: true }, {}, [409, M.holderLimit(TRANSFER_MAX_HOLDERS)]],
    ['a buyer without a wallet', { buyerWallet: null }, {}, [409, M.buyerNoWallet]],
    ['a buyer with their own wallet', { buyerWallet: 'own' }, {}, [409, M.ownWallet('buyer')]],
    ['a seller with their own wallet', { sellerWallet: 'own' }, {}, [409, M.ownWallet('seller')]],
    ['the token’s compliance refusing (canTransfer false)', { canTransfer: false }, {}, [409, M.chainRefused]],
    ['a recovery of the seller’s wallet under way', { recovering: 'seller' }, {}, [409, M.recovering('seller')]],
    ['a recovery of the buyer’s wallet under way', { recovering: 'buyer' }, {}, [409, M.recovering('buyer')]],
  ])('given nothing, when proposing with %s, then refused and nothing recorded', (_what, checks, fields, expected) => {
    expect(refusal([], propose(checks, fields))).toEqual(expected);
  });

  it('frozen tokens that leave enough free do not refuse', () => {
    expect(transfer.decide(propose({ frozen: 10 }), transfer.initialState)).toHaveLength(1);
  });

  it('given a proposal, when the buyer accepts, then TransferAccepted; anyone else, refused', () => {
    expect(transfer.decide(accept(), given([proposed]))).toEqual([accepted]);
    expect(refusal([proposed], accept({}, seller))).toEqual([403, M.onlyBuyer]);
    expect(refusal([proposed], accept({}, buyer, LATER))).toEqual([409, M.expired]);
  });

  it('a proposal reads expired from the moment the decider refuses it, before the sweep records it (statusAt)', () => {
    const doc = { status: 'proposed' as const, expiresAt: LATER };
    expect([statusAt(doc, NOW), statusAt(doc, LATER)]).toEqual(['proposed', 'expired']);
    expect(statusAt({ ...doc, status: 'accepted' }, LATER)).toBe('expired');
    expect(statusAt({ ...doc, status: 'approved' }, LATER)).toBe('approved');
    expect(refusal([proposed], accept({}, buyer, LATER))).toEqual([409, M.expired]);
  });

  it('given a proposal, when the buyer’s certificate was revoked since, then accepting is refused', () => {
    const revoked = { buyer: { standing: 'revoked' as const, revokedAt: NOW, known: true } };
    expect(refusal([proposed], accept(revoked))).toEqual([409, M.buyerRevoked(nzLongDate(NOW))]);
  });

  it('given an accepted proposal, when the owner approves, then approved and settlement requested (DvP amount)', () => {
    expect(transfer.decide(approve(), given([proposed, accepted]))).toEqual([
      approved,
      {
        type: 'TransferSettlementRequested',
        data: {
          transferId,
          assetId,
          fromInvestorId: seller,
          toInvestorId: buyer,
          tokens: 40,
          amountCents: 50_000,
          coin: null,
          requestedAt: NOW,
        },
      },
    ]);
  });

  it('approval: only the owner or an admin who is not a party; only once accepted; checks again', () => {
    expect(refusal([proposed], approve())).toEqual([409, M.notAccepted]);
    expect(refusal([proposed, accepted], approve({}, buyer))).toEqual([403, M.onlyApprover]);
    // An admin who is a party is an admin: told that parties cannot approve their own transfer (four eyes).
    expect(refusal([proposed, accepted], approve({}, seller, true))).toEqual([403, M.partyApprover]);
    expect(refusal([proposed, accepted], approve({}, buyer, true))).toEqual([403, M.partyApprover]);
    expect(M.partyApprover).toMatch(/^You are a party to this transfer, so you cannot approve it/);
    expect(transfer.decide(approve({}, 'admin-1', true), given([proposed, accepted]))).toHaveLength(2);
    // The asset's setting hands approval to Kauri's admins: the owner may no longer approve; an admin may.
    expect(refusal([proposed, accepted], approve({}, ownerId, false, 'admin'))).toEqual([403, M.onlyAdminApprover]);
    expect(transfer.decide(approve({}, 'admin-1', true, 'admin'), given([proposed, accepted]))).toHaveLength(2);
    // Said to the approver as the seller's, not theirs.
    expect(refusal([proposed, accepted], approve({ lockedUntil: LATER }))).toEqual([
      409,
      M.lockedUp(nzLongDate(LATER), 'other'),
    ]);
    expect(refusal([proposed, accepted], approve({ frozen: 100 }))).toEqual([409, M.frozen(100, 'other')]);
    // The buyer is not told about the seller's holding (a freeze may be a court order): only that it cannot go now.
    expect(refusal([proposed], accept({ frozen: 100 }))).toEqual([409, M.sellerCannotNow]);
    expect(refusal([proposed], accept({ sellerHolds: 1 }))).toEqual([409, M.sellerCannotNow]);
    expect(M.frozen(100, 'other')).toBe('100 of the seller’s tokens are frozen');
    // One token reads as one (found on screen by an outside probe: '1 of the seller’s tokens are frozen').
    expect(M.frozen(1, 'other')).toBe('1 of the seller’s tokens is frozen');
    expect(M.notEnough(1)).toBe('You hold 1 token free to transfer');
    expect(M.claimedElsewhere(1, 1, 'seller', 'open')).toBe(
      '1 of your tokens is in other open transfers: you hold 1 token free to transfer',
    );
    // Held 100, 10 frozen, 55 in another approved transfer settling: 35 free — named as the other transfer's claim.
    const settlingElsewhere = { frozen: 10, promised: 55, claims: 'approved' as const };
    expect(refusal([proposed, accepted], approve(settlingElsewhere))).toEqual([
      409,
      M.claimedElsewhere(55, 35, 'other', 'approved'),
    ]);
    expect(M.claimedElsewhere(55, 35, 'other', 'approved')).toBe(
      '55 of the seller’s tokens are in other approved transfers: the seller holds 35 tokens free to transfer',
    );
    // The buyer accepting reads only that the seller cannot transfer them now.
    expect(refusal([proposed], accept(settlingElsewhere))).toEqual([409, M.sellerCannotNow]);
    // 10 frozen, nothing settling elsewhere: 90 free, the 40 fit (other proposals' promises are not counted here).
    expect(transfer.decide(approve({ frozen: 10, claims: 'approved' }), given([proposed, accepted]))).toHaveLength(2);
    // Approved once: a second approval says so.
    const approvedOnce = transfer.decide(approve(), given([proposed, accepted]));
    expect(refusal([proposed, accepted, ...approvedOnce], approve())).toEqual([409, M.alreadyApproved]);
  });

  it('approving a transfer that has ended says it ended, not that the buyer must accept it first', () => {
    const cancelled: TransferEvent = {
      type: 'TransferCancelled',
      data: { transferId, cancelledBy: seller, cancelledAt: NOW },
    };
    const expired: TransferEvent = { type: 'TransferExpired', data: { transferId, expiredAt: LATER } };
    const failed: TransferEvent = {
      type: 'TransferFailed',
      data: { transferId, txHash: null, reason: 'reverted', failedAt: NOW },
    };
    const abandoned: TransferEvent = {
      type: 'TransferAbandoned',
      data: { transferId, fromInvestorId: seller, reason: 'for good', abandonedBy: 'admin-1', abandonedAt: NOW },
    };
    expect(refusal([proposed, cancelled], approve())).toEqual([409, M.approveEnded('cancelled')]);
    expect(refusal([proposed, accepted, expired], approve())).toEqual([409, M.expired]);
    expect(refusal([proposed, accepted, approved, failed], approve())).toEqual([409, M.approveEnded('failed')]);
    expect(refusal([proposed, accepted, approved, failed, abandoned], approve({}, 'admin-1', true))).toEqual([
      409,
      M.approveEnded('abandoned'),
    ]);
    expect(M.approveEnded('abandoned')).toBe('This transfer was abandoned: it has ended and cannot be approved');
    for (const status of ['cancelled', 'failed', 'abandoned'] as const)
      expect(M.approveEnded(status)).not.toBe(M.notAccepted);
  });

  // Everyone here sees the transfer (strangers get 404 before it is decided): whoever a command is not for gets 403.
  const admin = 'admin-1';
  const cancelBy = (actorId: string): TransferCommand => ({ type: 'CancelTransfer', transferId, actorId, now: NOW });
  it.each<[string, TransferEvent[], (actor: string) => TransferCommand, Record<string, string | null>]>([
    [
      'accept',
      [proposed],
      (actor) => accept({}, actor),
      { seller: M.onlyBuyer, buyer: null, owner: M.onlyBuyer, admin: M.onlyBuyer },
    ],
    [
      'approve',
      [proposed, accepted],
      (actor) => approve({}, actor, actor === admin),
      { seller: M.onlyApprover, buyer: M.onlyApprover, owner: null, admin: null },
    ],
    ['cancel', [proposed], cancelBy, { seller: null, buyer: null, owner: M.onlyParties, admin: M.onlyParties }],
  ])(
    'given a transfer, when each who sees it tries to %s, then only the one it is for may',
    (_, history, command, expected) => {
      const actors = { seller, buyer, owner: ownerId, admin };
      for (const [who, actor] of Object.entries(actors)) {
        const refused = expected[who];
        if (refused === null) expect(transfer.decide(command(actor), given(history)).length).toBeGreaterThan(0);
        else expect(refusal(history, command(actor))).toEqual([403, refused]);
      }
    },
  );

  it('either party cancels before settlement starts, nobody after', () => {
    const cancel = (actorId: string): TransferCommand => ({ type: 'CancelTransfer', transferId, actorId, now: NOW });
    expect(transfer.decide(cancel(seller), given([proposed]))[0]?.type).toBe('TransferCancelled');
    expect(transfer.decide(cancel(buyer), given([proposed, accepted]))[0]?.type).toBe('TransferCancelled');
    expect(refusal([proposed], cancel(ownerId))).toEqual([403, M.onlyParties]);
    expect(refusal([proposed, accepted, approved], cancel(seller))).toEqual([409, M.notCancellable]);
  });

  it('a proposal expires after its period unless settlement started; once', () => {
    const expire = (now: string): TransferCommand => ({ type: 'ExpireTransfer', transferId, now });
    expect(transfer.decide(expire(NOW), given([proposed]))).toEqual([]);
    expect(transfer.decide(expire(LATER), given([proposed, accepted]))).toEqual([
      { type: 'TransferExpired', data: { transferId, expiredAt: LATER } },
    ]);
    expect(transfer.decide(expire(LATER), given([proposed, accepted, approved]))).toEqual([]);
    const expired: TransferEvent = { type: 'TransferExpired', data: { transferId, expiredAt: LATER } };
    expect(transfer.decide(expire(LATER), given([proposed, expired]))).toEqual([]);
  });

  it('settlement: settled once with its hash; a failure records the chain’s reason; nothing after either', () => {
    const txHash = `0x${'ab'.repeat(32)}`;
    const settle: TransferCommand = { type: 'SettleTransfer', transferId, txHash, now: NOW };
    const settled = transfer.decide(settle, given([proposed, accepted, approved]));
    expect(settled).toEqual([{ type: 'TransferSettled', data: { transferId, txHash, settledAt: NOW } }]);
    expect(transfer.decide(settle, given([proposed, accepted, approved, ...settled]))).toEqual([]);
    const fail: TransferCommand = {
      type: 'FailTransfer',
      transferId,
      txId: 'c31337-xfer-1-take',
      txHash: null,
      reason: 'reverted',
      now: NOW,
    };
    const failed = transfer.decide(fail, given([proposed, accepted, approved]));
    expect(failed).toEqual([
      { type: 'TransferFailed', data: { transferId, txHash: null, reason: 'reverted', failedAt: NOW } },
    ]);
    expect(given([proposed, accepted, approved, ...failed])).toMatchObject({ status: 'failed', refusal: 'reverted' });
    expect(transfer.decide(settle, given([proposed, accepted, approved, ...failed]))).toEqual([]);
  });

  it('given an accepted proposal, when a recovery of either wallet is under way, then accepting and approving are refused', () => {
    expect(refusal([proposed], accept({ recovering: 'seller' }))).toEqual([409, M.recovering('seller')]);
    expect(refusal([proposed, accepted], approve({ recovering: 'buyer' }))).toEqual([409, M.recovering('buyer')]);
  });

  describe('an admin retries a failed settlement', () => {
    const failedTake = 'c31337-xfer-1-take';
    const allowances = ['c31337-xfer-1-seller-allow', 'c31337-xfer-1-buyer-allow'];
    const failed: TransferEvent = {
      type: 'TransferFailed',
      data: { transferId, txHash: null, reason: 'The settlement was refused on chain (take): x', failedAt: NOW },
    };
    const retry = (
      failedTxIds: string[],
      checks: Partial<TransferChecks> = {},
      actorId = 'admin-1',
    ): TransferCommand => ({
      type: 'RetrySettlement',
      transferId,
      actorId,
      failedTxIds,
      givenAllowances: allowances,
      now: LATER,
      checks: { ...ok, ...checks },
    });
    const retried: TransferEvent = {
      type: 'TransferSettlementRetried',
      data: {
        transferId,
        retriedBy: 'admin-1',
        failedTxIds: [failedTake],
        givenAllowances: allowances,
        retriedAt: LATER,
      },
    };
    const history = [proposed, accepted, approved, failed];

    it('given a failed transfer, when a party (an admin too) retries it, then refused: four eyes', () => {
      for (const party of [seller, buyer])
        expect(() => transfer.decide(retry([failedTake], {}, party), given(history))).toThrow(
          expect.objectContaining({ status: 403, message: M.partyRetry }),
        );
    });

    it('given a failed transfer, when retried, then settling again with the failed steps named, the allowances given set again first', () => {
      expect(transfer.decide(retry([failedTake]), given(history))).toEqual([retried]);
      expect(given([...history, retried])).toMatchObject({ status: 'approved', refusal: null, txHash: null });
      // Asked in this order (the take waits for the allowances set again, tokens flow.ts `givenAllowances`).
      expect([...given([...history, retried]).retried]).toEqual([...allowances, failedTake]);
      // A retry recorded before allowances were set again names none, and still folds.
      const { givenAllowances: _, ...before } = retried.data;
      const old: TransferEvent = { type: 'TransferSettlementRetried', data: before };
      expect([...given([...history, old]).retried]).toEqual([failedTake]);
    });

    it('the replaced failure no longer fails it; a new attempt’s failure does; it settles once', () => {
      const fail = (txId: string): TransferCommand => ({
        type: 'FailTransfer',
        transferId,
        txId,
        txHash: null,
        reason: 'reverted',
        now: LATER,
      });
      expect(transfer.decide(fail(failedTake), given([...history, retried]))).toEqual([]);
      expect(transfer.decide(fail(`${failedTake}-retry-1`), given([...history, retried]))).toHaveLength(1);
      const settle: TransferCommand = {
        type: 'SettleTransfer',
        transferId,
        txHash: `0x${'cd'.repeat(32)}`,
        now: LATER,
      };
      expect(transfer.decide(settle, given([...history, retried]))[0]?.type).toBe('TransferSettled');
    });

    it('refused: not failed, nothing left to ask again, or the checks refuse it now', () => {
      expect(refusal([proposed, accepted, approved], retry([failedTake]))).toEqual([409, M.notFailed]);
      expect(refusal(history, retry([]))).toEqual([409, M.notRetryable]);
      const again: TransferEvent = { type: 'TransferFailed', data: { ...failed.data, failedAt: LATER } };
      expect(refusal([...history, retried, again], retry([failedTake]))).toEqual([409, M.notRetryable]);
      expect(refusal(history, retry([failedTake], { frozen: 100 }))).toEqual([409, M.frozen(100, 'other')]);
      expect(refusal(history, retry([failedTake], { recovering: 'seller' }))).toEqual([409, M.recovering('seller')]);
    });
  });

  describe('an admin abandons a failed settlement whose cause does not go away', () => {
    const failed: TransferEvent = {
      type: 'TransferFailed',
      data: { transferId, txHash: null, reason: 'The settlement was refused on chain (take): x', failedAt: NOW },
    };
    const history = [proposed, accepted, approved, failed];
    const abandon = (actorId = 'admin-1', reason = '  The buyer’s wallet can never receive  ', actorIsAdmin = true) =>
      ({ type: 'AbandonTransfer', transferId, actorId, actorIsAdmin, reason, now: LATER }) as TransferCommand;
    const abandoned: TransferEvent = {
      type: 'TransferAbandoned',
      data: {
        transferId,
        fromInvestorId: seller,
        reason: 'The buyer’s wallet can never receive',
        abandonedBy: 'admin-1',
        abandonedAt: LATER,
      },
    };

    it('given a failed transfer, when an admin who is not a party abandons it with a reason, then TransferAbandoned', () => {
      expect(transfer.decide(abandon(), given(history))).toEqual([abandoned]);
      // The owner may be that admin (as for the approval): only the parties are refused.
      expect(transfer.decide(abandon(ownerId), given(history))).toHaveLength(1);
      expect(given([...history, abandoned])).toMatchObject({
        status: 'abandoned',
        abandonReason: 'The buyer’s wallet can never receive',
        refusal: 'The settlement was refused on chain (take): x',
      });
    });

    it('refused to the parties (even as admins) and to anyone not an admin', () => {
      expect(refusal(history, abandon(seller))).toEqual([403, M.onlyAdminAbandons]);
      expect(refusal(history, abandon(buyer))).toEqual([403, M.onlyAdminAbandons]);
      expect(refusal(history, abandon(ownerId, 'why', false))).toEqual([403, M.onlyAdminAbandons]);
    });

    it('a reason is required, and bounded', () => {
      expect(refusal(history, abandon('admin-1', '   '))).toEqual([400, M.abandonReason]);
      expect(refusal(history, abandon('admin-1', 'x'.repeat(1001)))).toEqual([400, M.abandonReason]);
      expect(transfer.decide(abandon('admin-1', 'x'.repeat(1000)), given(history))).toHaveLength(1);
    });

    it('from failed only: settled, settling, open, ended or abandoned already are refused with why', () => {
      const settled: TransferEvent = {
        type: 'TransferSettled',
        data: { transferId, txHash: `0x${'ab'.repeat(32)}`, settledAt: NOW },
      };
      const cancelled: TransferEvent = {
        type: 'TransferCancelled',
        data: { transferId, cancelledBy: seller, cancelledAt: NOW },
      };
      const expired: TransferEvent = { type: 'TransferExpired', data: { transferId, expiredAt: LATER } };
      const retried: TransferEvent = {
        type: 'TransferSettlementRetried',
        data: { transferId, retriedBy: 'admin-1', failedTxIds: ['c31337-xfer-1-take'], retriedAt: LATER },
      };
      expect(refusal([proposed, accepted, approved, settled], abandon())).toEqual([409, M.abandonSettled]);
      expect(refusal([proposed, accepted, approved], abandon())).toEqual([409, M.abandonSettling]);
      expect(refusal([...history, retried], abandon())).toEqual([409, M.abandonSettling]);
      expect(refusal([proposed], abandon())).toEqual([409, M.abandonOpen]);
      expect(refusal([proposed, accepted], abandon())).toEqual([409, M.abandonOpen]);
      expect(refusal([proposed, cancelled], abandon())).toEqual([409, M.abandonEnded]);
      expect(refusal([proposed, expired], abandon())).toEqual([409, M.abandonEnded]);
      expect(refusal([...history, abandoned], abandon())).toEqual([409, M.alreadyAbandoned]);
      expect(refusal([], abandon())).toEqual([404, M.notFound]);
    });

    it('once abandoned, nothing settles, fails, is retried or cancelled any more', () => {
      const after = given([...history, abandoned]);
      const txHash = `0x${'cd'.repeat(32)}`;
      expect(transfer.decide({ type: 'SettleTransfer', transferId, txHash, now: LATER }, after)).toEqual([]);
      const fail: TransferCommand = {
        type: 'FailTransfer',
        transferId,
        txId: 'c31337-xfer-1-take',
        txHash: null,
        reason: 'x',
        now: LATER,
      };
      expect(transfer.decide(fail, after)).toEqual([]);
      const retry: TransferCommand = {
        type: 'RetrySettlement',
        transferId,
        actorId: 'admin-1',
        failedTxIds: ['c31337-xfer-1-take'],
        givenAllowances: [],
        now: LATER,
        checks: ok,
      };
      // Said as what it is: abandoned, ended for good (not "only a failed settlement can be retried").
      expect(refusal([...history, abandoned], retry)).toEqual([409, M.retryAbandoned]);
      expect(M.retryAbandoned).toBe('This transfer was abandoned: it has ended and cannot be retried');
      const cancel: TransferCommand = { type: 'CancelTransfer', transferId, actorId: seller, now: LATER };
      expect(refusal([...history, abandoned], cancel)).toEqual([409, M.notCancellable]);
    });
  });
});
