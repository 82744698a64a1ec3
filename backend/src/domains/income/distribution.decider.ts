import type { Decider } from '../../platform/decider.js';
import { isCalendarDate } from '../../platform/calendar-date.js';
import { DomainError, requireValidFields } from '../../platform/errors.js';
import { requireAnotherDecider } from '../../platform/four-eyes.js';
import { DISTRIBUTION_MESSAGES as M } from '../../messages.js';
import { fromCents, MAX_PAYMENT_CENTS, toCents } from '../offerings/money.js';
import { distributionLines, type RegisterAtRecord } from './entitlements.js';
import {
  distributionEventSchemas,
  type DistributionEvent,
  type DistributionLine,
  type FundingFlow,
  type PaymentMethod,
} from './events.js';
import { INCOME_KINDS, maximumCredits, type IncomeKind, type TaxStanding } from './tax.js';
import { ratesOn } from './tax-rates.js';
import { upcasters } from '../upcasters.js';
import type { RecordCheck } from './record-check.js';

export type DistributionStatus = 'proposed' | 'approved' | 'funded' | 'paying' | 'paid' | 'cancelled';

export interface DistributionState {
  status: 'none' | DistributionStatus;
  assetId: string | null;
  ownerId: string | null;
  paymentDate: string | null;
  fundingDue: number;
  funded: number;
  lines: readonly DistributionLine[];
  /**
   * A card payment asked of the provider whose outcome is not recorded yet, with its payment at the provider once
   * that is recorded (`reference`: Stripe's PaymentIntent; null until then).
   */
  pendingAttempt: { attemptId: string; amount: number; flow: FundingFlow; reference: string | null } | null;
  methods: readonly PaymentMethod[];
  paid: readonly boolean[];
  /** The card payment's reference at the provider (what a refund names). */
  fundingReference: string | null;
  /** Owed back after a cancellation, and whether it was: refunds refused so far (the next key's number). */
  refundDue: number;
  refunded: boolean;
  /** The refund on record (the provider's), while it stands. */
  refundReference: string | null;
  refundFailures: number;
}

export type DistributionCommand =
  | {
      type: 'DeclareDistribution';
      distributionId: string;
      assetId: string;
      /** Who asks. */
      ownerId: string;
      /** The asset's owner now; null when there is no such asset. */
      assetOwnerId: string | null;
      kind: string;
      amount: string;
      imputationCredits: string | null;
      recordDate: string;
      paymentDate: string;
      /** The end of the record date in New Zealand (null for a date that is not one). */
      recordInstant: string | null;
      /** The register replayed to the record instant (null when the record date is not a past or present date). */
      register: RegisterAtRecord | null;
      /** Platform holders' tax profiles, by user id (missing: no profile). */
      standings: ReadonlyMap<string, TaxStanding>;
      /** Today in New Zealand. */
      today: string;
      /**
       * A record date of today, and the asset's token movements recorded so far not all on the chain yet: the payment
       * run could never find the chain agreeing at the declaration's moment, so the declaration waits for it.
       */
      chainSettling: boolean;
      /** The chain's head once it showed them all (a record date of today on a chain); null otherwise. */
      recordBlock: number | null;
      now: string;
    }
  | { type: 'ApproveDistribution'; distributionId: string; adminId: string; now: string }
  | { type: 'StartFunding'; distributionId: string; ownerId: string; attemptId: string }
  | {
      /** The provider created the attempt's payment (not confirmed yet): recorded before any card is put to it. */
      type: 'RecordFundingIntent';
      distributionId: string;
      attemptId: string;
      reference: string;
    }
  | {
      /**
       * What became of the attempt's recorded payment: `paid`, or `failed` — only once the provider says it can never
       * be paid (cancelled), so no later answer about it can be a charge with nothing to record it against.
       */
      type: 'CompleteFunding';
      distributionId: string;
      attemptId: string;
      /** The attempt's recorded payment; null for an attempt whose payment was never recorded (so never confirmed). */
      reference: string | null;
      outcome: { kind: 'paid' } | { kind: 'failed'; reason: string };
      now: string;
    }
  | {
      type: 'StartPayment';
      distributionId: string;
      adminId: string;
      /** Platform holders' wallets, by user id (none without a stablecoin to pay in). */
      wallets: ReadonlyMap<string, string>;
      /** The stablecoin: the configured coin's address, or null for Kauri's test coin on the embedded chain. */
      coin: string | null;
      /** The lines' holders against the chain at the record moment; null without a chain. */
      recordCheck: RecordCheck | null;
      today: string;
      now: string;
    }
  | {
      /** The chain confirmed a stablecoin line's transfer (the process manager, from the chain outbox's events). */
      type: 'ConfirmStablecoinPayment';
      distributionId: string;
      line: number;
      txId: string;
      txHash: string;
      now: string;
    }
  | { type: 'ConfirmDirectCredit'; distributionId: string; adminId: string; bankReference: string; now: string }
  | { type: 'CancelDistribution'; distributionId: string; userId: string; isAdmin: boolean; reason: string }
  | {
      /** The provider says the refund on record (`reference`) failed after it was accepted. */
      type: 'ReverseRefund';
      distributionId: string;
      reference: string;
      reason: string;
      now: string;
    }
  | {
      /** The provider's answer to the refund asked with `refundKey(distributionId, attempt)`. */
      type: 'CompleteRefund';
      distributionId: string;
      attempt: number;
      outcome: { kind: 'refunded'; reference: string } | { kind: 'failed'; reason: string };
      now: string;
    };

