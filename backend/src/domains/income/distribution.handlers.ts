import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository, toDomainEvent } from '../../platform/aggregate-repository.js';
import type { CommandContext } from '../../platform/command-context.js';
import { CommandInContext, decidingHandler } from '../../platform/command-handler.js';
import { fold } from '../../platform/decider.js';
import { DomainError } from '../../platform/errors.js';
import type { EventStore } from '../../platform/event-store/event-store.js';
import { nzDate, nzEndOfDay } from '../../platform/nz-time.js';
import { ReadModels } from '../../platform/read-store/read-models.js';
import { EVENT_STORE } from '../../platform/injection-keys.js';
import { standingOf, taxStandings } from '../../projections/tax-profiles.js';
import { ERROR_TITLES } from '../../messages.js';
import { assetStream } from '../assets/events.js';
import { PaymentHandler } from '../billing/payment-handler.js';
import type { AssetStreamEvent } from '../register/events.js';
import { register } from '../register/register.decider.js';
import { distribution, refundKey, refundOwed, type DistributionCommand } from './distribution.decider.js';
import { registerAt, type RegisterAtRecord } from './entitlements.js';
import { distributionStream, type DistributionDeclared } from './events.js';
import type { TaxStanding } from './tax.js';

/** What the owner enters on the declaration form. */
export interface Declaration {
  kind: string;
  amount: string;
  imputationCredits: string | null;
  recordDate: string;
  paymentDate: string;
}

type Declare = Extract<DistributionCommand, { type: 'DeclareDistribution' }>;

/**
 * What a declaration is decided on, gathered from the log and the read models: the asset's owner now (its own
 * stream), the register replayed from the asset's stream up to the end of the record date in New Zealand time —
 * the cap table's as-of replay — and the platform holders' tax profiles.
 */
@Injectable()
export class DeclarationInputs {
  constructor(
    private readonly repository: AggregateRepository,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    private readonly reads: ReadModels,
  ) {}

  async command(
    distributionId: string,
    assetId: string,
    ownerId: string,
    form: Declaration,
    context: CommandContext,
  ): Promise<Declare> {
    const today = nzDate(context.now);
    const { state } = await this.repository.load(register, assetStream(assetId));
    const recordInstant = nzEndOfDay(form.recordDate);
    let atRecord: RegisterAtRecord | null = null;
    let standings = new Map<string, TaxStanding>();
    if (state.ownerId === ownerId && recordInstant !== null && form.recordDate <= today) {
      const until = (await this.events.readStream(assetStream(assetId))).filter(
        (e) => e.metadata.occurredAt <= recordInstant,
      );
      atRecord = registerAt(
        fold(
          register,
          until.map((e) => toDomainEvent<AssetStreamEvent>(e, register.upcasters)),
        ),
      );
      const investors = atRecord.holdings.flatMap((h) =>
        h.holderKind === 'platform' && h.investorId ? [h.investorId] : [],
      );
      const docs = await taxStandings(this.reads, investors);
      standings = new Map([...docs].map(([id, doc]) => [id, standingOf(doc)]));
    }
    return {
      type: 'DeclareDistribution',
      distributionId,
      assetId,
      ownerId,
      assetOwnerId: state.status === 'none' ? null : state.ownerId,
      ...form,
      recordInstant,
      register: atRecord,
      standings,
      today,
      now: context.now,
    };
  }

  /** Every line as a declaration would fix them, recording nothing. */
  async preview(
    assetId: string,
    ownerId: string,
    form: Declaration,
    context: CommandContext,
  ): Promise<DistributionDeclared['data']> {
    const command = await this.command(randomUUID(), assetId, ownerId, form, context);
    const [event] = distribution.decide(command, distribution.initialState);
    return (event as DistributionDeclared).data;
  }
}

export class DeclareDistributionCommand extends Command<{ id: string; position: number }> {
  constructor(
    readonly assetId: string,
    readonly ownerId: string,
    readonly form: Declaration,
    readonly context: CommandContext,
  ) {
    super();
  }
}

@CommandHandler(DeclareDistributionCommand)
export class DeclareDistributionHandler implements ICommandHandler<DeclareDistributionCommand> {
  constructor(
    private readonly repository: AggregateRepository,
    private readonly inputs: DeclarationInputs,
  ) {}

