import type { Actor } from './event-store/event-store.js';

/** Who asks, when, and on behalf of which request: stamped into every event's metadata. */
export interface CommandContext {
  actor: Actor;
  correlationId: string;
  causationId: string | null;
  /** ISO-8601 time at which the command is decided. */
  now: string;
}

export function systemContext(name: string, correlationId: string, now = new Date().toISOString()): CommandContext {
  return { actor: { kind: 'system', name }, correlationId, causationId: null, now };
}
