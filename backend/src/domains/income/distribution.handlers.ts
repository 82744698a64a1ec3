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
import { DISTRIBUTION_MESSAGES as M, ERROR_TITLES } from '../../messages.js';
import { assetStream } from '../assets/events.js';
import { PaymentHandler, SettleOneOffPaymentCommand, SettleOneOffRefundCommand } from '../billing/payment-handler.js';
import { PaymentAmountRefused, type PaymentMethodInput, type PaymentStatus } from '../billing/payment-provider.js';
import type { AssetStreamEvent } from '../register/events.js';
import { register } from '../register/register.decider.js';
import { TokenViews } from '../tokens/token-views.js';
import {
  distribution,
  fundingKey,
  refundKey,
  refundOwed,
  type DistributionCommand,
  type DistributionState,
} from './distribution.decider.js';
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
    private readonly tokens: TokenViews,
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
    // Today's holders are checked against the chain (record-check.ts) at the block where it shows every token
    // movement recorded so far — a few seconds after an investment: the owner's declaration waits up to 4 s for that
    // block (before the register is replayed) and records it, or is refused. Not the block mined at the declaration's
    // moment: it may lack what is still on its way, and the node's clock need not be this server's.
    const chain =
      state.ownerId === ownerId && form.recordDate === today ? await this.tokens.headOnceSettled(assetId, 4_000) : null;
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
      chainSettling: chain === 'moving',
      recordBlock: typeof chain === 'number' ? chain : null,
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

/** Approve, start the payment run, confirm a bank run: decided on the distribution's stream alone. */
export type DistributionRequest = Extract<
  DistributionCommand,
  { type: 'ApproveDistribution' | 'StartPayment' | 'ConfirmDirectCredit' }
>;

export class ExecuteDistributionCommand extends CommandInContext<DistributionRequest> {}

export const ExecuteDistributionHandler = decidingHandler(ExecuteDistributionCommand, distribution, (request) =>
  distributionStream(request.distributionId),
);

export class FundDistributionCommand extends Command<{ position: number }> {
  constructor(
    readonly distributionId: string,
    readonly ownerId: string,
    readonly payment: PaymentMethodInput,
    readonly context: CommandContext,
  ) {
    super();
  }
}

type PendingAttempt = NonNullable<DistributionState['pendingAttempt']>;

/** An attempt whose payment was found cancelled at the provider: failed, nothing charged. */
const FOUND_CANCELLED = { kind: 'failed', reason: M.fundingCancelled } as const;
/** An attempt settled by the distribution's cancellation before its payment was taken. */
const CANCELLED_WITH_DISTRIBUTION = {
  kind: 'failed',
  reason: 'Cancelled with the distribution: nothing was charged',
} as const;
type Cancel = Extract<DistributionCommand, { type: 'CancelDistribution' }>;

/**
 * What funding and cancelling share: a pending attempt's payment at the provider is the thing recorded
 * (`DistributionFundingIntentCreated`), and every later question about the attempt is asked of that payment.
 */
abstract class FundingHandler extends PaymentHandler {
  /**
   * The pending attempt's payment and its status now: the recorded one, asked about; or, none recorded (a first try,
   * or a crash between the provider's create and its record), created with the attempt's key — parameters from the
   * attempt alone, so within Stripe's 24 hours the same payment comes back — and recorded before a card is put to it.
   */
  protected async paymentOf(
    distributionId: string,
    ownerId: string,
    attempt: PendingAttempt,
    context: CommandContext,
  ): Promise<{ reference: string; status: PaymentStatus }> {
    if (attempt.reference !== null)
      return { reference: attempt.reference, status: await this.provider.paymentStatus(attempt.reference) };
    const { attemptId } = attempt;
    const created = await this.provider.createPayment({
      idempotencyKey: fundingKey(distributionId, attemptId),
      userId: ownerId,
      amountCents: attempt.amount,
      description: `Kauri distribution ${distributionId}`,
      distributionId,
      attemptId,
    });
    const recorded = await this.repository.handle(
      distribution,
      distributionStream(distributionId),
      { type: 'RecordFundingIntent', distributionId, attemptId, reference: created.reference },
      context,
    );
    const now = recorded.state.pendingAttempt;
    // Ended meanwhile (a concurrent cancellation recorded it failed): this payment is never confirmed.
    if (now?.attemptId !== attemptId || now.reference === null) throw new DomainError(M.notApproved, 409);
    // Created just now, or given back for the key before anyone could confirm it (a card is put to a payment only
    // once it is recorded): its status at creation is its status now.
    if (recorded.events.length > 0) return { reference: created.reference, status: created.status };
    // Recorded by a concurrent request, which may have confirmed it since.
    return { reference: now.reference, status: await this.provider.paymentStatus(now.reference) };
  }

