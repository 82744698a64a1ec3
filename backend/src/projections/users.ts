import type { Role } from '../platform/event-store/event-store.js';
import { defineProjection } from '../platform/projection-engine/projection.js';
import type { UserEvent } from '../domains/identity/events.js';
import type { ReadModels } from '../platform/read-store/read-models.js';
import { upcasters } from '../domains/upcasters.js';

/** One document per account: what /api/user answers and the roles the identity guard puts on the actor. */
export interface UserDoc {
  _id: string;
  email: string;
  emailKey: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
  roles: Role[];
  /** The address is proven (EmailVerified); false for accounts from before confirmation links until they use one. */
  emailVerified: boolean;
  registeredAt: string;
  lastSignedInAt: string | null;
}

const EVENT_TYPES = [
  'UserRegistered',
  'RoleGranted',
  'RoleRevoked',
  'ProfileUpdated',
  'UserSignedIn',
  'EmailVerified',
] as const satisfies UserEvent['type'][];
type Handled = Extract<UserEvent, { type: (typeof EVENT_TYPES)[number] }>;

export const usersProjection = defineProjection<UserDoc, Handled>({
  upcasters,
  name: 'users',
  // 2: emailVerified.
  version: 2,
  eventTypes: EVENT_TYPES,
  keys: (event) => [event.data.userId],
  evolve(doc, event, id) {
    switch (event.type) {
      case 'UserRegistered': {
        const { personal, emailKey } = event.data;
        return {
          _id: id,
          email: personal.email,
          emailKey,
          firstName: personal.firstName,
          lastName: personal.lastName,
          profileImageUrl: null,
          roles: doc?.roles ?? [],
          emailVerified: doc?.emailVerified ?? false,
          registeredAt: event.metadata.occurredAt,
          lastSignedInAt: null,
        };
      }
      case 'RoleGranted':
        return doc && (doc.roles.includes(event.data.role) ? doc : { ...doc, roles: [...doc.roles, event.data.role] });
      case 'RoleRevoked':
        return doc && { ...doc, roles: doc.roles.filter((r) => r !== event.data.role) };
      case 'ProfileUpdated':
        return doc && { ...doc, firstName: event.data.personal.firstName, lastName: event.data.personal.lastName };
      case 'UserSignedIn':
        return doc && { ...doc, lastSignedInAt: event.metadata.occurredAt };
      case 'EmailVerified':
        return doc && { ...doc, emailVerified: true };
      default: {
        const _exhaustive: never = event;
        return doc;
      }
    }
  },
});

// Queries of this read model.

/** A person as staff lists show them: the name on their account, else their e-mail. */
export interface Person {
  id: string;
  name: string;
  email: string | null;
}

/**
 * The users read model is where names live: it is rebuilt when a person is forgotten, so reading names
 * from it at query time (rather than copying them into other read models) leaves nothing to erase elsewhere.
 * A forgotten person's fields read as null; with neither name nor e-mail the name is `unnamed`.
 */
export function personOf(
  id: string,
  user: UserDoc | null,
  unnamed = user ? 'Forgotten person' : 'Unknown person',
): Person {
  const name = user && [user.firstName, user.lastName].filter(Boolean).join(' ');
  return { id, name: name || user?.email || unnamed, email: user?.email ?? null };
}

/** The people with these ids, in one read of the users read model (`unnamed`: see personOf). */
export async function peopleById(
  reads: ReadModels,
  ids: Iterable<string>,
  unnamed?: string,
): Promise<Map<string, Person>> {
  const wanted = [...new Set(ids)];
  const users = await reads.of(usersProjection).byIds(wanted);
  return new Map(wanted.map((id) => [id, personOf(id, users.get(id) ?? null, unnamed)]));
}
