import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import { systemContext } from '../../platform/command-context.js';
import { DomainError } from '../../platform/errors.js';
import type { EventStore, RecordedEvent } from '../../platform/event-store/event-store.js';
import { JobRunner } from '../../platform/jobs/job-runner.js';
import { logPages } from '../../platform/event-store/log-pages.js';
import { LogFollower } from '../../platform/jobs/log-follower.js';
import { CHAIN, EVENT_STORE, LOGGER, READ_STORE } from '../../platform/injection-keys.js';
import type { ReadStore } from '../../platform/read-store/read-store.js';
import type { ChainPort } from '../../platform/chain/chain.js';
import type { ChainTransactionConfirmed } from '../tokens/events.js';
import { distribution } from './distribution.decider.js';
import { distributionStream } from './events.js';

const ACTOR = 'stablecoin-payments';

/**
 * A distribution line's stablecoin transfer, from its chain transaction's id: `c<chainId>-dist-<id>-line-<n>`, or an
 * admin's retry of it (`…-retry-<k>`). Null for any other transaction.
 */
export function paymentLineOf(txId: string): { distributionId: string; line: number } | null {
  const match = /^c\d+-dist-(.+)-line-(\d+)(?:-retry-\d+)?$/.exec(txId);
  return match ? { distributionId: match[1]!, line: Number(match[2]) } : null;
}

/**
 * The process manager of the stablecoin payment (issue 31): it follows the log's `ChainTransactionConfirmed` events
 * and, for each distribution line's transfer, asks the distribution's decider to record the line paid with its hash
 * (`ConfirmStablecoinPayment`; the last line also pays the distribution). Idempotent: a line recorded already
 * records nothing, so at each start it reads the confirmations after its kept checkpoint (`LogCheckpoint`: after a
 * crash, those handled since it was stored are read again and record nothing twice; a confirmation the outbox
 * recorded before the line was is recorded then). One replica runs it (the `stablecoin-payments` lease).
 */
@Injectable()
export class StablecoinPayments {
  readonly follower: LogFollower<RecordedEvent & ChainTransactionConfirmed>;

  constructor(
    @Inject(CHAIN) chain: ChainPort | null,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    private readonly repository: AggregateRepository,
    @Inject(LOGGER) private readonly logger: Logger,
    jobs: JobRunner,
    @Inject(READ_STORE) reads: ReadStore | null = null,
  ) {
    this.follower = new LogFollower({
      name: ACTOR,
      description: 'Records a distribution line paid when its stablecoin transfer is confirmed on chain',
      events,
      reads,
      logger,
      eventTypes: ['ChainTransactionConfirmed'],
      resumeFrom: () => this.resumeFrom(),
      handle: (event) => this.confirmed(event),
    });
    if (chain) jobs.declare(this.follower);
  }

  /**
   * Where to read the confirmations from when no checkpoint is kept yet (the first start, or one written by another
   * version): the payment run of the oldest distribution not yet paid (its lines' confirmations all come after it),
   * or the head when every run is paid. Derived from the log — two events per distribution.
   */
  async resumeFrom(): Promise<number> {
    const started = new Map<string, number>();
    for await (const page of logPages(this.events, { eventTypes: ['DistributionPaymentStarted', 'DistributionPaid'] }))
      for (const event of page) {
        const id = (event.data as { distributionId: string }).distributionId;
        if (event.type === 'DistributionPaid') started.delete(id);
        else if (!started.has(id)) started.set(id, event.position);
      }
    return started.size > 0 ? Math.min(...started.values()) : await this.events.headPosition();
  }

  private async confirmed(event: RecordedEvent & ChainTransactionConfirmed): Promise<void> {
    const line = paymentLineOf(event.data.txId);
    if (line) {
      const command = {
        type: 'ConfirmStablecoinPayment' as const,
        ...line,
        txId: event.data.txId,
        txHash: event.data.txHash,
        now: event.metadata.occurredAt,
      };
      try {
        // A conflict with another writer on the stream (a bank run confirmed meanwhile) is decided again by the
        // repository on what it wrote.
        await this.repository.handle(
          distribution,
          distributionStream(line.distributionId),
          command,
          systemContext(ACTOR, randomUUID()),
        );
      } catch (error) {
        // Refused (no such distribution, not one of its stablecoin lines): nothing to record, said once. Anything
        // else fails the subscription, which resubscribes and delivers this event again.
        if (!(error instanceof DomainError)) throw error;
        this.logger.warn({ err: error, txId: event.data.txId }, 'a stablecoin payment could not be recorded');
      }
    }
  }
}
