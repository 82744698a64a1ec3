import type {
  AppendResult,
  EventStore,
  EventToAppend,
  ExpectedRevision,
  StoreHealth,
} from '../platform/event-store/event-store.js';

/**
 * An event store the bench's seeding only writes through: it takes appends and says where its head is, and refuses
 * every read (nothing in a seed reads back what it wrote).
 */
export abstract class WriteOnlyEventStore implements EventStore {
  abstract readonly kind: string;
  abstract append(
    streamId: string,
    events: readonly EventToAppend[],
    expected: ExpectedRevision,
  ): Promise<AppendResult>;
  abstract headPosition(): Promise<number>;

  readStream(): never {
    throw new Error(`${this.kind}: write only`);
  }
  readAll(): never {
    throw new Error(`${this.kind}: write only`);
  }
  subscribe(): never {
    throw new Error(`${this.kind}: write only`);
  }
  async health(): Promise<StoreHealth> {
    return { ok: true, kind: this.kind };
  }
  async verifyIntegrity() {
    return null;
  }
  async close(): Promise<void> {}
}