  protected complete(
    distributionId: string,
    attemptId: string,
    reference: string | null,
    outcome: { kind: 'paid' } | { kind: 'failed'; reason: string },
    context: CommandContext,
  ) {
    return this.repository.handle(
      distribution,
      distributionStream(distributionId),
      { type: 'CompleteFunding', distributionId, attemptId, reference, outcome, now: context.now },
      context,
    );
  }
}

/**
 * Funding through the payment provider, as an outbox, exactly once whatever crashes, retries or cards: the attempt is
 * recorded (`StartFunding`; a pending one is reused), its payment created unconfirmed and recorded, then confirmed
 * with the owner's card, and the outcome recorded. A retry first asks the provider about the recorded payment:
 * paid is recorded paid (no new charge); processing or awaiting the bank's authentication stays pending (409, saying
 * so); never paid or declined is confirmed with the new card; cancelled is recorded failed and a new attempt made.
 * A failure is recorded only once the payment is cancelled at the provider, so it can never be paid later.
 */
@CommandHandler(FundDistributionCommand)
export class FundDistributionHandler extends FundingHandler implements ICommandHandler<FundDistributionCommand> {
  async execute({ distributionId, ownerId, payment, context }: FundDistributionCommand): Promise<{ position: number }> {
    // A card form's mistakes are refused before an attempt is recorded; no card at all only when there is no payment
    // under way to ask the provider about (funding again to see whether it went through needs none).
    const { state } = await this.repository.load(distribution, distributionStream(distributionId));
    this.provider.checkPaymentMethod(payment, !state.pendingAttempt?.reference);
    // Twice at most: an attempt whose payment was found cancelled is recorded failed and a new one made at once.
    for (let round = 0; ; round++) {
      const started = await this.repository.handle(
        distribution,
        distributionStream(distributionId),
        { type: 'StartFunding', distributionId, ownerId, attemptId: randomUUID() },
        context,
      );
      const attempt = started.state.pendingAttempt;
      if (!attempt) throw new DomainError('The funding could not be started', 409);
      const { attemptId } = attempt;
      const found = await this.paymentOf(distributionId, ownerId, attempt, context).catch(async (error: unknown) => {
        if (!(error instanceof PaymentAmountRefused)) throw error;
        // No payment exists to be paid later: the attempt is failed at once, so the distribution can be cancelled.
        const reason = (error.tooLarge ? M.fundingTooLarge : M.fundingTooSmall)(error.providerMessage);
        await this.complete(distributionId, attemptId, null, { kind: 'failed', reason }, context);
        throw new DomainError(reason, 422, undefined, ERROR_TITLES.paymentFailed);
      });
      const reference = found.reference;
      let status = found.status;
      if (status.kind === 'canceled' && round === 0) {
        await this.complete(distributionId, attemptId, reference, FOUND_CANCELLED, context);
        continue;
      }
      if (status.kind === 'unpaid') status = await this.provider.confirmPayment(reference, payment);
      if (status.kind === 'unpaid') {
        // Declined: cancelled at the provider before the failure is recorded, so nothing can pay it afterwards (a
        // concurrent confirmation that won is found paid instead).
        const reason = status.declined ?? M.paymentFailed;
        status = await this.provider.cancelPayment(reference);
        if (status.kind === 'canceled') {
          await this.complete(distributionId, attemptId, reference, { kind: 'failed', reason }, context);
          throw new DomainError(reason, 402, undefined, ERROR_TITLES.paymentFailed);
        }
      }
      switch (status.kind) {
        case 'paid': {
          const done = await this.complete(distributionId, attemptId, reference, { kind: 'paid' }, context);
          return { position: done.position };
        }
        case 'processing':
          throw new DomainError(M.fundingProcessing, 409, undefined, ERROR_TITLES.paymentProcessing);
        case 'action-required':
          // With Stripe, the owner's browser authenticates it with the secret, then funds again: found paid, recorded.
          throw new DomainError(
            M.fundingActionRequired,
            409,
            undefined,
            ERROR_TITLES.paymentProcessing,
            status.clientSecret,
          );
        case 'canceled':
          await this.complete(distributionId, attemptId, reference, FOUND_CANCELLED, context);
          throw new DomainError(M.fundingCancelled, 402, undefined, ERROR_TITLES.paymentFailed);
        case 'unpaid':
          throw new DomainError('The payment provider could neither take nor cancel the payment', 502);
        default: {
          const _exhaustive: never = status;
          throw new Error(`unknown payment status ${JSON.stringify(_exhaustive)}`);
        }
      }
    }
  }
}

