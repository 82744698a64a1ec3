import type { Logger } from 'pino';
import type { EventStore, RecordedEvent, Subscription } from '../event-store/event-store.js';
import type { ReadStore } from '../read-store/read-store.js';
import type { ContinuousJob } from './job-runner.js';
import { LogCheckpoint } from './log-checkpoint.js';

export interface LogFollowerOptions<E extends RecordedEvent> {
  /** The job's name, its lease's and its checkpoint's. */
  name: string;
  description: string;
  events: EventStore;
  /** Where the checkpoint is kept; without one, every start reads from `resumeFrom()`. */
  reads: ReadStore | null;
  logger: Logger;
  /** The events followed: those `E` names (the log does not check it). */
  eventTypes: readonly E['type'][];
  /** Where to read from when no checkpoint is kept (the first start, or one written by another version). */
  resumeFrom(): Promise<number>;
  /** Once it resolves, the event is handled; a throw fails the subscription, which resubscribes and redelivers it. */
  handle(event: E): Promise<void>;
}

/**
 * A process manager's following of the log (transfer settlements, stablecoin payments, forgotten documents), run as
 * a continuous job: from its kept checkpoint (`LogCheckpoint`) or else `resumeFrom()`, each event of its types handled
 * before the next, the checkpoint told the position handled and stored at stop. A crash before it is stored delivers
 * the events since again: handlers must decide nothing twice.
 */
export class LogFollower<E extends RecordedEvent = RecordedEvent> implements ContinuousJob {
  readonly name: string;
  readonly description: string;
  private subscription: Subscription | null = null;
  private starting: Promise<void> | null = null;
  private position = 0;
  private readonly kept: LogCheckpoint | null;

  constructor(private readonly options: LogFollowerOptions<E>) {
    this.name = options.name;
    this.description = options.description;
    this.kept = options.reads && new LogCheckpoint(options.reads, options.name, options.logger);
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
    await this.kept?.flush();
  }

  /** How far it has got: every followed event up to this position was handled. */
  checkpoint(): number {
    return this.position;
  }

  private async follow(): Promise<void> {
    const { events, name, logger, eventTypes } = this.options;
    const from = (await this.kept?.load()) ?? (await this.options.resumeFrom());
    const head = await events.headPosition();
    this.position = from;
    this.subscription = events.subscribe({
      fromPosition: from,
      eventTypes,
      // Caught up: every followed event up to the head read before subscribing was handled (a restart reads after it).
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
    this.position = position;
    this.kept?.handled(position);
  }
}
