/**
 * Asset slots over a real log: two app processes (two repositories, each with its own in-process queue and
 * cache) share one store, so only the stream's expected revision keeps them from both passing the limit;
 * a crash between reserving and drafting costs the slot only until the hold is over.
 */
import { randomUUID } from 'node:crypto';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import { systemContext } from '../../platform/command-context.js';
import { MemoryEventStore } from '../../platform/event-store/memory-event-store.js';
import { AssetSlots } from './asset-slots.js';
import { SLOT_HOLD_MS } from './asset-slots.decider.js';
import { ownerAssetsStream } from './asset-slots.events.js';
import { assetStream } from './events.js';

const START = Date.parse('2026-11-23T09:00:00Z');
const at = (ms = 0) => systemContext('test', randomUUID(), new Date(START + ms).toISOString());

function drafted(assetId: string, ownerId: string) {
  const data = {
    assetId,
    ownerId,
    name: 'Kea Labs',
    description: 'Drones',
    assetType: 'startup',
    address: null,
    totalValue: 1,
    tokenCount: 1,
  };
  const { actor, correlationId, now: occurredAt } = at();
  const metadata = { eventId: randomUUID(), schemaVersion: 1, occurredAt, actor, correlationId, causationId: null };
  return { type: 'AssetDrafted', data, metadata };
}

const quiet = { error: () => undefined };

describe('asset slots on a shared log', () => {
  it('lets exactly the plan limit through when 20 drafts race from two processes', async () => {
    const store = new MemoryEventStore();
    const process = () => new AssetSlots(new AggregateRepository(store, quiet), store);
    const processes = [process(), process()];
    const ownerId = randomUUID();
    const append = store.append.bind(store);
    let conflicts = 0;
    store.append = async (...args) => {
      try {
        return await append(...args);
      } catch (error) {
        conflicts++;
        throw error;
      }
    };
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => processes[i % 2]!.reserve(ownerId, `asset-${i}`, 5, at())),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    const refusals = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => r.reason);
    expect(refusals).toHaveLength(15);
    for (const refusal of refusals) expect(refusal).toMatchObject({ status: 403, title: 'Plan Limit Reached' });
    const types = (await store.readStream(ownerAssetsStream(ownerId))).map((e) => e.type);
    expect(types).toEqual(['AssetSlotsOpened', ...Array(5).fill('AssetSlotReserved')]);
    expect(conflicts).toBeGreaterThan(0); // the two processes did collide, and the stream's revision settled it
  });

  it('gives a crashed draft its slot back once the hold is over, and keeps it when the asset was drafted', async () => {
    const store = new MemoryEventStore();
    const slots = new AssetSlots(new AggregateRepository(store, quiet), store);
    const ownerId = randomUUID();
    await slots.reserve(ownerId, 'lost', 1, at()); // ... and the process dies before drafting
    await expect(slots.reserve(ownerId, 'next', 1, at(SLOT_HOLD_MS - 1))).rejects.toMatchObject({ status: 403 });
    await slots.reserve(ownerId, 'next', 1, at(SLOT_HOLD_MS));
    const recovery = (await store.readStream(ownerAssetsStream(ownerId))).slice(-2).map((e) => [e.type, e.data]);
    expect(recovery).toEqual([
      ['AssetSlotReleased', { ownerId, assetId: 'lost', reason: 'abandoned' }],
      ['AssetSlotReserved', { ownerId, assetId: 'next', expiresAt: at(2 * SLOT_HOLD_MS).now }],
    ]);

    // This time the asset was drafted and the process died before marking the slot: it keeps counting.
    await store.append(assetStream('next'), [drafted('next', ownerId)], 'no_stream');
    await expect(slots.reserve(ownerId, 'third', 1, at(3 * SLOT_HOLD_MS))).rejects.toMatchObject({ status: 403 });
    await slots.reserve(ownerId, 'third', 2, at(3 * SLOT_HOLD_MS));
    const settled = (await store.readStream(ownerAssetsStream(ownerId))).slice(-2).map((e) => e.type);
    expect(settled).toEqual(['AssetSlotFilled', 'AssetSlotReserved']);
  });

  it("counts an owner's assets drafted before slots were kept, read from the log", async () => {
    const store = new MemoryEventStore();
    const slots = new AssetSlots(new AggregateRepository(store, quiet), store);
    const ownerId = randomUUID();
    await store.append(assetStream('old-1'), [drafted('old-1', ownerId)], 'no_stream');
    await store.append(assetStream('theirs'), [drafted('theirs', randomUUID())], 'no_stream');
    await expect(slots.reserve(ownerId, 'new', 1, at())).rejects.toMatchObject({ status: 403 });
    await slots.reserve(ownerId, 'new', 2, at());
    const [openedEvent] = await store.readStream(ownerAssetsStream(ownerId));
    expect(openedEvent).toMatchObject({ type: 'AssetSlotsOpened', data: { ownerId, assetIds: ['old-1'] } });
  });
});
