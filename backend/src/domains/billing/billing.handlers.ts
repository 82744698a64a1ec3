import { randomBytes } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import type { CommandContext } from '../../platform/command-context.js';
import { CommandInContext } from '../../platform/command-handler.js';
import { DomainError } from '../../platform/errors.js';
import { ReadModels } from '../../platform/read-store/read-models.js';
import { usersProjection } from '../../projections/users.js';
import { calculatePricing } from '../calculators/pricing.js';
import { EarlyAccessWaivers } from '../calculators/early-access-waivers.js';
import { PLANS, type Tier } from '../plans/plans.js';
import { ERROR_TITLES } from '../../messages.js';
import {
  billing,
  checkoutRefusal,
  planChangeRefusal,
  type BillingCommand,
  type BillingState,
} from './billing.decider.js';
import { billingStream } from './events.js';
import { PAYMENT_PROVIDER, type PaymentProvider, type ProviderEvent } from './payment-provider.js';
import { PaymentHandler } from './payment-handler.js';
import { SandboxPaymentProvider, checkTestCard, type TestCard } from './sandbox-provider.js';

export interface StartedSubscription {
  /** Null when nothing is to be paid (a waived Starter plan is active at once). */
  clientSecret: string | null;
  intent: 'payment' | 'setup' | null;
  tier: Tier;
  amountDue: number;
  setupFeeWaived: boolean;
  status: 'incomplete' | 'active';
  position: number;
}

export const EARLIER_CHECKOUT_PAID =
  'Your earlier checkout has been paid: your plan starts as soon as the payment provider confirms it.';

