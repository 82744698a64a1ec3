import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { systemContext, type CommandContext } from '../../platform/command-context.js';
import { eachChecked } from '../../platform/jobs/each-checked.js';
import { JobRunner } from '../../platform/jobs/job-runner.js';
import { ReadModels } from '../../platform/read-store/read-models.js';
import { distributionsProjection } from '../../projections/distributions.js';
import { SettleOneOffRefundCommand } from '../billing/payment-handler.js';

/** How often the refund check runs. A refund fails days after it was accepted, so a few hours late is soon enough. */
export const REFUND_CHECK_EVERY_MS = 6 * 60 * 60 * 1000;
/** Its first run after the lease is taken. */
const FIRST_CHECK_AFTER_MS = 5 * 60 * 1000;
/**
 * How long an accepted refund is followed. A card refund fails within days (the card's account closed, the bank
 * returned it); Stripe says a failure can come up to 30 days after the refund.
 */
export const REFUND_FOLLOWED_FOR_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Asks the payment provider about every refund it accepted in the last 30 days, and reopens one that has since failed
 * (`DistributionRefundFailed`: owed back again, for operations to refund anew) — five minutes after a replica takes
 * the job's lease, then every six hours. Stripe's `refund.failed` webhook does the same at once; this covers one that
 * never comes. One provider read per refund followed; a refund on record that has not failed records nothing.
 */
@Injectable()
export class RefundCheck {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: ReadModels,
    jobs: JobRunner,
  ) {
    jobs.declare({
      name: 'refund-check',
      description: 'Reopens a cancelled distribution’s refund that the payment provider failed after accepting it',
      everyMs: REFUND_CHECK_EVERY_MS,
      firstAfterMs: FIRST_CHECK_AFTER_MS,
      run: () => this.check(systemContext('refund-check', randomUUID())),
    });
  }

  /** Checks every refund followed; says how many it reopened. One the provider could not answer for fails the run. */
  async check(context: CommandContext): Promise<{ checked: number; reopened: number }> {
    // Cancelled distributions are few; which refunds are followed is decided here, the stream decides the rest.
    const since = new Date(Date.parse(context.now) - REFUND_FOLLOWED_FOR_MS).toISOString();
    const cancelled = await this.reads.of(distributionsProjection).find({ status: 'cancelled' });
    const followed = cancelled.filter(
      (d) => d.refund.status === 'refunded' && d.refund.reference && d.refundedAt && d.refundedAt >= since,
    );
    const tally = { checked: 0, reopened: 0 };
    await eachChecked(followed, 'accepted refunds', async (refunded) => {
      const { reopened } = await this.commands.execute(
        new SettleOneOffRefundCommand({ distributionId: refunded._id, reference: refunded.refund.reference! }, context),
      );
      tally.checked++;
      if (reopened) tally.reopened++;
    });
    return tally;
  }
}
