import { specify } from '../../testing/decider-spec.js';
import { assetSlots, PLAN_LIMIT_REACHED, SLOT_HOLD_MS, type AssetSlotsCommand } from './asset-slots.decider.js';
import type { AssetSlotEvent } from './asset-slots.events.js';

const ownerId = 'owner-1';
const { given } = specify(assetSlots);

const at = '2026-11-23T09:00:00.000Z';
const later = (ms: number) => new Date(Date.parse(at) + ms).toISOString();
type Reserve = Extract<AssetSlotsCommand, { type: 'ReserveAssetSlot' }>;
const reserve = (assetId: string, maxAssets: number | null, over: Partial<Reserve> = {}): AssetSlotsCommand => ({
  type: 'ReserveAssetSlot',
  ownerId,
  assetId,
  maxAssets,
  at,
  existingAssets: [],
  drafted: [],
  abandoned: [],
  ...over,
});
const release = (assetId: string): AssetSlotsCommand => ({ type: 'ReleaseAssetSlot', ownerId, assetId });
const fill = (assetId: string): AssetSlotsCommand => ({ type: 'FillAssetSlot', ownerId, assetId });

const opened = (...assetIds: string[]): AssetSlotEvent => ({ type: 'AssetSlotsOpened', data: { ownerId, assetIds } });
const reserved = (assetId: string, expiresAt = later(SLOT_HOLD_MS)): AssetSlotEvent => ({
  type: 'AssetSlotReserved',
  data: { ownerId, assetId, expiresAt },
});
const filled = (assetId: string): AssetSlotEvent => ({ type: 'AssetSlotFilled', data: { ownerId, assetId } });
const released = (assetId: string, reason: 'draft-failed' | 'abandoned'): AssetSlotEvent => ({
  type: 'AssetSlotReleased',
  data: { ownerId, assetId, reason },
});
const limitOf = (n: number) =>
  `Your plan covers ${n} tokenized asset${n === 1 ? '' : 's'}. Upgrade your plan to add another.`;

describe('Asset slots decider (the plan asset limit, per owner)', () => {
  it('given six assets drafted on an unlimited plan, when the owner on a 5-asset plan drafts again, then refused; the six keep their slots', () => {
    const six = [opened('a-1', 'a-2', 'a-3', 'a-4', 'a-5', 'a-6')];
    expect(given(six).when(reserve('a-7', 5)).error).toMatchObject({ message: limitOf(5), status: 403 });
    expect(given(six).state.slots.size).toBe(6);
    // An asset that already holds a slot is never refused (a retried draft of one of the six).
    expect(given(six).when(reserve('a-3', 5)).events).toEqual([]);
    expect(given(six).when(reserve('a-7', null)).events).toEqual([reserved('a-7')]);
  });

  it('given a new owner, when a slot is reserved, then their earlier assets are counted in, the slot held', () => {
    expect(given([]).when(reserve('a-1', 5))).toEqual({ events: [opened(), reserved('a-1')], error: null });
    const earlier = reserve('a-3', 5, { existingAssets: ['a-1', 'a-2', 'a-1'] });
    expect(given([]).when(earlier).events).toEqual([opened('a-1', 'a-2'), reserved('a-3')]);
    // Assets drafted before slots existed hold slots: a Starter owner with one already is at the limit.
    expect(given([]).when(reserve('a-2', 1, { existingAssets: ['a-1'] })).error).toMatchObject({
      message: limitOf(1),
      status: 403,
      title: PLAN_LIMIT_REACHED,
    });
  });

  it('given the limit reached by assets and drafts under way, when another slot is asked for, then refused', () => {
    const four = [opened(), ...['a-1', 'a-2', 'a-3', 'a-4'].flatMap((id) => [reserved(id), filled(id)])];
    expect(given(four).when(reserve('a-5', 5)).events).toEqual([reserved('a-5')]);
    expect(given([...four, reserved('a-5')]).when(reserve('a-6', 5)).error?.message).toBe(limitOf(5));
    // A downgrade keeps every slot: the limit is the plan's now, the count is the owner's.
    expect(given(four).when(reserve('a-6', 1)).error).toMatchObject({ status: 403, title: PLAN_LIMIT_REACHED });
    // Unlimited (Enterprise) still records the slot, so a later downgrade counts it.
    expect(given([...four, reserved('a-5')]).when(reserve('a-6', null)).events).toEqual([reserved('a-6')]);
  });

  it('given a failed draft, when its slot is released, then the slot is free again; filling is idempotent', () => {
    const drafting = [opened(), reserved('a-1')];
    expect(given(drafting).when(release('a-1')).events).toEqual([released('a-1', 'draft-failed')]);
    const freed = [...drafting, released('a-1', 'draft-failed')];
    expect(given(freed).when(reserve('a-2', 1)).events).toEqual([reserved('a-2')]);
    expect(given([...drafting, filled('a-1')]).when(fill('a-1')).events).toEqual([]);
    expect(given([...drafting, filled('a-1')]).when(release('a-1')).events).toEqual([]);
  });

  it('given a draft that crashed, when its hold is over and its asset missing, then its slot is released', () => {
    const crashed = [opened(), reserved('a-1')];
    const refused = { events: null, error: { title: PLAN_LIMIT_REACHED } };
    // Within the hold the draft may still be under way: the slot counts.
    const early = { at: later(SLOT_HOLD_MS - 1), abandoned: ['a-1'] };
    expect(given(crashed).when(reserve('a-2', 1, early))).toMatchObject(refused);
    // Expired but not checked against its asset stream: still counts (only a fact releases a slot).
    expect(given(crashed).when(reserve('a-2', 1, { at: later(SLOT_HOLD_MS) }))).toMatchObject(refused);
    // Expired and its asset missing: released, and the slot is taken by the new asset.
    const recovered = given(crashed).when(reserve('a-2', 1, { at: later(SLOT_HOLD_MS), abandoned: ['a-1'] }));
    expect(recovered.events).toEqual([released('a-1', 'abandoned'), reserved('a-2', later(2 * SLOT_HOLD_MS))]);
    // Expired but its asset exists (the crash came after the draft): filled, and it keeps counting.
    const found = { at: later(SLOT_HOLD_MS), drafted: ['a-1'] };
    expect(given(crashed).when(reserve('a-2', 1, found))).toMatchObject(refused);
    const kept = given(crashed).when(reserve('a-2', 2, found));
    expect(kept.events).toEqual([filled('a-1'), reserved('a-2', later(2 * SLOT_HOLD_MS))]);
  });

  it('given a draft that outlived its hold and was released, when it is filled, then its asset counts again', () => {
    const late = [opened(), reserved('a-1'), released('a-1', 'abandoned'), reserved('a-2')];
    expect(given(late).when(fill('a-1')).events).toEqual([filled('a-1')]);
    expect(given([...late, filled('a-1')]).state.slots.size).toBe(2);
  });
});