/** The provider's idempotency key of a funding attempt's payment (created once per attempt, never with the card). */
export const fundingKey = (distributionId: string, attemptId: string) => `distribution-${distributionId}-${attemptId}`;

/** The provider's idempotency key of a cancelled distribution's refund: one per refused attempt, else the same. */
export const refundKey = (distributionId: string, attempt: number) =>
  `distribution-${distributionId}-refund-${attempt}`;

/** A refund is owed and not yet made (asked for right after the cancellation, and by operations after a failure). */
export const refundOwed = (state: DistributionState) =>
  state.status === 'cancelled' && state.refundDue > 0 && !state.refunded && state.fundingReference !== null;

const isKind = (v: string): v is IncomeKind => (INCOME_KINDS as readonly string[]).includes(v);

/** Amounts come as NZD text; whole cents only ('10.005' is refused, not rounded). */
const cents = (text: string) => (/^\s*\d{1,13}(\.\d{1,2})?\s*$/.test(text) ? toCents(text.trim()) : null);

const refuse = (field: string, message: string, status: 400 | 409 | 422 = 422) =>
  new DomainError(message, status, [{ field, message }]);

function requireExisting(
  state: DistributionState,
): asserts state is DistributionState & { assetId: string; ownerId: string } {
  if (state.status === 'none') throw new DomainError(M.notFound, 404);
}

const allPaid = (methods: readonly PaymentMethod[], paid: readonly boolean[]) =>
  methods.every((m, i) => m === 'retained' || paid[i]);

function declare(command: Extract<DistributionCommand, { type: 'DeclareDistribution' }>): DistributionEvent[] {
  if (command.assetOwnerId === null || command.assetOwnerId !== command.ownerId)
    throw new DomainError(M.assetNotFound, 404);
  const amount = cents(command.amount);
  const creditsText = command.imputationCredits?.trim() || null;
  const credits = creditsText === null ? 0 : cents(creditsText);
  requireValidFields([
    !isKind(command.kind) && { field: 'kind', message: M.kind },
    (amount === null || amount < 1) && { field: 'amount', message: M.amount },
    amount !== null && amount > MAX_PAYMENT_CENTS && { field: 'amount', message: M.amountTooLarge },
    !isCalendarDate(command.recordDate) && { field: 'recordDate', message: M.recordDate },
    !isCalendarDate(command.paymentDate) && { field: 'paymentDate', message: M.paymentDate },
    credits === null && { field: 'imputationCredits', message: M.imputationCredits },
  ]);
  const kind = command.kind as IncomeKind;
  if (command.recordDate > command.today) throw refuse('recordDate', M.recordDateFuture);
  if (command.paymentDate < command.recordDate) throw refuse('paymentDate', M.paymentBeforeRecord);
  const rates = ratesOn(command.paymentDate);
  if (!rates) throw refuse('paymentDate', M.noRates);
  if (credits! > 0 && kind !== 'dividend') throw refuse('imputationCredits', M.imputationNotDividend, 400);
  const most = maximumCredits(amount!, rates);
  if (credits! > most) throw refuse('imputationCredits', M.imputationTooHigh(fromCents(most)), 400);
  const register = command.register;
  if (!register?.active || command.recordInstant === null) throw refuse('recordDate', M.beforeToken);
  if (!register.holdings.some((h) => h.holderKind !== 'owner')) throw new DomainError(M.noHolders, 409);
  if (command.chainSettling) throw new DomainError(M.chainSettling, 409);
  const lines = distributionLines(kind, amount!, credits!, register, command.standings, rates);
  const fundingDue = lines.reduce((sum, l) => sum + (l.holderKind === 'owner' ? 0 : l.gross), 0);
  // Every other holder's share rounded to nothing: a distribution nothing could ever fund or pay (it waited for a
  // card payment of NZD 0.00 until cancelled).
  if (fundingDue === 0) throw refuse('amount', M.sharesRoundToNothing);
  return [
    {
      type: 'DistributionDeclared',
      data: {
        distributionId: command.distributionId,
        assetId: command.assetId,
        ownerId: command.ownerId,
        kind,
        amount: amount!,
        imputationCredits: credits!,
        recordDate: command.recordDate,
        recordInstant: command.recordInstant,
        paymentDate: command.paymentDate,
        ratesFrom: rates.effectiveFrom,
        supply: register.supply,
        fundingDue,
        declaredAt: command.now,
        ...(command.recordBlock !== null && { recordBlock: command.recordBlock }),
        lines,
      },
    },
  ];
}

