import { defineProjection } from '../platform/projections/projection.js';
import type { SessionEnded, SessionExtended, SessionKind, SessionStarted } from '../domains/identity/events.js';

/**
 * Signed-in sessions and bearer tokens, keyed by the SHA-256 of the token: what the identity guard looks up
 * on every request. Rebuilt from the log like any read model, so sessions survive a restart of the embedded
 * app (whose read models live in memory). The user's roles come from the `users` read model.
 */
export interface SessionDoc {
  _id: string;
  userId: string;
  kind: SessionKind;
  startedAt: string;
  expiresAt: string;
  idleExpiresAt: string | null;
  revoked: boolean;
  endedAt: string | null;
}

type SessionEvent = SessionStarted | SessionExtended | SessionEnded;

export const sessionsProjection = defineProjection<SessionDoc, SessionEvent>({
  name: 'sessions',
  version: 1,
  eventTypes: ['SessionStarted', 'SessionExtended', 'SessionEnded'],
  keys: (event) => [event.data.tokenHash],
  evolve(doc, event, id) {
    switch (event.type) {
      case 'SessionStarted': {
        const d = event.data;
        return {
          _id: id,
          userId: d.userId,
          kind: d.kind,
          startedAt: d.startedAt,
          expiresAt: d.expiresAt,
          idleExpiresAt: d.idleExpiresAt,
          revoked: false,
          endedAt: null,
        };
      }
      case 'SessionExtended':
        return doc && { ...doc, idleExpiresAt: event.data.idleExpiresAt };
      case 'SessionEnded':
        return doc && { ...doc, revoked: true, endedAt: event.metadata.occurredAt };
      default: {
        const _exhaustive: never = event;
        return doc;
      }
    }
  },
});

/** Whether a session document lets its bearer in at `now` (ISO-8601). */
export function sessionIsLive(doc: SessionDoc | null, now: string): doc is SessionDoc {
  return !!doc && !doc.revoked && now < doc.expiresAt && (doc.idleExpiresAt === null || now < doc.idleExpiresAt);
}
