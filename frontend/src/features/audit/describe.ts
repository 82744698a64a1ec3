import type { AuditActor, AuditNames } from '../../api/types';

/** The names the server gave with one or more answers, merged; looked up by id (never as a plain object's key). */
export class Names {
  private readonly people = new Map<string, { name: string; forgotten: boolean }>();
  private readonly streams = new Map<string, string>();

  constructor(answers: readonly { names?: AuditNames }[] = []) {
    for (const { names } of answers) {
      if (!names) continue;
      for (const [id, person] of Object.entries(names.people)) this.people.set(id, person);
      for (const [id, name] of Object.entries(names.streams)) this.streams.set(id, name);
    }
  }

  person(id: string): { name: string; forgotten: boolean } | null {
    return this.people.get(id) ?? null;
  }

  stream(streamId: string): string | null {
    return this.streams.get(streamId) ?? null;
  }
}

/** An actor by name (a user's roles after it), or as the server describes a system part or a visitor. */
export function actorName(actor: AuditActor, names: Names): { text: string; id: string | null; forgotten: boolean } {
  switch (actor.kind) {
    case 'user': {
      const person = names.person(actor.userId);
      const roles = actor.roles.length ? ` (${actor.roles.join(', ')})` : '';
      return person
        ? { text: `${person.name}${roles}`, id: actor.userId, forgotten: person.forgotten }
        : { text: `${actor.userId}${roles}`, id: null, forgotten: false };
    }
    case 'anonymous':
      return { text: 'Anonymous visitor', id: null, forgotten: false };
    case 'system':
      return { text: `System: ${actor.name}`, id: `system:${actor.name}`, forgotten: false };
    default: {
      const _exhaustive: never = actor;
      return { text: String(_exhaustive), id: null, forgotten: false };
    }
  }
}

/** Someone a decision names: a person by id, or `system:<name>` (the operator's tools, the settlement rule). */
export function partyName(id: string, names: Names): { text: string; id: string; forgotten: boolean } {
  if (id.startsWith('system:')) return { text: `System: ${id.slice('system:'.length)}`, id, forgotten: false };
  const person = names.person(id);
  return { text: person?.name ?? id, id, forgotten: person?.forgotten ?? false };
}