export class StartSubscriptionCommand extends Command<StartedSubscription> {
  constructor(
    readonly userId: string,
    readonly tier: Tier,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(StartSubscriptionCommand)
export class StartSubscriptionHandler implements ICommandHandler<StartSubscriptionCommand> {
  constructor(
    private readonly repository: AggregateRepository,
    private readonly waivers: EarlyAccessWaivers,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
    private readonly reads: ReadModels,
  ) {}

  async execute({ userId, tier, context }: StartSubscriptionCommand): Promise<StartedSubscription> {
    const stream = billingStream(userId);
    const { state } = await this.repository.load(billing, stream);
    // Refuse before the provider creates anything; decide checks again under the stream's lock.
    const refusal = checkoutRefusal(state, tier);
    if (refusal) throw refusal;
    // One waived first payment per registrant: spent once a waived checkout was activated.
    const waiver = !state.waiverUsed && (await this.waivers.hasWaiver(userId));
    const { setupFee, setupFeeWaived } = calculatePricing(0, tier, waiver);
    const amountDue = setupFee;
    // One payable checkout at a time: the one waiting (say, in another tab) is abandoned at the provider first, or
    // paying it would charge for a plan this stream no longer expects. If it was paid meanwhile, its event is coming.
    const replacing = state.pending?.reference ?? null;
    if (replacing && (await this.provider.abandonCheckout(replacing)) === 'paid')
      throw new DomainError(EARLIER_CHECKOUT_PAID, 409, undefined, ERROR_TITLES.subscriptionFailed);

    if (amountDue === 0 && PLANS[tier].billing === 'one-time') {
      const reference = `waived_${randomBytes(12).toString('hex')}`;
      const { position } = await this.repository.handle(
        billing,
        stream,
        {
          type: 'ActivateWaivedPlan',
          replacing,
          userId,
          tier,
          reference,
          at: Math.floor(Date.parse(context.now) / 1000),
        },
        context,
      );
      return { clientSecret: null, intent: null, tier, amountDue, setupFeeWaived, status: 'active', position };
    }

    const user = await this.reads.of(usersProjection).get(userId);
    if (!user) throw new DomainError('Authentication required', 401, undefined, 'Unauthorized');
    const checkout = await this.provider.startCheckout({
      userId,
      email: user.email,
      tier,
      customerId: state.customerId,
      amountDue,
    });
    const { position } = await this.repository
      .handle(
        billing,
        stream,
        {
          type: 'StartCheckout',
          replacing,
          userId,
          tier,
          provider: this.provider.kind,
          reference: checkout.reference,
          customerId: checkout.customerId,
          amountDue,
          setupFeeWaived,
        },
        context,
      )
      .catch(async (error: unknown) => {
        // Refused (another checkout started meanwhile): the one just made at the provider must not stay payable.
        await this.provider.abandonCheckout(checkout.reference).catch(() => null);
        throw error;
      });
    return {
      clientSecret: checkout.clientSecret,
      intent: checkout.intent,
      tier,
      amountDue,
      setupFeeWaived,
      status: 'incomplete',
      position,
    };
  }
}

export class ApplyProviderEventCommand extends Command<{ applied: number; position: number }> {
  constructor(
    readonly event: ProviderEvent,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * A provider's event, then — when it says the subscription changed or renewed (`customer.subscription.updated`, a
 * renewal's `invoice.paid`) — the tier the provider bills it at, read from the provider after the stream is loaded
 * and recorded if it differs (`plan_changed`; `handleAsking` reads it again should the stream move before the append).
 * That is how the log catches up with a plan change whose answer was never recorded (a crash after the provider moved
 * it) or one made at the provider. The provider's record is read rather than the webhook's payload, which may be a
 * late or repeated delivery of an older state (Stripe retries for days, in no set order).
 */
@CommandHandler(ApplyProviderEventCommand)
export class ApplyProviderEventHandler extends PaymentHandler implements ICommandHandler<ApplyProviderEventCommand> {
  async execute({ event, context }: ApplyProviderEventCommand) {
    const stream = billingStream(event.userId);
    const applied = await this.repository.handle(billing, stream, { type: 'ApplyProviderEvent', event }, context);
    if (!mayHaveMovedPlan(event)) return { applied: applied.events.length, position: applied.position };
    const synced = await this.repository.handleAsking(
      billing,
      stream,
      async (state): Promise<BillingCommand | null> => {
        const tier = await billedTier(this.provider, state, event.reference);
        return tier && { type: 'ApplyProviderEvent', event: { ...event, change: { kind: 'plan_changed', tier } } };
      },
      context,
    );
    const position = synced.events.length > 0 ? synced.position : applied.position;
    return { applied: applied.events.length + synced.events.length, position };
  }
}

/** The tier the provider bills `reference` at, asked only when that is the monthly plan on record (else null). */
async function billedTier(provider: PaymentProvider, state: BillingState, reference: string): Promise<Tier | null> {
  const monthly = state.tier !== null && PLANS[state.tier].billing === 'monthly';
  if (reference !== state.reference || !monthly) return null;
  return provider.subscriptionTier(reference);
}

export class CheckPlanCommand extends Command<{ recorded: number; position: number }> {
  constructor(
    readonly userId: string,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * One user's step of the plan check (`PlanCheck`): the tier the provider bills the plan on record at, recorded if it
 * differs (`PlanChanged` from the provider, no amount) — a move made at the provider, or one whose answer was never
 * recorded, when its webhook never came either. Read after the stream is loaded, and again should it move before the
 * append (`handleAsking`), as for a webhook.
 */
@CommandHandler(CheckPlanCommand)
export class CheckPlanHandler extends PaymentHandler implements ICommandHandler<CheckPlanCommand> {
  async execute({ userId, context }: CheckPlanCommand) {
    const checked = await this.repository.handleAsking(
      billing,
      billingStream(userId),
      async (state): Promise<BillingCommand | null> => {
        const { reference } = state;
        if (reference === null) return null;
        const tier = await billedTier(this.provider, state, reference);
        return tier && { type: 'RecordProviderTier', userId, reference, tier };
      },
      context,
    );
    return { recorded: checked.events.length, position: checked.position };
  }
}

/** The events a subscription's update or renewal becomes: after them, the provider is asked which tier it bills. */
const mayHaveMovedPlan = ({ change }: ProviderEvent) =>
  change.kind === 'renewed' || change.kind === 'past_due' || change.kind === 'cancel_at_period_end';

export class ChangePlanCommand extends Command<{
  tier: Tier;
  proration: number;
  currentPeriodEnd: number | null;
  position: number;
}> {
  constructor(
    readonly userId: string,
    readonly tier: Tier,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * Upgrade or downgrade between monthly plans: rules first (nothing reaches the provider for a refused change),
 * then the provider moves the subscription and settles the proration, then `PlanChanged` records it (even if a
 * cancellation or a past-due event was recorded meanwhile: the move is made, `movedPlanRefusal`). Should
 * recording fail after the provider moved (a crash), the provider's webhook for the subscription's update makes the
 * log catch up (`ApplyProviderEventHandler`: `PlanChanged` from the provider, the proration left to its invoice); if
 * that webhook came first, this answer finds the move recorded and records nothing more.
 */
@CommandHandler(ChangePlanCommand)
export class ChangePlanHandler extends PaymentHandler implements ICommandHandler<ChangePlanCommand> {
  async execute({ userId, tier, context }: ChangePlanCommand) {
    const stream = billingStream(userId);
    const { state } = await this.repository.load(billing, stream);
    const refusal = planChangeRefusal(state, tier);
    if (refusal) throw refusal;
    const change = await this.provider.changePlan({
      reference: state.reference!,
      from: state.tier!,
      to: tier,
      currentPeriodEnd: state.currentPeriodEnd,
      now: new Date(context.now),
    });
    const { position } = await this.repository.handle(
      billing,
      stream,
      { type: 'ChangePlan', userId, tier, reference: state.reference!, ...change },
      context,
    );
    return { tier, ...change, position };
  }
}

/** The subscriber's user id. */
export class CancelSubscriptionCommand extends CommandInContext<string> {}

@CommandHandler(CancelSubscriptionCommand)
export class CancelSubscriptionHandler extends PaymentHandler implements ICommandHandler<CancelSubscriptionCommand> {
  async execute({ request: userId, context }: CancelSubscriptionCommand) {
    const stream = billingStream(userId);
    const { state } = await this.repository.load(billing, stream);
    // Rules first (starter, nothing active), then the provider, then the record of it.
    billing.decide({ type: 'RequestCancellation', userId }, state);
    if (!state.cancelAtPeriodEnd && state.reference) await this.provider.scheduleCancellation(state.reference);
    const { position } = await this.repository.handle(
      billing,
      stream,
      { type: 'RequestCancellation', userId },
      context,
    );
    return { position };
  }
}

export class ConfirmSandboxPaymentCommand extends Command<{ position: number }> {
  constructor(
    readonly userId: string,
    readonly clientSecret: string,
    readonly card: TestCard,
    readonly context: CommandContext,
  ) {
    super();
  }
}

export const NO_PENDING_CHECKOUT = 'This payment is not waiting for confirmation. Please choose a plan again.';

/** The sandbox's card form: the provider's answer goes through the same path as a Stripe webhook. */
@CommandHandler(ConfirmSandboxPaymentCommand)
export class ConfirmSandboxPaymentHandler
  extends PaymentHandler
  implements ICommandHandler<ConfirmSandboxPaymentCommand>
{
  async execute({ userId, clientSecret, card, context }: ConfirmSandboxPaymentCommand) {
    if (!(this.provider instanceof SandboxPaymentProvider))
      throw new DomainError('Test payments are only available in sandbox mode', 404);
    const now = new Date(context.now);
    checkTestCard(card, now);
    const stream = billingStream(userId);
    const { state } = await this.repository.load(billing, stream);
    const pending = state.pending;
    if (!pending || !clientSecret.startsWith(`${pending.reference}_secret_`))
      throw new DomainError(NO_PENDING_CHECKOUT, 409, undefined, ERROR_TITLES.paymentFailed);
    const event = this.provider.confirm({ userId, ...pending }, card, now);
    const { position } = await this.repository.handle(billing, stream, { type: 'ApplyProviderEvent', event }, context);
    if (event.change.kind === 'payment_failed')
      throw new DomainError(event.change.reason, 402, undefined, ERROR_TITLES.paymentFailed);
    return { position };
  }
}