/**
 * A pending funding attempt settled from the provider's record, without the owner: its payment's webhook said it moved
 * on, or the funding check (`FundingCheck`) asks. Found paid, it is recorded paid; found cancelled (Stripe cancels an
 * intent left awaiting the bank's authentication), recorded failed, and the owner's next Fund makes a new attempt.
 * Still processing, awaiting authentication or never confirmed, it stays pending for the owner's next Fund, which
 * asks the same question. Only the attempt's own recorded payment is asked about: a notice naming another payment (a
 * late delivery about an earlier attempt's) records nothing, and neither does a repeat (`CompleteFunding` is once).
 */
@CommandHandler(SettleOneOffPaymentCommand)
export class SettleFundingHandler extends FundingHandler implements ICommandHandler<SettleOneOffPaymentCommand> {
  async execute({ request, context }: SettleOneOffPaymentCommand) {
    const { distributionId } = request;
    const { state } = await this.repository.load(distribution, distributionStream(distributionId));
    const attempt = state.pendingAttempt;
    const nothing = { recorded: null, position: null };
    if (!attempt?.reference || (request.reference !== null && request.reference !== attempt.reference)) return nothing;
    const status = await this.provider.paymentStatus(attempt.reference);
    if (status.kind !== 'paid' && status.kind !== 'canceled') return nothing;
    const paid = status.kind === 'paid';
    const outcome = paid ? ({ kind: 'paid' } as const) : FOUND_CANCELLED;
    const done = await this.complete(distributionId, attempt.attemptId, attempt.reference, outcome, context);
    if (done.events.length === 0) return nothing; // settled meanwhile by the owner's Fund or another notice
    return { recorded: paid ? ('funded' as const) : ('failed' as const), position: done.position };
  }
}

export class CancelDistributionCommand extends CommandInContext<Cancel> {}

/**
 * A cancellation settles a pending funding attempt first, so nothing is charged that the log would not owe back: a
 * payment never recorded was never confirmed (recorded failed as it is); a recorded one is cancelled at the provider
 * first — cancelled, it is recorded failed; found paid, it is recorded paid and the cancellation owes it back;
 * still processing, the cancellation is refused (409, `fundingUnderWay`) and nothing is recorded.
 */
@CommandHandler(CancelDistributionCommand)
export class CancelDistributionHandler extends FundingHandler implements ICommandHandler<CancelDistributionCommand> {
  async execute({ request, context }: CancelDistributionCommand): Promise<{ position: number }> {
    const stream = distributionStream(request.distributionId);
    const { state } = await this.repository.load(distribution, stream);
    const attempt = state.pendingAttempt;
    // Every other rule first (who, which status, a reason), so a refused cancellation touches no payment.
    if (attempt) distribution.decide(request, { ...state, pendingAttempt: null });
    // An attempt charged at once (before payments were recorded) has no payment to ask about: the decider refuses.
    if (attempt?.reference === null && attempt.flow === 'intent-first') {
      await this.complete(request.distributionId, attempt.attemptId, null, CANCELLED_WITH_DISTRIBUTION, context);
    } else if (attempt?.reference) {
      const status = await this.provider.cancelPayment(attempt.reference);
      if (status.kind === 'canceled' || status.kind === 'paid')
        await this.complete(
          request.distributionId,
          attempt.attemptId,
          attempt.reference,
          status.kind === 'paid' ? { kind: 'paid' } : CANCELLED_WITH_DISTRIBUTION,
          context,
        );
    }
    const { position } = await this.repository.handle(distribution, stream, request, context);
    return { position };
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
      distributionId,
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

/**
 * A refund Stripe accepted that failed later (its `refund.failed` webhook): asked of the provider — never read from
 * the delivery — and, failed, recorded (`ReverseRefund` → `DistributionRefundFailed`), so the money is owed back
 * again and operations refund it with the next key (`POST /api/admin/distributions/:id/refund`). Only the refund on
 * record is asked about, once.
 */
@CommandHandler(SettleOneOffRefundCommand)
export class SettleRefundHandler extends PaymentHandler implements ICommandHandler<SettleOneOffRefundCommand> {
  async execute({ request, context }: SettleOneOffRefundCommand) {
    const { distributionId, reference } = request;
    const stream = distributionStream(distributionId);
    const { state } = await this.repository.load(distribution, stream);
    if (!state.refunded || state.refundReference !== reference) return { reopened: false, position: null };
    const status = await this.provider.refundStatus(reference);
    if (status.kind !== 'failed') return { reopened: false, position: null };
    const done = await this.repository.handle(
      distribution,
      stream,
      { type: 'ReverseRefund', distributionId, reference, reason: status.reason, now: context.now },
      context,
    );
    return { reopened: done.events.length > 0, position: done.position };
  }
}
