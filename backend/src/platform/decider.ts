import type { Upcasters } from './event-store/upcasters.js';
import type { EventSchemas } from './event-schema.js';
import type { Actor } from './event-store/event-store.js';

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
  /**
   * The same as reducing the events with `evolve`, in one go: a decider whose state grows with its stream
   * (one entry per registration, say) copies it once per fold here instead of once per event.
   */
  evolveMany?(state: S, events: readonly E[]): S;
  /**
   * True when neither `evolve` nor `decide` reads an event's `data.personal`: the repository then loads the
   * stream with personal data left sealed — no key lookups, no decryption — however long the stream.
   */
  readonly ignoresPersonalData?: boolean;
  decide(command: C, state: S): E[];
  /** The shape of every event type this decider records: an event that does not fit is never appended. */
  readonly eventSchemas: EventSchemas<E>;
  /**
   * The old shapes of the events it reads (domains/upcasters.ts, the one list): its stream's events are upcast before
   * `evolve` sees them, and each event is recorded at the version its type is written at now.
   */
  readonly upcasters: Upcasters;
  /**
   * Who does what an event records when that is not the command's actor: the system granting a role from its
   * configuration while a visitor registers. Null or absent: the command's actor.
   */
  actorOf?(event: E): Actor | null;
}

/** Folds events into state: for tests and for loading an aggregate. */
export function fold<C, E extends DomainEvent, S>(
  decider: Decider<C, E, S>,
  events: readonly E[],
  from: S = decider.initialState,
): S {
  if (decider.evolveMany) return decider.evolveMany(from, events);
  return events.reduce((s, e) => decider.evolve(s, e), from);
}
