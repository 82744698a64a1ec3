import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { systemContext } from '../platform/command-context.js';
import type { EventStore, RecordedEvent, SubscribeOptions } from '../platform/event-store/event-store.js';
import { MemoryEventStore } from '../platform/event-store/memory-event-store.js';
import { LogCheckpoint } from '../platform/jobs/log-checkpoint.js';
import { MemoryReadStore } from '../platform/read-store/memory-read-store.js';
import type { ReadStore } from '../platform/read-store/read-store.js';

/**
 * For the process managers that follow the log from a kept checkpoint (`LogCheckpoint`): a memory log that records
 * where each subscription starts, a read store, and what a crash leaves — the events handled, their checkpoint not.
 */
export class FollowedLog {
  readonly store = new MemoryEventStore();
  readonly reads: ReadStore = new MemoryReadStore();
  readonly logger = pino({ enabled: false });
  /** The `fromPosition` of each subscription, in order. */
  readonly subscribedFrom: number[] = [];

  constructor() {
    const subscribe = this.store.subscribe.bind(this.store);
    this.store.subscribe = (options: SubscribeOptions) => {
      this.subscribedFrom.push(options.fromPosition ?? 0);
      return subscribe(options);
    };
  }

  get events(): EventStore {
    return this.store;
  }

  /** Appends one event as the app would have (its metadata stamped). */
  async put(stream: string, type: string, data: unknown): Promise<number> {
    const metadata = {
      ...systemContext('test', randomUUID()),
      eventId: randomUUID(),
      schemaVersion: 1,
      occurredAt: new Date().toISOString(),
    };
    return (await this.store.append(stream, [{ type, data, metadata } as never], 'any')).position;
  }

  async typesOf(stream: string): Promise<string[]> {
    return (await this.store.readStream(stream)).map((e: RecordedEvent) => e.type);
  }

  /** Resolves once `stream` holds an event `done` accepts (the follower handled what came before it in the log). */
  async until(stream: string, done: (types: string[]) => boolean): Promise<void> {
    for (let tries = 0; !done(await this.typesOf(stream)); tries++) {
      if (tries > 500) throw new Error(`${stream} never got there: ${(await this.typesOf(stream)).join(', ')}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /**
   * What a crash between handling and checkpointing leaves: the follower `name`'s checkpoint stored at `position`,
   * whatever it handled after.
   */
  async checkpointAt(name: string, position: number): Promise<void> {
    const checkpoint = new LogCheckpoint(this.reads, name, this.logger);
    checkpoint.handled(position);
    await checkpoint.flush();
  }

  /** An append wakes the stopped subscriptions' idle waits (their 1 s timers), so the test ends at once. */
  async close(): Promise<void> {
    await this.put('test-closed', 'TestClosed', {});
  }

  /** The position the follower `name` has stored. */
  async checkpointOf(name: string): Promise<number | null> {
    return new LogCheckpoint(this.reads, name, this.logger).load();
  }
}
