import type { EventSchemas } from './event-schema.js';

/**
 * A pure decider: the whole behaviour of one aggregate. `decide` gets everything it needs on the command
 * (including the time and the acting user) and either returns the events to record or throws a DomainError.
 */
export interface DomainEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

export interface Decider<C, E extends DomainEvent, S> {
  readonly name: string;
  readonly initialState: S;
  evolve(state: S, event: E): S;
  decide(command: C, state: S): E[];
  /** The shape of every event type this decider records: an event that does not fit is never appended. */
  readonly eventSchemas: EventSchemas<E>;
  /** Current schema version of each event type; 1 when absent. */
  readonly schemaVersions?: Partial<Record<E['type'], number>>;
}

/** Folds events into state: for tests and for loading an aggregate. */
export function fold<C, E extends DomainEvent, S>(
  decider: Decider<C, E, S>,
  events: readonly E[],
  from: S = decider.initialState,
): S {
  return events.reduce((s, e) => decider.evolve(s, e), from);
}
