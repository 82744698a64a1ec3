import type { Role } from '../platform/event-store/event-store.js';
import { defineProjection } from '../platform/projection-engine/projection.js';
import type { ReadModelMemo } from '../platform/read-store/read-model-memo.js';
import type { ReadModels } from '../platform/read-store/read-models.js';
import type { SessionEnded, SessionExtended, SessionKind, SessionStarted } from '../domains/identity/events.js';
import { usersProjection } from './users.js';
import { upcasters } from '../domains/upcasters.js';

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
  upcasters,
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

// Queries of this read model.

/** A session as the identity guard checks it: its deadlines (epoch ms) and its user's roles (from `users`). */
export interface SessionPrincipal {
  readonly userId: string;
  readonly kind: SessionKind;
  readonly roles: readonly Role[];
  readonly expiresAt: number;
  /** null: no idle deadline (a bearer token). */
  readonly idleExpiresAt: number | null;
  readonly revoked: boolean;
}

/** Whether a session lets its holder in at `now` (epoch ms): before both deadlines and not revoked. */
export function principalIsLive(principal: SessionPrincipal, now: number): boolean {
  return (
    !principal.revoked &&
    now < principal.expiresAt &&
    (principal.idleExpiresAt === null || now < principal.idleExpiresAt)
  );
}

/**
 * Sessions by token hash, with their user's roles: looked up on every signed-in request, so kept in memory from
 * one request to the next (`ReadModelMemo`) until the sessions or users read model changes — a sign-out, a new
 * session, an extension, a role granted or revoked, a password reset (which ends the sessions) all change one, so
 * the very next request sees it. Deadlines are checked at each call by `principalIsLive`, not kept.
 */
export class SessionPrincipals {
  private readonly memo: ReadModelMemo<string, SessionPrincipal | null>;

  constructor(private readonly reads: ReadModels) {
    this.memo = reads.memo([sessionsProjection, usersProjection]);
  }

  /** The session recorded under this token hash and its user, or null when either is unknown. */
  byTokenHash(tokenHash: string): Promise<SessionPrincipal | null> {
    // Unknown hashes are not kept: anyone can make them up.
    return this.memo.get(
      tokenHash,
      () => this.read(tokenHash),
      (found) => found !== null,
    );
  }

  private async read(tokenHash: string): Promise<SessionPrincipal | null> {
    const session = await this.reads.of(sessionsProjection).get(tokenHash);
    if (!session) return null;
    const account = await this.reads.of(usersProjection).get(session.userId);
    if (!account) return null;
    return Object.freeze({
      userId: account._id,
      kind: session.kind,
      roles: Object.freeze([...account.roles]),
      expiresAt: Date.parse(session.expiresAt),
      idleExpiresAt: session.idleExpiresAt === null ? null : Date.parse(session.idleExpiresAt),
      revoked: session.revoked,
    });
  }
}
