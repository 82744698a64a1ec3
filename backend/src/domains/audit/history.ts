import { csvLine } from '../../platform/csv.js';
import type { Decider, DomainEvent } from '../../platform/decider.js';
import { fold } from '../../platform/decider.js';
import type { EventStore, RecordedEvent } from '../../platform/event-store/event-store.js';
import { logPages } from '../../platform/event-store/log-pages.js';
import { toDomainEvent } from '../../platform/aggregate-repository.js';
import { notFound } from '../../platform/errors.js';
import { asset } from '../assets/asset.decider.js';
import { assetSlots } from '../assets/asset-slots.decider.js';
import { investorLimit } from '../offerings/investor-limit.decider.js';
import { billing } from '../billing/billing.decider.js';
import { compliance } from '../compliance/compliance.decider.js';
import { emailReservation, externalIdentity } from '../identity/reservations.decider.js';
import { user } from '../identity/user.decider.js';
import { offering } from '../offerings/offering.decider.js';
import { distribution } from '../income/distribution.decider.js';
import { taxProfile } from '../income/tax-profile.decider.js';
import { interestRegister } from '../early-access/early-access.decider.js';
import { evidenceLog } from '../wholesale/evidence.decider.js';
import { verification } from '../wholesale/verification.decider.js';
import { auditTrail, privacy, retentionEnds } from './audit.decider.js';
import { privacyStream } from './events.js';
import { upcasters } from '../upcasters.js';

/**
 * Reading the history for compliance staff: the log filtered, the chain one request caused, any aggregate as
 * it stood at a past moment, and a person's AML/CFT standing. Everything reads the event store page by page,
 * so no query holds the whole log in memory.
 */
export interface HistoryFilter {
  /** A stream id, or the start of one ('offering-' for every offering). */
  stream?: string;
  type?: string;
  /** A user id, 'anonymous', or 'system:<name>'. */
  actor?: string;
  /** ISO-8601 bounds on `occurredAt`, inclusive. */
  from?: string;
  to?: string;
}

const PAGE = 500;

export function actorLabel(event: RecordedEvent): string {
  const actor = event.metadata.actor;
  switch (actor.kind) {
    case 'user':
      return actor.userId;
    case 'system':
      return `system:${actor.name}`;
    case 'anonymous':
      return 'anonymous';
    default: {
      const _exhaustive: never = actor;
      return 'unknown';
    }
  }
}

function matches(event: RecordedEvent, filter: HistoryFilter): boolean {
  const at = event.metadata.occurredAt;
  if (filter.from && at < filter.from) return false;
  if (filter.to && at > filter.to) return false;
  if (filter.actor) {
    const label = actorLabel(event);
    if (label !== filter.actor && !(filter.actor.startsWith('system') && label.startsWith(filter.actor))) return false;
  }
  return true;
}

/** Pages of the log after `after`, as the store filters them (stream, type). */
function pages(store: EventStore, filter: HistoryFilter, after: number): AsyncGenerator<RecordedEvent[]> {
  const byStore = {
    streamPrefixes: filter.stream ? [filter.stream] : undefined,
    eventTypes: filter.type ? [filter.type] : undefined,
  };
  return logPages(store, byStore, after, PAGE);
}

/** Every event after `after` that passes the filter, in log order, read a page at a time. */
export async function* scan(store: EventStore, filter: HistoryFilter = {}, after = 0): AsyncGenerator<RecordedEvent> {
  for await (const page of pages(store, filter, after))
    for (const event of page) if (matches(event, filter)) yield event;
}

/** At most this many events are read for one timeline page, so a rare filter never ties up a request. */
const SCAN_BUDGET = 20_000;

/**
 * One page of the timeline: up to `limit` matching events after `after`, and where the next page starts
 * (null at the end of the log). A page may come back short, even empty, with a `next`: the search went
 * through its budget of events and can go on from there.
 */
export async function timeline(
  store: EventStore,
  filter: HistoryFilter,
  after: number,
  limit: number,
  budget = SCAN_BUDGET,
) {
  const events: RecordedEvent[] = [];
  let read = 0;
  let next: number | null = null;
  for await (const page of pages(store, filter, after)) {
    for (const event of page) {
      read++;
      if (matches(event, filter)) events.push(event);
      if (events.length === limit || read >= budget) {
        next = event.position;
        break;
      }
    }
    if (next !== null) break;
  }
  return { events, next, head: await store.headPosition() };
}

/**
 * Everything one request caused: the events stamped with its correlation id, and any event caused by one of
 * them (causation id), in the order they were recorded.
 */