/**
 * A distribution from declaration to payment: `proposed → approved → funded → paying → paid`, or `cancelled`
 * before paying. Pure: the register at the record date, the holders' tax standing and wallets, today's date and
 * the provider's answer all come on the command.
 */
export const distribution: Decider<DistributionCommand, DistributionEvent, DistributionState> = {
  upcasters,
  name: 'distribution',
  eventSchemas: distributionEventSchemas,
  initialState: {
    status: 'none',
    assetId: null,
    ownerId: null,
    paymentDate: null,
    fundingDue: 0,
    funded: 0,
    lines: [],
    pendingAttempt: null,
    methods: [],
    paid: [],
    fundingReference: null,
    refundDue: 0,
    refunded: false,
    refundReference: null,
    refundFailures: 0,
  },

  evolve(state, event) {
    switch (event.type) {
      case 'DistributionDeclared': {
        const { assetId, ownerId, paymentDate, fundingDue, lines } = event.data;
        return {
          ...state,
          status: 'proposed',
          assetId,
          ownerId,
          paymentDate,
          fundingDue,
          lines,
          paid: lines.map(() => false),
        };
      }
      case 'DistributionApproved':
        return { ...state, status: 'approved' };
      case 'DistributionFundingStarted':
        return {
          ...state,
          pendingAttempt: {
            attemptId: event.data.attemptId,
            amount: event.data.amount,
            flow: event.data.flow,
            reference: null,
          },
        };
      case 'DistributionFundingIntentCreated':
        return state.pendingAttempt?.attemptId === event.data.attemptId
          ? { ...state, pendingAttempt: { ...state.pendingAttempt, reference: event.data.reference } }
          : state;
      case 'DistributionFunded':
        return {
          ...state,
          status: 'funded',
          funded: event.data.amount,
          fundingReference: event.data.reference,
          pendingAttempt: null,
        };
      case 'DistributionFundingFailed':
        return { ...state, pendingAttempt: null };
      case 'DistributionEntitlementsChecked':
        return state;
      case 'DistributionPaymentStarted': {
        const methods = state.lines.map(() => 'retained' as PaymentMethod);
        for (const m of event.data.methods) methods[m.line] = m.method;
        // A wallet line of no net (all of it withheld) has nothing to transfer: paid as the run starts.
        const paid = state.paid.map((p, i) => p || (methods[i] === 'stablecoin' && state.lines[i]!.net === 0));
        return { ...state, status: 'paying', methods, paid };
      }
      case 'StablecoinPaymentConfirmed': {
        const paid = [...state.paid];
        paid[event.data.line] = true;
        return { ...state, paid };
      }
      case 'DirectCreditConfirmed': {
        const paid = [...state.paid];
        for (const line of event.data.lines) paid[line] = true;
        return { ...state, paid };
      }
      case 'DistributionPaid':
        return { ...state, status: 'paid' };
      case 'DistributionCancelled':
        return { ...state, status: 'cancelled', pendingAttempt: null, refundDue: event.data.refundDue };
      case 'DistributionRefunded':
        return { ...state, refunded: true, refundReference: event.data.reference };
      // A refund refused, or one accepted that failed later: owed back again, asked for with the next key.
      case 'DistributionRefundFailed':
        return { ...state, refunded: false, refundReference: null, refundFailures: state.refundFailures + 1 };
      default: {
        const _exhaustive: never = event;
        return state;
      }
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'DeclareDistribution':
        if (state.status !== 'none') throw new DomainError('This distribution already exists', 409);
        return declare(command);
      case 'ApproveDistribution': {
        requireExisting(state);
        requireAnotherDecider(command.adminId, [state.ownerId]);
        if (state.status !== 'proposed') throw new DomainError(M.notProposed, 409);
        const { distributionId, adminId, now } = command;
        return [
          {
            type: 'DistributionApproved',
            data: { distributionId, assetId: state.assetId, approvedBy: adminId, approvedAt: now },
          },
        ];
      }
      case 'StartFunding': {
        requireExisting(state);
        if (state.ownerId !== command.ownerId) throw new DomainError(M.notFound, 404);
        if (state.status !== 'approved') throw new DomainError(M.notApproved, 409);
        if (state.pendingAttempt) return []; // the attempt already asked of the provider is asked again, same key
        const { distributionId, attemptId } = command;
        return [
          {
            type: 'DistributionFundingStarted',
            data: {
              distributionId,
              assetId: state.assetId,
              attemptId,
              amount: state.fundingDue,
              method: 'card',
              flow: 'intent-first',
            },
          },
        ];
      }
      case 'RecordFundingIntent': {
        requireExisting(state);
        const attempt = state.pendingAttempt;
        // Ended meanwhile, or recorded already (by a concurrent request: the handler goes on with the recorded one).
        if (!attempt || attempt.attemptId !== command.attemptId || attempt.reference !== null) return [];
        const { distributionId, attemptId, reference } = command;
        return [
          {
            type: 'DistributionFundingIntentCreated',
            data: { distributionId, assetId: state.assetId, attemptId, reference },
          },
        ];
      }
      case 'CompleteFunding': {
        requireExisting(state);
        const attempt = state.pendingAttempt;
        // Recorded already, or an answer about a payment that is not the attempt's recorded one: nothing. An attempt
        // charged at once (before payments were recorded) may have been charged with no id recorded: no failure
        // without one.
        if (!attempt || attempt.attemptId !== command.attemptId || attempt.reference !== command.reference) return [];
        if (attempt.reference === null && attempt.flow !== 'intent-first') return [];
        const { distributionId, attemptId, reference, outcome } = command;
        const base = { distributionId, assetId: state.assetId, attemptId };
        switch (outcome.kind) {
          case 'paid':
            if (reference === null) throw new Error('A paid funding names its payment');
            return [
              {
                type: 'DistributionFunded',
                data: { ...base, amount: attempt.amount, reference, fundedAt: command.now },
              },
            ];
          case 'failed':
            return [{ type: 'DistributionFundingFailed', data: { ...base, reason: outcome.reason.slice(0, 500) } }];
          default: {
            const _exhaustive: never = outcome;
            return [];
          }
        }
      }
      case 'StartPayment': {
        requireExisting(state);
        // Four eyes on the money too: the asset's owner (an admin as well) neither runs nor confirms their own payment.
        requireAnotherDecider(command.adminId, [state.ownerId]);
        if (state.status !== 'funded') throw new DomainError(M.notFunded, 409);
        if (command.today < state.paymentDate!) throw new DomainError(M.beforePaymentDate, 409);
        const check = command.recordCheck;
        if (check && check.drift.length > 0)
          throw new DomainError(
            M.recordDrift(check.blockNumber, check.drift.length),
            409,
            check.drift.map((d) => ({
              field: `holder.${d.personId}`,
              message: M.recordDriftLine(d.register, d.chain),
            })),
          );
        const methods = state.lines.map((line, index) => {
          if (line.holderKind === 'owner') return { line: index, method: 'retained' as const, wallet: null };
          const wallet =
            line.holderKind === 'platform' && line.investorId ? command.wallets.get(line.investorId) : undefined;
          return wallet
            ? { line: index, method: 'stablecoin' as const, wallet }
            : { line: index, method: 'direct-credit' as const, wallet: null };
        });
        const { distributionId, adminId } = command;
        const assetId = state.assetId;
        const withNet = methods.map((m) => ({ ...m, net: state.lines[m.line]!.net }));
        const started: DistributionEvent = {
          type: 'DistributionPaymentStarted',
          data: {
            distributionId,
            assetId,
            startedBy: adminId,
            methods: withNet,
            ...(methods.some((m) => m.method === 'stablecoin') ? { coin: command.coin } : {}),
          },
        };
        const checked: DistributionEvent[] = check
          ? [
              {
                type: 'DistributionEntitlementsChecked',
                data: {
                  distributionId,
                  assetId,
                  moment: check.moment,
                  chainId: check.chainId,
                  token: check.token,
                  blockNumber: check.blockNumber,
                  blockHash: check.blockHash,
                  blockTime: check.blockTime,
                  people: check.people,
                },
              },
            ]
          : [];
        const after = distribution.evolve(state, started);
        return allPaid(after.methods, after.paid)
          ? [...checked, started, { type: 'DistributionPaid', data: { distributionId, assetId, paidAt: command.now } }]
          : [...checked, started];
      }
      case 'ConfirmStablecoinPayment': {
        requireExisting(state);
        const { distributionId, line, txId, txHash, now } = command;
        if (state.methods[line] !== 'stablecoin') throw new DomainError(M.notStablecoinLine, 409);
        if (state.paid[line]) return []; // recorded already: the confirmation is seen again after a restart
        const assetId = state.assetId;
        const paid = state.paid.map((p, i) => p || i === line);
        const events: DistributionEvent[] = [
          { type: 'StablecoinPaymentConfirmed', data: { distributionId, assetId, line, txId, txHash, paidAt: now } },
        ];
        if (allPaid(state.methods, paid))
          events.push({ type: 'DistributionPaid', data: { distributionId, assetId, paidAt: now } });
        return events;
      }
      case 'ConfirmDirectCredit': {
        requireExisting(state);
        requireAnotherDecider(command.adminId, [state.ownerId]);
        if (state.status !== 'paying') throw new DomainError(M.notPaying, 409);
        const bankReference = command.bankReference.trim();
        if (!bankReference) throw refuse('bankReference', M.bankReference, 400);
        const lines = state.methods.flatMap((m, i) => (m === 'direct-credit' && !state.paid[i] ? [i] : []));
        if (lines.length === 0) throw new DomainError(M.nothingByDirectCredit, 409);
        const { distributionId, adminId, now } = command;
        const assetId = state.assetId;
        const paid = state.paid.map((p, i) => p || lines.includes(i));
        const events: DistributionEvent[] = [
          {
            type: 'DirectCreditConfirmed',
            data: { distributionId, assetId, lines, bankReference, confirmedBy: adminId, paidAt: now },
          },
        ];
        if (allPaid(state.methods, paid))
          events.push({ type: 'DistributionPaid', data: { distributionId, assetId, paidAt: now } });
        return events;
      }
      case 'CancelDistribution': {
        requireExisting(state);
        if (state.ownerId !== command.userId && !command.isAdmin) throw new DomainError(M.notFound, 404);
        if (state.status === 'cancelled') throw new DomainError(M.alreadyCancelled, 409);
        if (state.status !== 'proposed' && state.status !== 'approved' && state.status !== 'funded')
          throw new DomainError(M.cannotCancel, 409);
        // The provider may have charged the card already: cancelled now, its answer would find no attempt to record
        // against (CompleteFunding records nothing) and the charge would never be owed back. The cancellation's
        // handler settles the attempt first (its payment cancelled at the provider, or found paid).
        if (state.pendingAttempt) throw new DomainError(M.fundingUnderWay, 409);
        const reason = command.reason.trim();
        if (!reason) throw refuse('reason', M.cancelReason, 400);
        const { distributionId, userId } = command;
        return [
          {
            type: 'DistributionCancelled',
            data: {
              distributionId,
              assetId: state.assetId,
              cancelledBy: userId,
              reason: reason.slice(0, 1000),
              refundDue: state.funded,
            },
          },
        ];
      }
      case 'ReverseRefund': {
        requireExisting(state);
        // Only the refund on record, once: a notice about another refund, or one reversed already, changes nothing.
        if (!state.refunded || state.refundReference !== command.reference) return [];
        const { distributionId, reference, reason, now } = command;
        return [
          {
            type: 'DistributionRefundFailed',
            data: {
              distributionId,
              assetId: state.assetId,
              attempt: state.refundFailures,
              reason: `The refund ${reference} failed after it was accepted: ${reason}`.slice(0, 500),
              failedAt: now,
            },
          },
        ];
      }
      case 'CompleteRefund': {
        requireExisting(state);
        // Recorded already (a retry after a crash got the same answer), or an answer to an earlier attempt.
        if (!refundOwed(state) || command.attempt !== state.refundFailures) return [];
        const { distributionId, outcome, now } = command;
        const assetId = state.assetId;
        switch (outcome.kind) {
          case 'refunded':
            return [
              {
                type: 'DistributionRefunded',
                data: {
                  distributionId,
                  assetId,
                  amount: state.refundDue,
                  reference: outcome.reference,
                  refundedAt: now,
                },
              },
            ];
          case 'failed':
            return [
              {
                type: 'DistributionRefundFailed',
                data: {
                  distributionId,
                  assetId,
                  attempt: command.attempt,
                  reason: outcome.reason.slice(0, 500),
                  failedAt: now,
                },
              },
            ];
          default: {
            const _exhaustive: never = outcome;
            return [];
          }
        }
      }
      default: {
        const _exhaustive: never = command;
        throw new Error(`unknown command ${JSON.stringify(_exhaustive)}`);
      }
    }
  },
};
