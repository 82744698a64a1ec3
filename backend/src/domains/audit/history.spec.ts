/** The audit queries over a memory log: filters, paging with a scan budget, the chain of one request, state at a moment. */
import { randomUUID } from 'node:crypto';
import type { EventToAppend } from '../../platform/event-store/event-store.js';
import { MemoryEventStore } from '../../platform/event-store/memory-event-store.js';
import { aggregateOf, correlationChain, csvRow, stateAt, STREAM_NOT_FOUND, timeline } from './history.js';

const event = (type: string, data: unknown, over: Partial<EventToAppend['metadata']> = {}): EventToAppend => ({
  type,
  data,
  metadata: {
    eventId: randomUUID(),
    schemaVersion: 1,
    occurredAt: '2026-11-01T00:00:00.000Z',
    actor: { kind: 'anonymous' },
    correlationId: randomUUID(),
    causationId: null,
    ...over,
  },
});

describe('audit history', () => {
  it('pages by matches, and a rare filter stops at its scan budget with where to go on from', async () => {
    const store = new MemoryEventStore();
    for (let i = 0; i < 30; i++) await store.append(`noise-${i}`, [event('Noise', { i })], 'no_stream');
    await store.append(
      'user-u1',
      [event('RoleGranted', { role: 'admin' }, { actor: { kind: 'user', userId: 'admin-1', roles: ['admin'] } })],
      'no_stream',
    );

    const budgeted = await timeline(store, { actor: 'admin-1' }, 0, 50, 10);
    expect(budgeted).toMatchObject({ events: [], next: 10, head: 31 });
    const found = await timeline(store, { actor: 'admin-1' }, 0, 50);
    expect(found.events.map((e) => e.type)).toEqual(['RoleGranted']);
    expect(found.next).toBeNull();

    const first = await timeline(store, { type: 'Noise' }, 0, 20);
    expect([first.events.length, first.next]).toEqual([20, 20]);
    expect((await timeline(store, { type: 'Noise' }, first.next!, 20)).events.map((e) => e.data)).toEqual(
      Array.from({ length: 10 }, (_, k) => ({ i: 20 + k })),
    );
    expect((await timeline(store, { stream: 'user-', to: '2026-10-31T23:59:59.999Z' }, 0, 50)).events).toEqual([]);
  });

  it("follows one request's correlation id and what its events caused", async () => {
    const store = new MemoryEventStore();
    const first = event('InvestmentRequested', { tokens: 5 }, { correlationId: 'req-1' });
    await store.append('offering-o1', [first], 'no_stream');
    await store.append(
      'holding-h1',
      [event('HoldingOpened', {}, { causationId: first.metadata.eventId })],
      'no_stream',
    );
    await store.append('offering-o1', [event('InvestmentConfirmed', {}, { correlationId: 'req-2' })], 0);
    expect((await correlationChain(store, 'req-1')).map((e) => e.type)).toEqual([
      'InvestmentRequested',
      'HoldingOpened',
    ]);
  });

  it('folds an aggregate as it stood at a moment, and writes CSV cells safely', async () => {
    const store = new MemoryEventStore();
    await store.append(
      'privacy-p1',
      [
        event(
          'PersonalDataForgotten',
          { subjectId: 'p1', forgottenBy: 'c-1', reason: 'asked, "politely"' },
          { occurredAt: '2026-11-10T00:00:00.000Z' },
        ),
      ],
      'no_stream',
    );
    expect(await stateAt(store, 'privacy-p1', '2026-11-09T00:00:00.000Z')).toMatchObject({
      aggregate: 'privacy',
      revision: -1,
      state: { forgotten: false },
      laterEvents: 1,
    });
    expect(await stateAt(store, 'privacy-p1', '2026-11-10T00:00:00.000Z')).toMatchObject({
      revision: 0,
      state: { forgotten: true },
      laterEvents: 0,
    });
    expect(aggregateOf('owner-assets-o1')?.name).toBe('owner-assets');
    expect(aggregateOf('investor-limit-a1-p1')?.name).toBe('investor-limit');
    const unknown = stateAt(store, 'privacy-p2', '2026-11-10T00:00:00.000Z');
    await expect(unknown).rejects.toMatchObject({ message: STREAM_NOT_FOUND, status: 404 });
    const [stored] = await store.readStream('privacy-p1');
    expect(csvRow(stored!)).toContain(
      '"{""subjectId"":""p1"",""forgottenBy"":""c-1"",""reason"":""asked, \\""politely\\""""}"',
    );
  });
});
