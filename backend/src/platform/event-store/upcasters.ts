import type { RecordedEvent } from './event-store.js';

/**
 * Old event shapes are upcast on read; stored events are never rewritten. An upcaster lifts one event type
 * from schema version N to N+1; `upcast` applies them in a chain until the newest shape.
 */
type Upcaster = (data: unknown) => unknown;
const upcasters = new Map<string, Upcaster>();

export function registerUpcaster(type: string, fromVersion: number, lift: Upcaster): void {
  upcasters.set(`${type}@${fromVersion}`, lift);
}

export function upcast<E extends RecordedEvent>(event: E): E {
  let version = event.metadata.schemaVersion ?? 1;
  let data = event.data;
  for (let lift = upcasters.get(`${event.type}@${version}`); lift; lift = upcasters.get(`${event.type}@${version}`)) {
    data = lift(data);
    version++;
  }
  if (version === (event.metadata.schemaVersion ?? 1)) return event;
  return { ...event, data, metadata: { ...event.metadata, schemaVersion: version } };
}
