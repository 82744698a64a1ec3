import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  eventTypeFilter,
  excludeSystemEvents,
  jsonEvent,
  streamNameFilter,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type Filter,
  type JSONType,
  type ReadPosition,
  type ResolvedEvent,
} from '@eventstore/db-client';
import {
  checkExpectedRevision,
  matchesFilter,
  WrongExpectedRevisionError,
  type AllFilter,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type StoreHealth,
  type SubscribeOptions,
  type Subscription,
} from './event-store.js';

const PAGE = 500;
const MAX_BACKOFF_MS = 5000;

/*
 * Positions are $all commit positions (byte offsets in the server's transaction log) as numbers: exact up
 * to 2^53 bytes (8 PiB). They are > 0 for any user event, since the log opens with the server's own records,
 * and distinct per event, since gRPC appends write each event as its own committed record (commit = prepare),
 * which also makes `{ commit: p, prepare: p }` the exact record position to resume from.
 */

function esdbRevision(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  if (expected === 'any') return ANY;
  return BigInt(expected);
}

function logPosition(position: number): ReadPosition {
  return position > 0 ? { commit: BigInt(position), prepare: BigInt(position) } : START;
}

function jsonData(data: unknown): JSONType {
  // The client writes `JSON.stringify(data)` whatever its shape; its type only names the usual ones.
  if (data === undefined) throw new TypeError('EventStoreDB event data must be a JSON value');
  return data as JSONType;
}

/** Our event, or undefined for a system event (`$` type) or a link: neither belongs to the domain log. */
function toRecorded(resolved: ResolvedEvent | AllStreamResolvedEvent): RecordedEvent | undefined {
  const event = resolved.event;
  if (!event || event.type.startsWith('$')) return undefined;
  // Servers before 22.6 send no position with stream reads (the client then reports 0).
  if (!event.position || event.position.commit <= 0n)
    throw new Error('EventStoreDB 22.6 or later is required: events carry no position');
  const json = (bytes: Uint8Array): unknown => JSON.parse(Buffer.from(bytes).toString('utf8'));
  return {
    streamId: event.streamId,
    revision: Number(event.revision),
    position: Number(event.position.commit),
    type: event.type,
    data: event.isJson ? event.data : json(event.data),
    metadata: (event.metadata instanceof Uint8Array ? json(event.metadata) : event.metadata) as EventMetadata,
  };
}

