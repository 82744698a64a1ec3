import type { DomainEvent } from '../platform/decider.js';
import type { RecordedEvent } from '../platform/event-store/event-store.js';

/** Turns domain events into recorded ones (positions 1, 2, …) for projection tests. */
export function recorded(streamId: string, events: readonly DomainEvent[], firstPosition = 1): RecordedEvent[] {
  return events.map((e, i) => ({
    streamId,
    revision: i,
    position: firstPosition + i,
    type: e.type,
    data: e.data,
    metadata: {
      eventId: `00000000-0000-4000-8000-${String(firstPosition + i).padStart(12, '0')}`,
      schemaVersion: 1,
      occurredAt: '2026-11-01T00:00:00.000Z',
      actor: { kind: 'anonymous' },
      correlationId: 'test',
      causationId: null,
    },
  }));
}
