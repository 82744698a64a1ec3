import type { DomainEvent } from '../decider.js';
import type { RecordedEvent } from '../event-store/event-store.js';
import type { Upcasters } from '../event-store/upcasters.js';
import type { Doc } from '../read-store/read-store.js';

/**
 * A read model: a pure function from (document or nothing, event) to (document or nothing), keyed by
 * document ids derived from the event. The engine stores `_position` on each document — the last event
 * applied to it — so applying an event twice changes nothing.
 */
export interface Projection<D extends Doc = Doc> {
  readonly name: string;
  /** Bump when `evolve` changes meaning: the engine rebuilds the read model from zero. */
  readonly version: number;
  readonly eventTypes: readonly string[];
  /** The event in its newest shape: the engine upcasts each event it hands `keys` and `evolve`. */
  upcast(event: RecordedEvent): RecordedEvent;
  keys(event: RecordedEvent): string[];
  evolve(doc: D | null, event: RecordedEvent, id: string): D | null;
}

export type Projected<D extends Doc> = D & { _position: number };

/**
 * A read model written against the events it follows: `E` is their union (a domain's events, `Extract`ed by the
 * types listed), so `keys` and `evolve` narrow by `event.type` and read each payload typed, with no casts.
 */
export interface TypedProjection<D extends Doc, E extends DomainEvent> {
  readonly name: string;
  readonly version: number;
  readonly eventTypes: readonly E['type'][];
  /** The old event shapes (domains/upcasters.ts, the one list): required, so a read model never misses one. */
  readonly upcasters: Upcasters;
  keys(event: RecordedEvent & E): string[];
  evolve(doc: D | null, event: RecordedEvent & E, id: string): D | null;
}

/**
 * The projection the engine runs. It is handed events of the listed types only, and an event of a type is that
 * type's domain event: each was checked against its type's schema when appended and is upcast to the current
 * shape before a projection sees it. Any other event (a caller's mistake) names no document and changes none.
 */
export function defineProjection<D extends Doc, E extends DomainEvent>(typed: TypedProjection<D, E>): Projection<D> {
  const types = new Set<string>(typed.eventTypes);
  const follows = (event: RecordedEvent): event is RecordedEvent & E => types.has(event.type);
  return {
    name: typed.name,
    version: typed.version,
    eventTypes: typed.eventTypes,
    upcast: (event) => typed.upcasters.upcast(event),
    keys: (event) => (follows(event) ? typed.keys(event) : []),
    evolve: (doc, event, id) => (follows(event) ? typed.evolve(doc, event, id) : doc),
  };
}

/**
 * Applies events to an in-memory set of documents: what tests use as "given events, then this document".
 * Mirrors the engine — old event shapes are upcast, a key named twice by one event is applied once, and a
 * document's `_id` is its key — so it is the reference a built read model must equal.
 */
export function project<D extends Doc>(projection: Projection<D>, events: readonly RecordedEvent[]): Map<string, D> {
  const docs = new Map<string, D>();
  for (const raw of events) {
    if (!projection.eventTypes.includes(raw.type)) continue;
    const event = projection.upcast(raw);
    for (const id of new Set(projection.keys(event))) {
      const next = projection.evolve(docs.get(id) ?? null, event, id);
      if (next) docs.set(id, { ...next, _id: id });
      else docs.delete(id);
    }
  }
  return docs;
}