/** The narrowest filter the server can apply (one kind only); the rest is applied here with `matchesFilter`. */
function serverFilter(filter: AllFilter): Filter {
  if (filter.eventTypes?.length) {
    const escaped = filter.eventTypes.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
    return eventTypeFilter({ regex: `^(?:${escaped.join('|')})$` });
  }
  if (filter.streamPrefixes?.length) return streamNameFilter({ prefixes: [...filter.streamPrefixes] });
  return excludeSystemEvents();
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The event store on EventStoreDB / KurrentDB (`EVENTSTORE_URL`, e.g. `esdb://localhost:2113?tls=false`).
 * Idempotency and optimistic concurrency are the server's own: event ids are our metadata.eventId.
 */
export class EventStoreDbEventStore implements EventStore {
  readonly kind = 'eventstoredb';

  private constructor(private readonly client: EventStoreDBClient) {}

  static async open(connectionString: string): Promise<EventStoreDbEventStore> {
    const store = new EventStoreDbEventStore(EventStoreDBClient.connectionString(connectionString));
    await store.headPosition(); // fail at boot, not at the first command, when the server is unreachable
    return store;
  }

  async append(streamId: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) {
      const [last] = await this.readStream(streamId, { direction: 'backwards', maxCount: 1 });
      checkExpectedRevision(streamId, expected, last?.revision ?? -1);
      return { nextRevision: last?.revision ?? -1, position: await this.headPosition() };
    }
    try {
      const result = await this.client.appendToStream(
        streamId,
        events.map((e) =>
          jsonEvent({ id: e.metadata.eventId, type: e.type, data: jsonData(e.data), metadata: e.metadata }),
        ),
        { expectedRevision: esdbRevision(expected) },
      );
      const nextRevision = Number(result.nextExpectedRevision);
      // An idempotent repeat may come back without a position: take it from the stored event.
      if (result.position && result.position.commit > 0n)
        return { nextRevision, position: Number(result.position.commit) };
      const [stored] = await this.readStream(streamId, { fromRevision: nextRevision, maxCount: 1 });
      return { nextRevision, position: stored!.position };
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) {
        const actual = error.actualVersion === NO_STREAM ? 'no_stream' : Number(error.actualVersion);
        throw new WrongExpectedRevisionError(streamId, expected, actual);
      }
      throw error;
    }
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const events: RecordedEvent[] = [];
    try {
      const read = this.client.readStream(streamId, {
        direction: backwards ? BACKWARDS : FORWARDS,
        fromRevision: options.fromRevision === undefined ? (backwards ? END : START) : BigInt(options.fromRevision),
        maxCount: options.maxCount ?? Number.MAX_SAFE_INTEGER,
      });
      for await (const resolved of read) {
        const event = toRecorded(resolved);
        if (event) events.push(event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  /**
   * Pages through $all and filters here: `readAll` of @eventstore/db-client 6.x sends no server-side filter
   * (that arrived with @kurrent/kurrentdb-client); subscriptions do filter on the server.
   */
  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const max = options.maxCount ?? Number.POSITIVE_INFINITY;
    const page: RecordedEvent[] = [];
    let after = options.fromPosition ?? 0;
    for (;;) {
      // The read starts at `after` inclusive, so a batch re-reads one record: ask for one more.
      const batch = Math.min(PAGE, max - page.length + 1);
      let records = 0;
      for await (const resolved of this.client.readAll({ fromPosition: logPosition(after), maxCount: batch })) {
        records++;
        const position = resolved.event?.position.commit;
        if (position === undefined || Number(position) <= after) continue;
        after = Number(position);
        const event = toRecorded(resolved);
        if (event && matchesFilter(event, options)) page.push(event);
        if (page.length >= max) return page;
      }
      if (records < batch) return page;
    }
  }

  /** A live server subscription to $all from the checkpoint; on failure, resubscribes from the last delivered event. */
  subscribe(options: SubscribeOptions): Subscription {
    let stopped = false;
    let position = options.fromPosition ?? 0;
    let caughtUp = false;
    let current: AllStreamSubscription | undefined;
    let backoff = 100;
    let wakeUp = () => {};

    const follow = async (subscription: AllStreamSubscription) => {
      // 'caughtUp' is emitted when the server says so, possibly while earlier events still wait in the
      // stream's buffer: report it only once those are handled. (Needs EventStoreDB 23.10 or later.)
      let serverCaughtUp = false;
      let handling = false;
      const reportCaughtUp = () => {
        if (caughtUp || !serverCaughtUp || handling || subscription.readableLength > 0) return;
        caughtUp = true;
        options.onCaughtUp?.(position);
      };
      subscription.on('caughtUp', () => {
        serverCaughtUp = true;
        reportCaughtUp();
      });
      for await (const resolved of subscription as AsyncIterable<AllStreamResolvedEvent>) {
        if (stopped) return;
        const event = toRecorded(resolved);
        if (event && event.position > position && matchesFilter(event, options)) {
          handling = true;
          await options.onEvent(event);
          handling = false;
          position = event.position;
          backoff = 100;
        }
        reportCaughtUp();
      }
    };

    const done = (async () => {
      while (!stopped) {
        current = this.client.subscribeToAll({ fromPosition: logPosition(position), filter: serverFilter(options) });
        try {
          await follow(current);
        } catch (error) {
          if (stopped) return;
          options.onError?.(error);
        }
        // Failed, or ended by the server: resubscribe after a pause that grows until an event gets through.
        if (stopped) return;
        await Promise.race([sleep(backoff), new Promise<void>((resolve) => (wakeUp = resolve))]);
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
      }
    })();

    return {
      async stop() {
        stopped = true;
        wakeUp();
        await current?.unsubscribe();
        current?.destroy();
        await done;
      },
    };
  }

  /** Position of the newest event that is not a system event. */
  async headPosition(): Promise<number> {
    let from: ReadPosition = END;
    for (;;) {
      let records = 0;
      let last: AllStreamResolvedEvent | undefined;
      for await (const resolved of this.client.readAll({ direction: BACKWARDS, fromPosition: from, maxCount: PAGE })) {
        records++;
        last = resolved;
        const event = toRecorded(resolved);
        if (event) return event.position;
      }
      if (records < PAGE || !last?.event) return 0;
      from = last.event.position;
    }
  }

  async health(): Promise<StoreHealth> {
    try {
      return { ok: true, kind: this.kind, detail: `head position ${await this.headPosition()}` };
    } catch (error) {
      return { ok: false, kind: this.kind, detail: error instanceof Error ? error.message : String(error) };
    }
  }

  /** EventStoreDB keeps no per-event hash here; its log is append-only on the server. */
  async verifyIntegrity(): Promise<null> {
    return null;
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }
}
