import { Inject, Injectable } from '@nestjs/common';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import { EmailKeys } from '../../platform/email-key.js';
import type { EventStore, RecordedEvent } from '../../platform/event-store/event-store.js';
import { isForgotten } from '../../platform/privacy/personal-data.js';
import type { ReadStore } from '../../platform/read-store/read-store.js';
import { EVENT_STORE, READ_STORE } from '../../platform/tokens.js';
import type { AssetDoc } from '../../projections/assets.js';
import type { OfferingDoc } from '../../projections/offerings.js';
import type { RegistrationDoc } from '../../projections/registrations.js';
import type { UserDoc } from '../../projections/users.js';
import { emailReservation, emailStream } from '../identity/reservations.decider.js';

/** How a person shows in the audit: by name, or as forgotten once their key is gone (Privacy Act 2020). */
export interface PersonName {
  name: string;
  forgotten: boolean;
}

/** What the timeline shows instead of ids: people by id, streams by id. Ids stay in the events themselves. */
export interface AuditNames {
  people: Record<string, PersonName>;
  streams: Record<string, string>;
}

export const FORGOTTEN_PERSON = 'Forgotten person';

/** Streams named after the person they belong to, by prefix: what the stream holds about them. */
const PERSONAL_STREAMS: readonly [prefix: string, what: string][] = [
  ['user-', 'Account'],
  ['verification-', 'Wholesale verification'],
  ['billing-', 'Billing'],
  ['compliance-', 'Compliance'],
  ['owner-assets-', 'Asset slots'],
  ['privacy-', 'Privacy'],
  ['audit-', 'Audit reads'],
];

/** Streams keyed by an e-mail key or an external identity: named by what they are, never resolved to a person. */
const KEYED_STREAMS: readonly [prefix: string, name: string][] = [
  ['email-', 'E-mail reservation'],
  ['external-identity-', 'External sign-in'],
  ['interest-register-', 'Interest register'],
];

/**
 * Names for the audit screen, from the read models (the names they hold are the ones a forgotten person's
 * rebuild has already blanked) and the vault's tombstones: a forgotten person reads as such, never by a copy
 * of their name. E-mail addresses are looked up through the keyed e-mail index only.
 */
@Injectable()
export class AuditDirectory {
  constructor(
    @Inject(READ_STORE) private readonly reads: ReadStore,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    private readonly repository: AggregateRepository,
    private readonly emailKeys: EmailKeys,
  ) {}

  /**
   * The account that holds this e-mail address (the reservation stream of its keyed key, else — for accounts
   * registered before keyed keys — of its unkeyed one), or null. No personal data is read to find it.
   */
  async accountByEmail(email: string): Promise<string | null> {
    const { key, legacy } = await this.emailKeys.pair(email);
    const holder = async (k: string) => (await this.repository.load(emailReservation, emailStream(k))).state.holder;
    return (await holder(key)) ?? (await holder(legacy));
  }

  /** A person's name: an account's, else a registrant's of interest; null when the id names nobody known. */
  async person(id: string): Promise<PersonName | null> {
    if (await isForgotten(this.events, id)) return { name: FORGOTTEN_PERSON, forgotten: true };
    const user = await this.reads.collection<UserDoc>('users').get(id);
    if (user) return { name: fullName(user.firstName, user.lastName) ?? user.email, forgotten: false };
    const registrant = await this.reads.collection<RegistrationDoc>('registrations').get(id);
    if (registrant) return { name: fullName(registrant.firstName, registrant.lastName) ?? id, forgotten: false };
    return null;
  }

  /** A stream's name: whose it is or what it holds; null when it is of a kind not named here. */
  async stream(streamId: string, person: (id: string) => Promise<PersonName | null>): Promise<string | null> {
    for (const [prefix, what] of PERSONAL_STREAMS) {
      if (!streamId.startsWith(prefix)) continue;
      const owner = await person(streamId.slice(prefix.length));
      return owner ? `${what} · ${owner.name}` : null;
    }
    for (const [prefix, name] of KEYED_STREAMS) if (streamId.startsWith(prefix)) return name;
    if (streamId.startsWith('asset-')) {
      const asset = await this.reads.collection<AssetDoc>('assets').get(streamId.slice('asset-'.length));
      return asset ? `Asset · ${asset.name}` : null;
    }
    if (streamId.startsWith('offering-')) {
      const offering = await this.reads.collection<OfferingDoc>('offerings').get(streamId.slice('offering-'.length));
      return offering ? `Offering · ${offering.name}` : null;
    }
    return null;
  }

  /**
   * The names of the people who acted on, and the streams of, these events (each looked up once), and of any
   * other people and streams the answer mentions (a filter's acting user, a stream with no events yet).
   */
  async namesFor(
    events: readonly RecordedEvent[],
    also: { people?: readonly string[]; streams?: readonly string[] } = {},
  ): Promise<AuditNames> {
    const people = new Map<string, Promise<PersonName | null>>();
    const person = (id: string) => {
      let found = people.get(id);
      if (!found) {
        found = this.person(id);
        people.set(id, found);
      }
      return found;
    };
    const streams = new Map<string, string>();
    const nameStream = async (streamId: string) => {
      if (streams.has(streamId)) return;
      const name = await this.stream(streamId, person);
      if (name) streams.set(streamId, name);
    };
    for (const id of also.people ?? []) await person(id);
    for (const streamId of also.streams ?? []) await nameStream(streamId);
    for (const event of events) {
      const actor = event.metadata.actor;
      if (actor.kind === 'user') await person(actor.userId);
      await nameStream(event.streamId);
    }
    const named: [string, PersonName][] = [];
    for (const [id, found] of people) {
      const name = await found;
      if (name) named.push([id, name]);
    }
    return { people: Object.fromEntries(named), streams: Object.fromEntries(streams) };
  }
}

function fullName(first: string | null, last: string | null): string | null {
  const name = [first, last].filter((part) => part?.trim()).join(' ');
  return name === '' ? null : name;
}
