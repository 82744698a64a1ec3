import { describe, expect, it } from '@jest/globals';
import { fold } from '../../platform/decider.js';
import { OWN_REQUEST } from '../../messages.js';
import { specify } from '../../testing/decider-spec.js';
import { allocated, approved, assetId, drafted, offeringTerms, ownerId } from '../../testing/register-history.js';
import type { AssetStreamEvent } from './events.js';
import { REGISTER_MESSAGES, register, registerTotals, type RegisterCommand } from './register.decider.js';

const { given } = specify(register);

const holder = (investorId: string, tokens: number): AssetStreamEvent => ({
  type: 'InvestorAdded',
  data: { assetId, ownerId, investorId, subjectId: investorId, tokens, personal: { name: 'Aroha Ngata', email: null } },
});
const add = (tokens: number, investorId = 'i-new'): RegisterCommand => ({
  type: 'AddInvestor',
  assetId,
  ownerId,
  investorId,
  name: 'Mere Tane',
  email: 'mere@example.nz',
  tokens,
  maxInvestors: null,
});
const allocate = (offeringId: string, tokens: number): RegisterCommand => ({
  type: 'AllocateToOffering',
  assetId,
  offeringId,
  tokens,
  offering: offeringTerms,
});
const totalsAfter = (events: AssetStreamEvent[]) => registerTotals(fold(register, events));