  async execute({
    assetId,
    ownerId,
    form,
    context,
  }: DeclareDistributionCommand): Promise<{ id: string; position: number }> {
    const id = randomUUID();
    const command = await this.inputs.command(id, assetId, ownerId, form, context);
    const { position } = await this.repository.handle(distribution, distributionStream(id), command, context);
    return { id, position };
  }
}

/** Approve, start the payment run, confirm a bank run, cancel: decided on the distribution's stream alone. */
export type DistributionRequest = Extract<
  DistributionCommand,
  { type: 'ApproveDistribution' | 'StartPayment' | 'ConfirmDirectCredit' | 'CancelDistribution' }
>;

export class ExecuteDistributionCommand extends CommandInContext<DistributionRequest> {}

export const ExecuteDistributionHandler = decidingHandler(ExecuteDistributionCommand, distribution, (request) =>
  distributionStream(request.distributionId),
);

export class FundDistributionCommand extends Command<{ position: number }> {
  constructor(
    readonly distributionId: string,
    readonly ownerId: string,
    readonly payment: { card: { number: string; expiry: string; cvc: string } | null; paymentMethodId: string | null },
    readonly context: CommandContext,
  ) {
    super();
  }
}

/**
 * Funding through the payment provider, as an outbox: the attempt is recorded first, the provider is asked with
 * the attempt as its idempotency key, and its answer recorded. A crash between the two leaves the attempt
 * pending; the owner's next try asks again with the same key, so the card is never charged twice.
 */
@CommandHandler(FundDistributionCommand)
export class FundDistributionHandler extends PaymentHandler implements ICommandHandler<FundDistributionCommand> {
  async execute({ distributionId, ownerId, payment, context }: FundDistributionCommand): Promise<{ position: number }> {
    const stream = distributionStream(distributionId);
    const started = await this.repository.handle(
      distribution,
      stream,
      { type: 'StartFunding', distributionId, ownerId, attemptId: randomUUID() },
      context,
    );
    const attempt = started.state.pendingAttempt;
    if (!attempt) throw new DomainError('The funding could not be started', 409);
    const outcome = await this.provider.chargeOnce({
      idempotencyKey: `distribution-${distributionId}-${attempt.attemptId}`,
      userId: ownerId,
      amountCents: attempt.amount,
      description: `Kauri distribution ${distributionId}`,
      card: payment.card,
      paymentMethodId: payment.paymentMethodId,
    });
    const done = await this.repository.handle(
      distribution,
      stream,
      { type: 'CompleteFunding', distributionId, attemptId: attempt.attemptId, outcome, now: context.now },
      context,
    );
    if (outcome.kind === 'failed') throw new DomainError(outcome.reason, 402, undefined, ERROR_TITLES.paymentFailed);
    return { position: done.position };
  }
}

/** The distribution's id. */
export class RefundDistributionCommand extends CommandInContext<
  string,
  {
    outcome: 'refunded' | 'failed' | 'nothing owed';
    /** Why the provider refused it. */
    reason: string | null;
    position: number | null;
  }
> {}

/**
 * A cancelled distribution's funding given back, through the payment provider, exactly once: the cancellation is
 * the recorded intent (`refundDue`), the provider is asked with `refundKey` (the same key until a refund is refused,
 * so a retry after a crash gets the first refund back, never a second), and its answer is recorded. Asked right after
 * the cancellation, and by operations (`POST /api/admin/distributions/:id/refund`) after a failure or a crash.
 */
@CommandHandler(RefundDistributionCommand)
export class RefundDistributionHandler extends PaymentHandler implements ICommandHandler<RefundDistributionCommand> {
  async execute({ request: distributionId, context }: RefundDistributionCommand) {
    const stream = distributionStream(distributionId);
    const { state } = await this.repository.load(distribution, stream);
    if (!refundOwed(state)) return { outcome: 'nothing owed' as const, reason: null, position: null };
    const attempt = state.refundFailures;
    const outcome = await this.provider.refundOnce({
      idempotencyKey: refundKey(distributionId, attempt),
      reference: state.fundingReference!,
      amountCents: state.refundDue,
    });
    const done = await this.repository.handle(
      distribution,
      stream,
      { type: 'CompleteRefund', distributionId, attempt, outcome, now: context.now },
      context,
    );
    return {
      outcome: outcome.kind,
      reason: outcome.kind === 'failed' ? outcome.reason : null,
      position: done.position,
    };
  }
}
