import type { Decider, DomainEvent } from '../platform/decider.js';
import { fold } from '../platform/decider.js';

/**
 * Given/when/then for pure deciders: `given(events).when(command)` returns the events decided, or the
 * error thrown — so tests read like the rules they pin.
 */
export function specify<C, E extends DomainEvent, S>(decider: Decider<C, E, S>) {
  return {
    given(events: readonly E[]) {
      const state = fold(decider, events);
      return {
        state,
        when(command: C): { events: E[]; error: null } | { events: null; error: Error } {
          try {
            return { events: decider.decide(command, state), error: null };
          } catch (error) {
            if (error instanceof Error) return { events: null, error };
            throw error;
          }
        },
      };
    },
  };
}