export async function correlationChain(store: EventStore, correlationId: string): Promise<RecordedEvent[]> {
  const chain: RecordedEvent[] = [];
  const ids = new Set<string>();
  for await (const event of scan(store)) {
    if (
      event.metadata.correlationId === correlationId ||
      (event.metadata.causationId && ids.has(event.metadata.causationId))
    ) {
      chain.push(event);
      ids.add(event.metadata.eventId);
    }
  }
  return chain;
}

type AnyDecider = Decider<unknown, DomainEvent, unknown>;

/** Which decider folds which stream, by the stream's prefix (no prefix is the start of another). */
const AGGREGATES = Object.entries({
  'user-': user,
  'email-': emailReservation,
  'external-identity-': externalIdentity,
  'asset-': asset,
  'owner-assets-': assetSlots,
  'billing-': billing,
  'compliance-': compliance,
  'verification-': verification,
  'evidence-': evidenceLog,
  'offering-': offering,
  'investor-limit-': investorLimit,
  'interest-register-': interestRegister,
  'privacy-': privacy,
  'tax-profile-': taxProfile,
  'distribution-': distribution,
  'audit-': auditTrail,
}) as [string, AnyDecider][];

export function aggregateOf(streamId: string): AnyDecider | null {
  return AGGREGATES.find(([prefix]) => streamId.startsWith(prefix))?.[1] ?? null;
}

/** JSON for folded state: Maps and Sets become objects and arrays. */
export function plain(value: unknown): unknown {
  if (value instanceof Map) return Object.fromEntries([...value].map(([k, v]) => [String(k), plain(v)]));
  if (value instanceof Set) return [...value].map(plain);
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

export const STREAM_NOT_FOUND = 'No events are recorded on this stream';

/**
 * "What did we know when this investor invested?": the aggregate folded from the events recorded up to and
 * including `at`, beside those events, and how many came later. A stream with no events at all is not found.
 */
export async function stateAt(store: EventStore, streamId: string, at: string) {
  const aggregate = aggregateOf(streamId);
  const all = await store.readStream(streamId);
  if (all.length === 0) throw notFound(STREAM_NOT_FOUND);
  const known = all.filter((e) => e.metadata.occurredAt <= at);
  const state = aggregate
    ? fold(
        aggregate,
        known.map((e) => toDomainEvent(e, upcasters)),
      )
    : null;
  return {
    streamId,
    at,
    aggregate: aggregate?.name ?? null,
    revision: known.length ? known.at(-1)!.revision : -1,
    state: plain(state),
    events: known,
    laterEvents: all.length - known.length,
  };
}

/**
 * A person's standing for forgetting: how many events carry their personal data, whether they were a customer
 * under the AML/CFT Act (verified as a wholesale investor, or invested), when that relationship last saw
 * activity, and so until when its records must be kept.
 */
export async function retention(store: EventStore, subjectId: string) {
  let personalEvents = 0;
  let relationshipEnded: string | null = null;
  for await (const event of scan(store)) {
    const data = event.data as { subjectId?: unknown; investorId?: unknown };
    if (data?.subjectId === subjectId && 'personal' in data) personalEvents++;
    // Closing the stream when forgetting (`VerificationsClosed`) is no customer activity.
    const customerFact =
      (event.streamId === `verification-${subjectId}` && event.type !== 'VerificationsClosed') ||
      (event.streamId.startsWith('offering-') && data?.investorId === subjectId);
    if (customerFact && (!relationshipEnded || event.metadata.occurredAt > relationshipEnded))
      relationshipEnded = event.metadata.occurredAt;
  }
  const forgotten = (await store.readStream(privacyStream(subjectId), { maxCount: 1 })).length > 0;
  return {
    subjectId,
    personalEvents,
    customer: relationshipEnded !== null,
    relationshipEnded,
    retainedUntil: relationshipEnded ? retentionEnds(relationshipEnded) : null,
    forgotten,
  };
}

export const EXPORT_COLUMNS = [
  'position',
  'streamId',
  'revision',
  'type',
  'occurredAt',
  'actor',
  'correlationId',
  'causationId',
  'eventId',
  'schemaVersion',
  'data',
] as const;

export function csvRow(event: RecordedEvent): string {
  const m = event.metadata;
  return csvLine([
    event.position,
    event.streamId,
    event.revision,
    event.type,
    m.occurredAt,
    actorLabel(event),
    m.correlationId,
    m.causationId,
    m.eventId,
    m.schemaVersion,
    JSON.stringify(event.data),
  ]);
}
