import type { AuditActor } from '../../api/types';

/** How an event's actor reads in the timeline: a user id, 'anonymous', or the system part that acted. */
export function actorLabel(actor: AuditActor): string {
  switch (actor.kind) {
    case 'user':
      return actor.roles.length ? `${actor.userId} (${actor.roles.join(', ')})` : actor.userId;
    case 'anonymous':
      return 'anonymous';
    case 'system':
      return `system:${actor.name}`;
    default: {
      const _exhaustive: never = actor;
      return String(_exhaustive);
    }
  }
}

/** Times on the audit screen are New Zealand's, as the server's legal deadlines are. */
export const NZ_TIME = 'Pacific/Auckland';

/** A moment shown to New Zealand staff: date and time, to the second, in NZ time. */
export function formatMoment(iso: string): string {
  return new Date(iso).toLocaleString('en-NZ', {
    timeZone: NZ_TIME,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}
