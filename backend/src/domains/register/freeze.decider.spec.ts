import { describe, expect, it } from '@jest/globals';
import { fold } from '../../platform/decider.js';
import { OWN_REQUEST } from '../../messages.js';
import { specify } from '../../testing/decider-spec.js';
import { allocated, approved, assetId, offeringTerms, ownerId } from '../../testing/register-history.js';
import type { AssetStreamEvent } from './events.js';
import {
  freeTokens,
  frozenTokens,
  register,
  REGISTER_MESSAGES,
  requireFree,
  type RegisterCommand,
  type RegisterState,
} from './register.decider.js';

const investor = 'inv-1';
const { given } = specify(register);
/** An approved asset of 1,000 tokens: 300 offered, 100 of them issued to the investor; the owner retains 700. */
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
      investorId: investor,
      tokens: 100,
      offeringRevision: 2,
    },
  },
];
const reason = 'High Court freezing order CIV-2026-404-123';
const ask = (over: Partial<Extract<RegisterCommand, { type: 'RequestFreeze' }>> = {}): RegisterCommand => ({
  type: 'RequestFreeze',
  assetId,
  requestId: 'r-1',
  holderId: investor,
  action: 'freeze',
  scope: 'tokens',
  tokens: 40,
  reason,
  adminId: 'admin-1',
  now: '2026-11-27T00:00:00.000Z',
  ...over,
});
const approve = (requestId = 'r-1', adminId = 'admin-2'): RegisterCommand => ({
  type: 'ApproveFreeze',
  assetId,
  requestId,
  adminId,
});
/** The history after the command is decided (it must be). */
const withDecided = (events: AssetStreamEvent[], command: RegisterCommand): AssetStreamEvent[] => {
  const decided = given(events).when(command);
  if (decided.error) throw decided.error;
  return [...events, ...decided.events];
};
const state = (events: AssetStreamEvent[]): RegisterState => fold(register, events);

