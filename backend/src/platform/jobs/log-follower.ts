import type { Logger } from 'pino';
import type { EventStore, RecordedEvent, Subscription } from '../event-store/event-store.js';
import type { ReadStore } from '../read-store/read-store.js';
import { LogCheckpoint } from './log-checkpoint.js';

export interface LogFollowerOptions<E extends RecordedEvent> {
  /** The job's name, and its checkpoint's. */
  name: string;
  events: EventStore;
  /** Where the checkpoint is kept; without one, every start reads from `resumeFrom()`. */
  reads: ReadStore | null;
  logger: Logger;
  /** The events followed: those `E` names (the log does not check it). */
  eventTypes: readonly E['type'][];
  /** Where to read from when no checkpoint is kept (the first start, or one written by another version). */
  resumeFrom(): Promise<number>;
  /**
   * Handles one event; once it resolves the event counts as handled. A throw fails the subscription, which
   * resubscribes and delivers the event again: the checkpoint does not pass it. Handlers must be idempotent (a
   * crash before the checkpoint is stored delivers the events since again).
   */
  handle(event: E): Promise<void>;
}

/**
 * A process manager's following of the log (transfer settlements, stablecoin payments, forgotten documents): from
 * its kept checkpoint (`LogCheckpoint`) or else `resumeFrom()`, the events of its types handled one by one, the
 * position handled told to the checkpoint, which is stored at stop. Run as a continuous job (`start`, `stop`,
 * `position` for the job's checkpoint).
 */
export class LogFollower<E extends RecordedEvent = RecordedEvent> {
  private subscription: Subscription | null = null;
  private starting: Promise<void> | null = null;
  private readonly checkpoint: LogCheckpoint | null;
  private handledUpTo = 0;

  constructor(private readonly options: LogFollowerOptions<E>) {
    this.checkpoint = options.reads && new LogCheckpoint(options.reads, options.name, options.logger);
  }

  /** The last position handled (every followed event up to it): the job's checkpoint. */
  get position(): number {
    return this.handledUpTo;
  }

  /**
   * Not awaited by the job runner: reading the checkpoint waits behind the read store's writes (with the chain
   * outbox sending, a restart's boot waited minutes for it), and the boot does not wait for it.
   */
  start(): void {
    if (this.starting || this.subscription) return;
    this.starting = this.follow().finally(() => (this.starting = null));
  }

  async stop(): Promise<void> {
    await this.starting;
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.stop();
    await this.checkpoint?.flush();
  }

  private async follow(): Promise<void> {
    const { events, name, logger, eventTypes } = this.options;
    const from = (await this.checkpoint?.load()) ?? (await this.options.resumeFrom());
    const head = await events.headPosition();
    this.handledUpTo = from;
    this.subscription = events.subscribe({
      fromPosition: from,
      eventTypes,
      // Caught up: every followed event up to the head read before subscribing was handled (the next start reads after it).
      onCaughtUp: (position) => this.handled(Math.max(position, head)),
      onEvent: async (event) => {
        await this.options.handle(event as E);
        this.handled(event.position);
      },
      onError: (error) =>
        logger.warn({ err: error }, `${name.replaceAll('-', ' ')} subscription failed; resubscribing`),
    });
  }

  /** Every followed event up to `position` was handled: kept as the checkpoint soon after. */
  private handled(position: number): void {
    this.handledUpTo = position;
    this.checkpoint?.handled(position);
  }
}
