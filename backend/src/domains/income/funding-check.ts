import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { systemContext, type CommandContext } from '../../platform/command-context.js';
import { eachChecked } from '../../platform/jobs/each-checked.js';
import { JobRunner } from '../../platform/jobs/job-runner.js';
import { ReadModels } from '../../platform/read-store/read-models.js';
import { distributionsProjection } from '../../projections/distributions.js';
import { SettleOneOffPaymentCommand } from '../billing/payment-handler.js';

/** How often the funding check runs: a payment taken whose webhook is lost shows as funded within this long. */
export const FUNDING_CHECK_EVERY_MS = 15 * 60 * 1000;
/** Its first run after the lease is taken: a replica's restart does not put it off by a whole period. */
const FIRST_CHECK_AFTER_MS = 60 * 1000;

/**
 * Asks the payment provider about every approved distribution's card payment under way, and records one it has since
 * taken or cancelled — a minute after a replica takes the job's lease, then every fifteen minutes. A card payment
 * still processing when the owner funded (or awaiting the bank's authentication) is settled by its webhook
 * (`payment_intent.succeeded`, `.canceled`); this covers a webhook that never comes, and the sandbox, which sends none.
 * One stream read and one provider read per payment under way.
 */
@Injectable()
export class FundingCheck {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: ReadModels,
    jobs: JobRunner,
  ) {
    jobs.declare({
      name: 'funding-check',
      description: 'Records a distribution funding the payment provider has taken or cancelled since it was pending',
      everyMs: FUNDING_CHECK_EVERY_MS,
      firstAfterMs: FIRST_CHECK_AFTER_MS,
      run: () => this.check(systemContext('funding-check', randomUUID())),
    });
  }

  /**
   * Checks every payment under way; says how many fundings it recorded. One the provider could not answer for does
   * not stop the others: the run then fails, naming how many, and the job's status shows it.
   */
  async check(context: CommandContext): Promise<{ checked: number; funded: number; failed: number }> {
    // The read model knows which have a payment under way; the stream, read by the command, decides.
    const pending = await this.reads.of(distributionsProjection).find({ status: 'approved', fundingPending: true });
    const tally = { checked: 0, funded: 0, failed: 0 };
    await eachChecked(pending, 'pending fundings', async (waiting) => {
      const { recorded } = await this.commands.execute(
        new SettleOneOffPaymentCommand({ distributionId: waiting._id, reference: null }, context),
      );
      tally.checked++;
      if (recorded) tally[recorded]++;
    });
    return tally;
  }
}
