import type { IntegrityProgress, IntegrityReport } from './integrity.js';
/**
 * The event store port. Every adapter (memory, pglite, postgres, eventstoredb) passes the same contract
 * suite (`event-store.contract.ts`), so domain code never knows which one it runs on.
 *
 * Positions are global, strictly increasing, start above 0, and may have gaps. A reader that has seen
 * position P will never later be handed an event below P: adapters only expose committed history.
 */

/** Granted roles. Every user may own assets and invest; these are extra. */
export type Role = 'admin' | 'compliance';

export type Actor =
  | { kind: 'user'; userId: string; roles: readonly Role[] }
  | { kind: 'anonymous' }
  | { kind: 'system'; name: string };

export interface EventMetadata {
  eventId: string;
  schemaVersion: number;
  occurredAt: string;
  actor: Actor;
  correlationId: string;
  causationId: string | null;
  [extra: string]: unknown;
}

export interface EventToAppend {
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

export interface RecordedEvent<T extends string = string, D = unknown> {
  streamId: string;
  revision: number;
  position: number;
  type: T;
  data: D;
  metadata: EventMetadata;
}

/** An exact revision (0 = the stream's first event), or one of the stream-state conditions. */
export type ExpectedRevision = number | 'no_stream' | 'stream_exists' | 'any';

export interface AppendResult {
  /** Revision of the last event now in the stream. */
  nextRevision: number;
  /** Global position of the last event appended (or, for an idempotent repeat, of the one already stored). */
  position: number;
}

export interface ReadStreamOptions {
  direction?: 'forwards' | 'backwards';
  /** Inclusive. Defaults to the start (forwards) or the end (backwards). */
  fromRevision?: number;
  maxCount?: number;
  /**
   * Leave each event's `data.personal` as stored (sealed, see privacy/personal-data.ts): for readers that never
   * look at it, so that nothing is decrypted. Only the personal-data decorator acts on it.
   */
  keepPersonalSealed?: boolean;
}

export interface AllFilter {
  /** Only streams whose id starts with one of these prefixes. */
  streamPrefixes?: readonly string[];
  /** Only these event types. */
  eventTypes?: readonly string[];
}

export interface ReadAllOptions extends AllFilter {
  /** Exclusive: events after this position. 0 (the default) reads from the beginning. */
  fromPosition?: number;
  maxCount?: number;
}

export interface SubscribeOptions extends AllFilter {
  /** Exclusive checkpoint: the subscription delivers events after it. */
  fromPosition?: number;
  /** Awaited before the next event is delivered. */
  onEvent(event: RecordedEvent): void | Promise<void>;
  /** Called once history has been read and the subscription follows live appends. */
  onCaughtUp?(position: number): void;
  /** A failure the subscription recovers from by resubscribing with backoff. */
  onError?(error: unknown): void;
}

export interface Subscription {
  stop(): Promise<void>;
}

export interface StoreHealth {
  ok: boolean;
  kind: string;
  detail?: string;
}

export interface EventStore {
  readonly kind: string;
  append(streamId: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult>;
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** One page of the global log, in position order. */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  subscribe(options: SubscribeOptions): Subscription;
  /** Position of the newest committed event, 0 when empty. */
  headPosition(): Promise<number>;
  health(): Promise<StoreHealth>;
  /**
   * Recomputes every stream's hash chain (see integrity.ts) and names the first broken link. EventStoreDB
   * has no place for the hashes and answers null: its log is append-only on the server.
   */
  verifyIntegrity(onProgress?: IntegrityProgress): Promise<IntegrityReport | null>;
  close(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream',
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, but it is at ${String(actual)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/** Checks an expected revision against the stream's current one (-1 means no stream). Shared by adapters. */
export function checkExpectedRevision(streamId: string, expected: ExpectedRevision, current: number): void {
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && current === -1) ||
    (expected === 'stream_exists' && current >= 0) ||
    (typeof expected === 'number' && expected === current);
  if (!ok) throw new WrongExpectedRevisionError(streamId, expected, current === -1 ? 'no_stream' : current);
}

export function matchesFilter(event: { streamId: string; type: string }, filter: AllFilter): boolean {
  if (filter.eventTypes && filter.eventTypes.length > 0 && !filter.eventTypes.includes(event.type)) return false;
  if (filter.streamPrefixes && filter.streamPrefixes.length > 0) {
    return filter.streamPrefixes.some((p) => event.streamId.startsWith(p));
  }
  return true;
}
