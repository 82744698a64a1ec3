/**
 * The plan's asset limit over HTTP on the real app: decided on the owner's slot stream, so concurrent drafts
 * cannot all pass it; a refused draft records nothing; a failed draft gives its slot back; a reservation left
 * by a crash is settled once its hold is over.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { EventToAppend } from '../../platform/event-store/event-store.js';
import { startTestServer } from '../../testing/api.js';
import { subscribe } from '../../testing/billing.js';
import { signUp } from '../../testing/users.js';
import { SLOT_HOLD_MS } from './asset-slots.decider.js';
import { ownerAssetsStream, type AssetSlotEvent } from './asset-slots.events.js';

const details = (n: number) => ({
  name: `Kea Labs ${n}`,
  description: 'A Wellington startup building drones',
  assetType: 'startup',
  totalValue: 400_000,
  tokenCount: 1000,
});

/** What a process that crashed right after reserving leaves behind. */
function crashedReservation(ownerId: string, expiresAt: string): EventToAppend[] {
  const events: AssetSlotEvent[] = [
    { type: 'AssetSlotsOpened', data: { ownerId, assetIds: [] } },
    { type: 'AssetSlotReserved', data: { ownerId, assetId: randomUUID(), expiresAt } },
  ];
  return events.map((e) => ({
    ...e,
    metadata: {
      eventId: randomUUID(),
      schemaVersion: 1,
      occurredAt: new Date().toISOString(),
      actor: { kind: 'user', userId: ownerId, roles: [] },
      correlationId: randomUUID(),
      causationId: null,
    },
  }));
}

describe('plan asset limit', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());
  const slotStream = (ownerId: string) => server.eventStore.readStream(ownerAssetsStream(ownerId));
  const slotEvents = async (ownerId: string) => (await slotStream(ownerId)).map((e) => e.type);

  it('accepts exactly the plan limit from 20 concurrent drafts; the rest are Plan Limit Reached', async () => {
    const owner = await signUp(server);
    await subscribe(owner, 'professional');
    const responses = await Promise.all(Array.from({ length: 20 }, (_, n) => owner.post('/api/assets', details(n))));
    const created = responses.filter((r) => r.status === 201);
    const refused = responses.filter((r) => r.status !== 201);
    expect(created).toHaveLength(5);
    expect(refused).toHaveLength(15);
    for (const r of refused) {
      const message = 'Your plan covers 5 tokenized assets. Upgrade your plan to add another.';
      expect(r).toMatchObject({ status: 403, body: { message, title: 'Plan Limit Reached' } });
    }
    const position = Math.max(...created.map((r) => r.body.position as number));
    const listed = (await owner.get('/api/assets', { 'x-read-after': String(position) })).body as { id: string }[];
    expect(listed.map((a) => a.id).sort()).toEqual(created.map((r) => r.body.id).sort());
    const drafts = await server.eventStore.readAll({ eventTypes: ['AssetDrafted'] });
    expect(drafts.filter((e) => (e.data as { ownerId: string }).ownerId === owner.user.id)).toHaveLength(5);
    const slots = Array<string[]>(5).fill(['AssetSlotReserved', 'AssetSlotFilled']).flat();
    expect(await slotEvents(owner.user.id)).toEqual(['AssetSlotsOpened', ...slots]);
  });

  it('records nothing for a draft the plan refuses, and gives the slot back when drafting fails', async () => {
    const owner = await signUp(server);
    await subscribe(owner, 'starter');
    const tooValuable = await owner.post('/api/assets', { ...details(1), totalValue: 600_000 });
    expect(tooValuable).toMatchObject({ status: 403, body: { title: 'Plan Limit Reached' } });
    expect(await slotEvents(owner.user.id)).toEqual([]);

    // The store fails on the asset's own stream, after the slot was reserved.
    const append = server.eventStore.append.bind(server.eventStore);
    const spy = jest
      .spyOn(server.eventStore, 'append')
      .mockImplementation((streamId, ...rest) =>
        streamId.startsWith('asset-') ? Promise.reject(new Error('disk on fire')) : append(streamId, ...rest),
      );
    try {
      expect((await owner.post('/api/assets', details(2))).status).toBe(500);
    } finally {
      spy.mockRestore();
    }
    expect(await slotEvents(owner.user.id)).toEqual(['AssetSlotsOpened', 'AssetSlotReserved', 'AssetSlotReleased']);
    expect((await owner.post('/api/assets', details(3))).status).toBe(201);
    expect((await owner.post('/api/assets', details(4))).status).toBe(403);
  });

  it('holds a slot for a draft under way, and releases one whose draft crashed once the hold is over', async () => {
    const busy = await signUp(server);
    await subscribe(busy, 'starter');
    const holding = new Date(Date.now() + SLOT_HOLD_MS).toISOString();
    const stream = ownerAssetsStream(busy.user.id);
    await server.eventStore.append(stream, crashedReservation(busy.user.id, holding), 'no_stream');
    expect((await busy.post('/api/assets', details(1))).body.title).toBe('Plan Limit Reached');

    const crashed = await signUp(server);
    await subscribe(crashed, 'starter');
    const expired = new Date(Date.now() - 1).toISOString();
    const crashedStream = ownerAssetsStream(crashed.user.id);
    await server.eventStore.append(crashedStream, crashedReservation(crashed.user.id, expired), 'no_stream');
    expect((await crashed.post('/api/assets', details(1))).status).toBe(201);
    const settled = (await slotStream(crashed.user.id)).slice(2);
    expect(settled.map((e) => [e.type, (e.data as { reason?: string }).reason])).toEqual([
      ['AssetSlotReleased', 'abandoned'],
      ['AssetSlotReserved', undefined],
      ['AssetSlotFilled', undefined],
    ]);
  });
});