describe('Register decider: freezes (issue 32)', () => {
  it('given a request approved or rejected, when a request names its id again, then refused as a repeat', () => {
    const asked = withDecided(history, ask());
    const rejected = withDecided(asked, {
      type: 'RejectFreeze',
      assetId,
      requestId: 'r-1',
      adminId: 'admin-2',
      reason,
    });
    for (const decided of [withDecided(asked, approve()), rejected])
      expect(given(decided).when(ask()).error).toMatchObject({ message: 'This request already exists', status: 409 });
    expect(given(rejected).when(ask({ requestId: 'r-2' })).events).toHaveLength(1);
  });

  it('given tokens of the holder in a transfer settling, when a freeze would take them, then refused at request and at approval', () => {
    const settling = { [investor]: 70 };
    // 100 held, 70 of them moving: 30 may still be frozen, not 31, nor the whole address.
    expect(given(history).when({ ...ask({ tokens: 30 }), settling } as RegisterCommand).events).toHaveLength(1);
    for (const over of [{ tokens: 31 }, { scope: 'address' as const, tokens: null }])
      expect(given(history).when({ ...ask(over), settling } as RegisterCommand).error).toMatchObject({
        status: 409,
        message: REGISTER_MESSAGES.settling(70),
      });
    // Asked before the transfer was approved, approved while it settles: checked again.
    const asked = withDecided(history, ask({ tokens: 40 }));
    expect(given(asked).when({ ...approve(), settling } as RegisterCommand).error).toMatchObject({
      status: 409,
      message: REGISTER_MESSAGES.settling(70),
    });
    // Another holder's transfer does not count.
    expect(given(asked).when({ ...approve(), settling: { 'inv-2': 70 } } as RegisterCommand).events).toHaveLength(1);
  });

  it('given a request, when another admin approves, then the tokens are frozen with the reason and cannot move', () => {
    const asked = withDecided(history, ask());
    expect(asked.at(-1)).toMatchObject({
      type: 'FreezeRequested',
      data: { holderId: investor, action: 'freeze', scope: 'tokens', tokens: 40, reason, requestedBy: 'admin-1' },
    });
    // Asked is not frozen.
    expect(frozenTokens(state(asked), investor)).toBe(0);
    const frozen = withDecided(asked, approve());
    expect(frozen.at(-1)).toMatchObject({
      type: 'FreezeApproved',
      data: { reason, approvedBy: 'admin-2', requestedBy: 'admin-1', frozenTokens: 40, addressFrozen: false },
    });
    expect([frozenTokens(state(frozen), investor), freeTokens(state(frozen), investor)]).toEqual([40, 60]);
    expect(() => requireFree(state(frozen), investor, 61)).toThrow(
      expect.objectContaining({
        status: 409,
        message: '40 tokens of this holding are frozen: only 60 tokens can move',
      }),
    );
    expect(() => requireFree(state(frozen), investor, 60)).not.toThrow();
  });

  it('four eyes: the requester, the asset’s owner and the holder never approve or reject (403, nothing decided)', () => {
    const asked = withDecided(history, ask());
    for (const adminId of ['admin-1', ownerId, investor]) {
      expect(given(asked).when(approve('r-1', adminId))).toMatchObject({
        events: null,
        error: { status: 403, message: OWN_REQUEST },
      });
      expect(given(asked).when({ type: 'RejectFreeze', assetId, requestId: 'r-1', adminId, reason: '' })).toMatchObject(
        { events: null, error: { status: 403, message: OWN_REQUEST } },
      );
    }
    const rejected = withDecided(asked, {
      type: 'RejectFreeze',
      assetId,
      requestId: 'r-1',
      adminId: 'admin-2',
      reason: 'No order attached',
    });
    expect(rejected.at(-1)).toMatchObject({ type: 'FreezeRejected', data: { rejectedBy: 'admin-2' } });
    expect(given(rejected).when(approve()).error).toMatchObject({ status: 404, message: 'Freeze request not found' });
  });

  it('a request needs a reason of at least 10 characters, whole tokens, and a holder of the asset', () => {
    expect(given(history).when(ask({ reason: '  dispute ' })).error).toMatchObject({
      status: 400,
      errors: [{ field: 'reason', message: 'Give the reason (a court order, a dispute): at least 10 characters' }],
    });
    expect(given(history).when(ask({ reason: 'x'.repeat(1001) })).error).toMatchObject({
      status: 400,
      errors: [{ field: 'reason', message: 'Reason must be at most 1000 characters' }],
    });
    for (const tokens of [0, -1, 1.5, null])
      expect(given(history).when(ask({ tokens })).error).toMatchObject({
        status: 400,
        errors: [{ field: 'tokens', message: 'Tokens must be a whole number of at least 1' }],
      });
    for (const holderId of ['someone', 'constructor', '__proto__'])
      expect(given(history).when(ask({ holderId })).error).toMatchObject({
        status: 404,
        message: 'This person holds no tokens of this asset',
      });
    expect(given(history).when(ask({ tokens: 101 })).error).toMatchObject({
      status: 409,
      errors: [{ field: 'tokens', message: 'Only 100 tokens of this holding are not frozen' }],
    });
  });

  it('unfreezing more than is frozen is refused, at the request and again at the approval', () => {
    const frozen = withDecided(withDecided(history, ask()), approve());
    const unfreeze = (tokens: number, requestId: string) =>
      ask({ action: 'unfreeze', tokens, requestId, reason: 'Order discharged by consent' });
    expect(given(frozen).when(unfreeze(41, 'r-2')).error).toMatchObject({
      status: 409,
      errors: [{ field: 'tokens', message: 'Only 40 tokens of this holding are frozen' }],
    });
    // Two requests of 30 each: the second approval finds only 10 left frozen.
    const both = withDecided(withDecided(frozen, unfreeze(30, 'r-2')), unfreeze(30, 'r-3'));
    const first = withDecided(both, approve('r-2'));
    expect(first.at(-1)).toMatchObject({ type: 'FreezeApproved', data: { frozenTokens: 10 } });
    expect(given(first).when(approve('r-3')).error).toMatchObject({
      status: 409,
      message: 'Only 10 tokens of this holding are frozen',
    });
    expect(given(history).when(ask({ action: 'unfreeze', tokens: 1 })).error?.message).toBe(
      'No tokens of this holding are frozen one by one',
    );
  });

  it('a whole holding frozen freezes every token it holds, and is unfrozen as a whole', () => {
    const whole = withDecided(withDecided(history, ask({ scope: 'address', tokens: 5 })), approve());
    expect(whole.at(-1)).toMatchObject({ data: { scope: 'address', tokens: null, addressFrozen: true } });
    expect([frozenTokens(state(whole), investor), freeTokens(state(whole), investor)]).toEqual([100, 0]);
    expect(given(whole).when(ask({ requestId: 'r-2', scope: 'address' })).error?.message).toBe(
      'This holding is already frozen as a whole',
    );
    // Tokens frozen one by one stay frozen when the whole holding is unfrozen (T-REX keeps the two apart).
    const both = withDecided(withDecided(whole, ask({ requestId: 'r-2', tokens: 100 })), approve('r-2'));
    expect(given(both).when(ask({ requestId: 'r-3', tokens: 1 })).error?.message).toBe(
      'Every token of this holding is already frozen',
    );
    const thaw = ask({
      requestId: 'r-4',
      action: 'unfreeze',
      scope: 'address',
      reason: 'Dispute settled in mediation',
    });
    const thawed = withDecided(withDecided(both, thaw), approve('r-4'));
    expect(freeTokens(state(thawed), investor)).toBe(0);
    const all = withDecided(
      withDecided(thawed, ask({ requestId: 'r-5', action: 'unfreeze', tokens: 100, reason })),
      approve('r-5'),
    );
    expect(freeTokens(state(all), investor)).toBe(100);
    expect(state(all).frozen.size).toBe(0);
  });

  it('the owner’s frozen retained tokens cannot be offered, given to a holder or cancelled', () => {
    // The owner retains 700; 650 frozen leaves 50 to offer.
    const frozen = withDecided(withDecided(history, ask({ holderId: ownerId, tokens: 650 })), approve());
    expect(frozenTokens(state(frozen), ownerId)).toBe(650);
    const allocate: RegisterCommand = {
      type: 'AllocateToOffering',
      assetId,
      offeringId: 'o-2',
      tokens: 51,
      offering: offeringTerms,
    };
    expect(given(frozen).when(allocate).error?.message).toBe('Only 50 tokens are free to offer');
    expect(given(frozen).when({ ...allocate, tokens: 50 }).events?.[0]?.type).toBe('TokensAllocated');
    const cancel: RegisterCommand = {
      type: 'RequestSupplyChange',
      assetId,
      ownerId,
      changeId: 'c-1',
      delta: -51,
      reason: 'Fewer units',
      now: '2026-11-27T00:00:00.000Z',
    };
    expect(given(frozen).when(cancel).error?.message).toBe(
      'Only the owner’s 50 tokens not held or offered can be cancelled',
    );
    const add: RegisterCommand = {
      type: 'AddInvestor',
      assetId,
      ownerId,
      investorId: 'h-1',
      name: 'Mere Tane',
      email: null,
      tokens: 51,
      maxInvestors: null,
    };
    expect(given(frozen).when(add).error?.message).toBe('Only 50 tokens of this asset are unallocated');
  });
});