describe('Register decider', () => {
  it('given 850 of 1,000 tokens held, when a holder asks for 151, then refused naming the 150 left', () => {
    const history = [...approved, holder('i-1', 850)];
    const refused = given(history).when(add(151)).error;
    expect(refused).toMatchObject({ status: 409, message: 'Only 150 tokens of this asset are unallocated' });
    expect(given(history).when(add(150)).events).toHaveLength(1);
    expect(given([...history, holder('i-2', 150)]).when(add(1)).error?.message).toBe(
      'All of this asset’s tokens are already held or offered',
    );
  });

  it('refuses an investor id already on the register, so a holding is never replaced without a reason nor listed twice', () => {
    const history = [...approved, holder('i-1', 600)];
    expect(given(history).when(add(50, 'i-1'))).toMatchObject({
      events: null,
      error: { message: 'This investor already exists', status: 409 },
    });
    expect(given(history).when(add(50, 'i-2')).events).toHaveLength(1);
  });

  it('edits and removals need a reason and stay within the supply; removal frees the tokens', () => {
    const history = [...approved, holder('i-1', 600), allocated('o-1', 300)];
    const change = (tokens: number, reason = 'Transfer recorded by deed'): RegisterCommand => ({
      type: 'ChangeInvestorHolding',
      assetId,
      ownerId,
      investorId: 'i-1',
      name: 'Aroha Ngata',
      email: null,
      tokens,
      reason,
    });
    expect(given(history).when(change(701)).error?.message).toBe('Only 700 tokens of this asset are unallocated');
    expect(given(history).when(change(700)).events?.[0]).toMatchObject({
      type: 'InvestorHoldingChanged',
      data: { tokens: 700, previousTokens: 600, personal: { reason: 'Transfer recorded by deed' } },
    });
    expect(given(history).when(change(500, '  ')).error).toMatchObject({
      status: 400,
      errors: [{ field: 'reason', message: 'Please give a reason' }],
    });
    const remove: RegisterCommand = {
      type: 'RemoveInvestor',
      assetId,
      ownerId,
      investorId: 'i-1',
      reason: 'Sold back',
    };
    const [removed] = given(history).when(remove).events ?? [];
    expect(totalsAfter([...history, removed!])).toEqual({
      supply: 1_000,
      ownerRetained: 700,
      offPlatform: 0,
      unsold: 300,
      issued: 0,
    });
    expect(given(history).when({ ...remove, investorId: 'constructor' }).error).toMatchObject({ status: 404 });
    expect(given(history).when({ ...remove, ownerId: 'someone-else' }).error).toMatchObject({ status: 404 });
  });

  it('an offering allocates only from what the owner retains, and only for an approved asset', () => {
    const history = [...approved, holder('i-1', 400), allocated('o-1', 500)];
    expect(given(history).when(allocate('o-2', 101)).error).toMatchObject({
      status: 409,
      title: 'Creation Failed',
      message: 'Only 100 tokens are free to offer',
    });
    expect(given(history).when(allocate('o-2', 100)).events?.[0]?.type).toBe('TokensAllocated');
    expect(given(history).when(allocate('o-1', 1)).error?.message).toBe('This offering already exists');
    expect(given([drafted]).when(allocate('o-2', 1)).error?.message).toBe(
      'An offering needs an asset whose tokenization is approved',
    );
  });

  it('follows an offering: confirmations issue, a close returns the unsold, a cancel after the close returns too', () => {
    const history = [...approved, allocated('o-1', 500)];
    const settle = (facts: Extract<RegisterCommand, { type: 'SettleOffering' }>['facts']): RegisterCommand => ({
      type: 'SettleOffering',
      assetId,
      offeringId: 'o-1',
      facts,
    });
    const facts = [
      { revision: 2, kind: 'confirmed', investmentId: 'inv-1', investorId: 'p-1', tokens: 100 },
      { revision: 4, kind: 'cancelled', investmentId: 'inv-2', tokens: 50 }, // before the close: back to the offering
      { revision: 5, kind: 'closed', unsold: 350 }, // 500 − 100 confirmed − 50 still pending
      { revision: 7, kind: 'cancelled', investmentId: 'inv-3', tokens: 50 },
    ] as const;
    const settled = given(history).when(settle(facts)).events ?? [];
    expect(settled.map((e) => e.type)).toEqual(['TokensIssued', 'AllocationReturned', 'AllocationReturned']);
    const after = [...history, ...settled];
    expect(totalsAfter(after)).toEqual({ supply: 1_000, ownerRetained: 900, offPlatform: 0, unsold: 0, issued: 100 });
    // Settling again, or from a stale read, records nothing twice.
    expect(given(after).when(settle(facts)).events).toEqual([]);
    expect(given(after).when(settle(facts.slice(0, 2))).events).toEqual([]);
  });

  it('an allocation whose offering was never created goes back whole; one that sold does not', () => {
    const history = [...approved, allocated('o-1', 500)];
    const back: RegisterCommand = { type: 'ReturnUncreatedAllocation', assetId, offeringId: 'o-1' };
    const [returned] = given(history).when(back).events ?? [];
    expect(returned).toMatchObject({ type: 'AllocationReturned', data: { tokens: 500, cause: 'not-created' } });
    expect(given([...history, returned!]).when(back).events).toEqual([]);
  });

  it('supply changes: the owner asks, an admin approves or rejects; cancelling never reaches held tokens', () => {
    const history = [...approved, holder('i-1', 700), allocated('o-1', 200)];
    const ask = (delta: number, changeId = 'c-1'): RegisterCommand => ({
      type: 'RequestSupplyChange',
      assetId,
      ownerId,
      changeId,
      delta,
      reason: 'Second building',
      now: '2026-11-23T00:00:00.000Z',
    });
    expect(given(history).when(ask(-101)).error?.message).toBe(
      'Only the owner’s 100 tokens not held or offered can be cancelled',
    );
    expect(given(history).when(ask(0)).error).toMatchObject({ status: 400 });
    expect(given([drafted]).when(ask(10)).error?.message).toBe(
      'Supply can change only once the tokenization is approved',
    );
    const [requested] = given(history).when(ask(-100)).events ?? [];
    // Meanwhile the owner's last 100 tokens are offered: the approval is checked again, and refused.
    const raced = [...history, requested!, allocated('o-2', 100)];
    const approve: RegisterCommand = { type: 'ApproveSupplyChange', assetId, changeId: 'c-1', adminId: 'admin-1' };
    expect(given(raced).when(approve).error?.message).toBe(
      'Only the owner’s 0 tokens not held or offered can be cancelled',
    );
    const [grown] = given(history).when(ask(500, 'c-2')).events ?? [];
    const [approved500] = given([...history, grown!]).when({ ...approve, changeId: 'c-2' }).events ?? [];
    expect(approved500).toMatchObject({ type: 'SupplyChangeApproved', data: { supply: 1_500 } });
    expect(totalsAfter([...history, grown!, approved500!])).toMatchObject({ supply: 1_500, ownerRetained: 600 });
    const reject: RegisterCommand = {
      type: 'RejectSupplyChange',
      assetId,
      changeId: 'c-2',
      adminId: 'admin-1',
      reason: 'Valuation not updated',
    };
    expect(given([...history, grown!]).when(reject).events?.[0]?.type).toBe('SupplyChangeRejected');
    expect(given(history).when(reject).error).toMatchObject({ status: 404 });
    // Two increases, each within the 1,000,000,000,000-token ceiling alone: the second approval is checked again.
    const up = 1e12 - 1_000;
    const [first] = given(history).when(ask(up, 'c-3')).events ?? [];
    const [second] = given([...history, first!]).when(ask(up, 'c-4')).events ?? [];
    const [approvedFirst] = given([...history, first!, second!]).when({ ...approve, changeId: 'c-3' }).events ?? [];
    expect(
      given([...history, first!, second!, approvedFirst!]).when({ ...approve, changeId: 'c-4' }).error,
    ).toMatchObject({ status: 409, message: REGISTER_MESSAGES.supplyOutOfRange });
    // Past the ceiling at once: the range named, not only its floor.
    expect(given(history).when(ask(1e12, 'c-5')).error).toMatchObject({
      status: 400,
      errors: [{ field: 'delta', message: REGISTER_MESSAGES.supplyRange }],
    });
  });

  it('given a supply change approved or rejected, when a request names its id again, then refused as a repeat', () => {
    const history = [...approved, holder('i-1', 700)];
    const ask: RegisterCommand = {
      type: 'RequestSupplyChange',
      assetId,
      ownerId,
      changeId: 'c-1',
      delta: 100,
      reason: 'Second building',
      now: '2026-11-23T00:00:00.000Z',
    };
    const [requested] = given(history).when(ask).events ?? [];
    const decide = { assetId, changeId: 'c-1', adminId: 'admin-1' } as const;
    const [approvedChange] =
      given([...history, requested!]).when({ type: 'ApproveSupplyChange', ...decide }).events ?? [];
    const [rejectedChange] =
      given([...history, requested!]).when({ type: 'RejectSupplyChange', ...decide, reason: 'Not yet' }).events ?? [];
    for (const decided of [approvedChange!, rejectedChange!])
      expect(given([...history, requested!, decided]).when(ask).error).toMatchObject({
        message: 'This supply change already exists',
        status: 409,
      });
    expect(given([...history, requested!, approvedChange!]).when({ ...ask, changeId: 'c-2' }).events).toHaveLength(1);
  });

  it('keeps holders within the plan', () => {
    const history = [...approved, ...Array.from({ length: 10 }, (_, n) => holder(`i-${n}`, 1))];
    expect(given(history).when({ ...add(1), maxInvestors: 10 } as RegisterCommand).error?.message).toBe(
      'Your plan covers 10 investors per asset. Upgrade your plan to add more.',
    );
  });

  it('four eyes: the owner, though an admin, neither approves nor rejects their own supply change (403)', () => {
    const [asked] =
      given(approved).when({
        type: 'RequestSupplyChange',
        assetId,
        ownerId,
        changeId: 'c-1',
        delta: 1_000_000,
        reason: 'Second building',
        now: '2026-11-23T00:00:00.000Z',
      }).events ?? [];
    const own = given([...approved, asked!]);
    for (const command of [
      { type: 'ApproveSupplyChange', assetId, changeId: 'c-1', adminId: ownerId },
      // Refused before the reason is judged: an empty one is not the problem.
      { type: 'RejectSupplyChange', assetId, changeId: 'c-1', adminId: ownerId, reason: '' },
    ] as const)
      expect(own.when(command)).toMatchObject({ events: null, error: { message: OWN_REQUEST, status: 403 } });
    expect(own.when({ type: 'ApproveSupplyChange', assetId, changeId: 'c-1', adminId: 'admin-2' }).events).toEqual([
      expect.objectContaining({
        type: 'SupplyChangeApproved',
        data: expect.objectContaining({ approvedBy: 'admin-2' }),
      }),
    ]);
  });
});
