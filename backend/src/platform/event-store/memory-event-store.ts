import {
  checkExpectedRevision,
  matchesFilter,
  type AppendResult,
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
import { AppendSignal, signalledSubscription } from './catch-up-subscription.js';
import { sliceStream } from './stream-slice.js';
import {
  chainHash,
  type BrokenLink,
  type ChainedFields,
  type IntegrityProgress,
  type IntegrityReport,
} from './integrity.js';

const fieldsOf = (e: RecordedEvent): ChainedFields => ({
  streamId: e.streamId,
  revision: e.revision,
  eventId: e.metadata.eventId,
  type: e.type,
  data: JSON.stringify(e.data ?? null),
  metadata: JSON.stringify(e.metadata),
});

/** In-memory event store for unit tests. Events are deep-copied in and out, as a real store would. */
export class MemoryEventStore implements EventStore {
  readonly kind = 'memory';
  private readonly log: RecordedEvent[] = [];
  /** Each event's chained hash, by position (integrity.ts). */
  private readonly hashes: string[] = [];
  private readonly streams = new Map<string, RecordedEvent[]>();
  private readonly signal = new AppendSignal();

  async append(streamId: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    const stream = this.streams.get(streamId) ?? [];
    const known = new Map(stream.map((e) => [e.metadata.eventId, e]));
    const fresh = events.filter((e) => !known.has(e.metadata.eventId));
    if (fresh.length === 0 && events.length > 0) {
      const last = known.get(events[events.length - 1]!.metadata.eventId)!;
      return { nextRevision: last.revision, position: last.position };
    }
    checkExpectedRevision(streamId, expected, stream.length - 1);
    for (const event of fresh) {
      const recorded: RecordedEvent = structuredClone({
        streamId,
        revision: stream.length,
        position: this.log.length + 1,
        type: event.type,
        data: event.data,
        metadata: event.metadata,
      });
      const previous = recorded.revision === 0 ? '' : this.hashes[stream[stream.length - 1]!.position - 1]!;
      this.hashes.push(chainHash(previous, fieldsOf(recorded)));
      stream.push(recorded);
      this.log.push(recorded);
    }
    this.streams.set(streamId, stream);
    this.signal.notify();
    return { nextRevision: stream.length - 1, position: this.log.length };
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    return structuredClone(sliceStream(this.streams.get(streamId) ?? [], options));
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const from = options.fromPosition ?? 0;
    const max = options.maxCount ?? Number.POSITIVE_INFINITY;
    const page: RecordedEvent[] = [];
    for (let i = from; i < this.log.length && page.length < max; i++) {
      const event = this.log[i]!;
      if (matchesFilter(event, options)) page.push(event);
    }
    return structuredClone(page);
  }

  subscribe(options: SubscribeOptions): Subscription {
    return signalledSubscription((o) => this.readAll(o), this.signal, options);
  }

  async headPosition(): Promise<number> {
    return this.log.length;
  }

  async health(): Promise<StoreHealth> {
    return { ok: true, kind: this.kind, detail: `${this.log.length} events` };
  }

  async verifyIntegrity(onProgress?: IntegrityProgress): Promise<IntegrityReport> {
    let checked = 0;
    let firstBroken: BrokenLink | null = null;
    for (const [streamId, events] of [...this.streams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      let previous = '';
      for (const e of events) {
        const hash = chainHash(previous, fieldsOf(e));
        if (!firstBroken && hash !== this.hashes[e.position - 1])
          firstBroken = {
            streamId,
            revision: e.revision,
            position: e.position,
            eventId: e.metadata.eventId,
            type: e.type,
            reason: 'hash mismatch',
          };
        previous = this.hashes[e.position - 1]!;
        checked++;
        onProgress?.(checked, this.log.length);
      }
    }
    return { checkedEvents: checked, checkedStreams: this.streams.size, firstBroken };
  }

  async close(): Promise<void> {
    this.signal.notify();
  }
}
