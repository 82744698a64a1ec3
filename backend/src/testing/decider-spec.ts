import type { Decider, DomainEvent } from '../platform/decider.js';
import { fold } from '../platform/decider.js';
import { eventMisfit } from '../platform/event-schema.js';

/**
 * Given/when/then for pure deciders: `given(events).when(command)` returns the events decided, or the
 * error thrown — so tests read like the rules they pin. Every event decided must fit its schema (as it must
 * to be appended): a misfit fails the test outright.
 */
export function specify<C, E extends DomainEvent, S>(decider: Decider<C, E, S>) {
  return {
    given(events: readonly E[]) {
      const state = fold(decider, events);
      return {
        state,
        when(command: C): { events: E[]; error: null } | { events: null; error: Error } {
          let events: E[];
          try {
            events = decider.decide(command, state);
          } catch (error) {
            if (error instanceof Error) return { events: null, error };
            throw error;
          }
          const misfit = events.map((e) => eventMisfit(decider.eventSchemas, e)).find((m) => m !== null);
          if (misfit) throw new Error(`${decider.name} decided an event that does not fit its schema: ${misfit}`);
          return { events, error: null };
        },
      };
    },
  };
}
