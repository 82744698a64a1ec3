import { Inject, Injectable } from '@nestjs/common';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import { EmailKeys } from '../../platform/email-key.js';
import type { EventStore, RecordedEvent } from '../../platform/event-store/event-store.js';
import { isForgotten } from '../../platform/privacy/personal-data.js';
import { ReadModels } from '../../platform/read-store/read-models.js';
import { EVENT_STORE } from '../../platform/injection-keys.js';
import { assetsProjection, type AssetDoc } from '../../projections/assets.js';
import { offeringsProjection, type OfferingDoc } from '../../projections/offerings.js';
import { registrationsProjection } from '../../projections/early-access-registrations.js';
import { usersProjection } from '../../projections/users.js';
import { emailReservation, emailStream } from '../identity/reservations.decider.js';
import { decisionPeople } from './decisions.js';

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
  ['evidence-', 'Wholesale evidence'],
  ['billing-', 'Billing'],
  ['compliance-', 'Compliance'],
  ['owner-assets-', 'Asset slots'],
  ['privacy-', 'Privacy'],
  ['tax-profile-', 'Tax profile'],
  ['audit-', 'Audit reads'],
];

/** `investor-limit-<assetId>-<investorId>`: the investor's, named by the id after the asset's (both UUIDs). */
const INVESTOR_LIMIT_STREAM = /^investor-limit-[0-9a-f-]{36}-([0-9a-f-]{36})$/;

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
    private readonly reads: ReadModels,
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

  /**
   * The names of the people who acted on, and the streams of, these events, and of any other people and streams
   * the answer mentions (a filter's acting user, a stream with no events yet): each read model is read once.
   */
  async namesFor(
    events: readonly RecordedEvent[],
    also: { people?: readonly string[]; streams?: readonly string[] } = {},
  ): Promise<AuditNames> {
    const streamIds = new Set([...(also.streams ?? []), ...events.map((e) => e.streamId)]);
    const personIds = new Set(also.people ?? []);
    for (const { metadata } of events) if (metadata.actor.kind === 'user') personIds.add(metadata.actor.userId);
    // A decision names who asked and who decided (four eyes), whoever appended it.
    for (const id of decisionPeople(events)) personIds.add(id);
    const kinds = [...streamIds].map(streamKind);
    for (const kind of kinds) if (kind.kind === 'personal') personIds.add(kind.personId);
    const [people, assets, offerings] = await Promise.all([
      this.people([...personIds]),
      this.reads.of(assetsProjection).byIds(kinds.flatMap((k) => (k.kind === 'asset' ? [k.id] : []))),
      this.reads.of(offeringsProjection).byIds(kinds.flatMap((k) => (k.kind === 'offering' ? [k.id] : []))),
    ]);
    const streams: [string, string][] = [];
    for (const kind of kinds) {
      const name = streamName(kind, people, assets, offerings);
      if (name) streams.push([kind.streamId, name]);
    }
    return { people: Object.fromEntries(people), streams: Object.fromEntries(streams) };
  }

  /** People's names: an account's, else a registrant's of interest; an id that names nobody known is left out. */
  private async people(ids: readonly string[]): Promise<Map<string, PersonName>> {
    const [forgotten, users, registrants] = await Promise.all([
      Promise.all(ids.map((id) => isForgotten(this.events, id))),
      this.reads.of(usersProjection).byIds(ids),
      this.reads.of(registrationsProjection).byIds(ids),
    ]);
    const named = new Map<string, PersonName>();
    ids.forEach((id, n) => {
      const user = users.get(id);
      const registrant = registrants.get(id);
      if (forgotten[n]) named.set(id, { name: FORGOTTEN_PERSON, forgotten: true });
      else if (user) named.set(id, { name: fullName(user.firstName, user.lastName) ?? user.email, forgotten: false });
      else if (registrant)
        named.set(id, { name: fullName(registrant.firstName, registrant.lastName) ?? id, forgotten: false });
    });
    return named;
  }
}

/** What a stream is, by its id's prefix: whose or what it holds decides how it is named. */
type StreamKind = { streamId: string } & (
  | { kind: 'personal'; what: string; personId: string }
  | { kind: 'keyed'; name: string }
  | { kind: 'asset' | 'offering'; id: string }
  | { kind: 'other' }
);

function streamKind(streamId: string): StreamKind {
  for (const [prefix, what] of PERSONAL_STREAMS)
    if (streamId.startsWith(prefix))
      return { streamId, kind: 'personal', what, personId: streamId.slice(prefix.length) };
  const limit = INVESTOR_LIMIT_STREAM.exec(streamId);
  if (limit) return { streamId, kind: 'personal', what: 'Investor limit', personId: limit[1]! };
  for (const [prefix, name] of KEYED_STREAMS) if (streamId.startsWith(prefix)) return { streamId, kind: 'keyed', name };
  if (streamId.startsWith('asset-')) return { streamId, kind: 'asset', id: streamId.slice('asset-'.length) };
  if (streamId.startsWith('offering-')) return { streamId, kind: 'offering', id: streamId.slice('offering-'.length) };
  return { streamId, kind: 'other' };
}

/** A stream's name: whose it is or what it holds; null when it names nobody or nothing known, or is not named here. */
function streamName(
  stream: StreamKind,
  people: ReadonlyMap<string, PersonName>,
  assets: ReadonlyMap<string, AssetDoc>,
  offerings: ReadonlyMap<string, OfferingDoc>,
): string | null {
  switch (stream.kind) {
    case 'personal': {
      const owner = people.get(stream.personId);
      return owner ? `${stream.what} · ${owner.name}` : null;
    }
    case 'keyed':
      return stream.name;
    case 'asset': {
      const asset = assets.get(stream.id);
      return asset ? `Asset · ${asset.name}` : null;
    }
    case 'offering': {
      const offering = offerings.get(stream.id);
      return offering ? `Offering · ${offering.name}` : null;
    }
    case 'other':
      return null;
    default: {
      const _exhaustive: never = stream;
      return null;
    }
  }
}

function fullName(first: string | null, last: string | null): string | null {
  const name = [first, last].filter((part) => part?.trim()).join(' ');
  return name === '' ? null : name;
}
