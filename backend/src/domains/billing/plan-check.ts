import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { systemContext, type CommandContext } from '../../platform/command-context.js';
import { eachChecked } from '../../platform/jobs/each-checked.js';
import { JobRunner } from '../../platform/jobs/job-runner.js';
import { ReadModels } from '../../platform/read-store/read-models.js';
import { subscriptionsProjection } from '../../projections/subscriptions.js';
import { PLANS } from '../plans/plans.js';
import { CheckPlanCommand } from './billing.handlers.js';

/** How often the plan check runs: a move whose webhook is lost shows in Kauri within this long, not at the renewal. */
export const PLAN_CHECK_EVERY_MS = 6 * 60 * 60 * 1000;
/** Its first run after the lease is taken: soon, so that replicas restarted more often than every 6 h still check. */
const FIRST_CHECK_AFTER_MS = 5 * 60 * 1000;

/**
 * Asks the payment provider which tier it bills every running monthly plan at, and records a difference — five minutes
 * after a replica takes the job's lease, then every six hours. A plan move is recorded from the user's request, or from the provider's
 * webhook when recording that failed; if that webhook never comes (lost for good, or a move made at the provider
 * with webhooks misconfigured), the log would hold the old tier, and the limits and the billing page with it, until
 * the next renewal's webhook. One provider read per running plan, one user at a time.
 */
@Injectable()
export class PlanCheck {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: ReadModels,
    jobs: JobRunner,
  ) {
    jobs.declare({
      name: 'plan-check',
      description: 'Records a monthly plan the payment provider bills at another tier than the log holds',
      everyMs: PLAN_CHECK_EVERY_MS,
      firstAfterMs: FIRST_CHECK_AFTER_MS,
      run: () => this.check(systemContext('plan-check', randomUUID())),
    });
  }

  /**
   * Checks every running monthly plan; says how many were checked and how many moves it recorded. A plan the provider
   * could not answer for does not stop the others: the run then fails, naming how many, and the job's status shows it.
   */
  async check(context: CommandContext): Promise<{ checked: number; recorded: number; position: number }> {
    const running = await this.reads.of(subscriptionsProjection).find({ status: { $in: ['active', 'past_due'] } });
    const monthly = running.filter((plan) => plan.tier !== null && PLANS[plan.tier].billing === 'monthly');
    let checked = 0;
    let recorded = 0;
    let position = 0;
    await eachChecked(monthly, 'running plans', async (plan) => {
      const result = await this.commands.execute(new CheckPlanCommand(plan._id, context));
      checked++;
      recorded += result.recorded;
      position = Math.max(position, result.position);
    });
    return { checked, recorded, position };
  }
}
