import type { Decider } from '../../platform/decider.js';
import { DomainError, requireValidFields } from '../../platform/errors.js';
import { ensure, misfit } from '../../platform/event-schema.js';
import { requireAnotherDecider } from '../../platform/four-eyes.js';
import {
  ERROR_TITLES,
  FILL_IN_REQUIRED,
  LINKED_WINDOW_DAYS,
  minimumInvestmentMessage,
  OFFERING_LIMIT_MESSAGES,
  REVOCATION_MESSAGES,
  SETTLEMENT_THRESHOLD_NZD,
} from '../../messages.js';
import { nzLongDate } from '../../platform/nz-time.js';
import {
  CANCELLATION_REASON,
  OFFERING_DESCRIPTION,
  OFFERING_NAME,
  offeringEventSchemas,
  type OfferingEvent,
} from './events.js';
import { formatNzd, fromCents, nzdText, toCents } from './money.js';
import { upcasters } from '../upcasters.js';

/**
 * The settlement rule: an investment below NZD 100,000 (with the investor's linked investments) is confirmed at once; from NZD 100,000 it stays
 * pending until staff confirm the funds have cleared and the enhanced AML/CFT checks a transaction that
 * size calls for are done — or cancel it, which releases its tokens. Pending tokens are reserved, so they
 * count against the tokens left.
 */
export const CONFIRMATION_THRESHOLD_CENTS = SETTLEMENT_THRESHOLD_NZD * 100;

/**
 * Linked transactions count together (AML/CFT Act 2009: an occasional transaction is judged with those linked to
 * it), so four investments of NZD 99,900 are not four small ones. Besides the investor's own investments in this
 * offering (all of them, from its stream), their investments in other offerings over `LINKED_WINDOW_DAYS` count too.
 */
export { LINKED_WINDOW_DAYS };

/** An offering has no terms and no investments until it is created: only a created one carries them. */
export type OfferingState = { status: 'none' } | CreatedOffering;

export interface CreatedOffering {
  status: 'active' | 'closed';
  assetId: string;
  ownerId: string;
  totalTokens: number;
  /** Tokens confirmed or reserved by pending investments. */
  tokensTaken: number;
  priceCents: number;
  minimumCents: number;
  lockupDays: number;
  /** By investment id: a Map, so an id such as `constructor` is never found on a prototype. */
  pending: ReadonlyMap<string, PendingInvestment>;
  /** Every investment id recorded on this offering: an id is never used twice. */
  investmentIds: ReadonlySet<string>;
  /** By investment id: each investment's investor and amount, and whether it was cancelled (the investor limit reads them). */
  investments: ReadonlyMap<string, RecordedInvestment>;
}

export interface RecordedInvestment {
  investorId: string;
  amountCents: number;
  cancelled: boolean;
}

/** The token terms' limits per investor, in cents (the asset's terms, read from its stream). */
export interface InvestorLimits {
  minimumCents: number;
  maximumCents: number;
}

/**
 * What the investor already has linked to a new investment, in cents: their investments in this offering that are
 * pending or confirmed (a cancelled one moved no money), and what the handler found in other offerings.
 */
function linkedCents(state: CreatedOffering, command: { investorId: string; linkedElsewhereCents: number }): number {
  let cents = Number.isSafeInteger(command.linkedElsewhereCents) ? Math.max(0, command.linkedElsewhereCents) : 0;
  for (const investment of state.investments.values())
    if (investment.investorId === command.investorId && !investment.cancelled) cents += investment.amountCents;
  return cents;
}

/** Tokens neither confirmed nor reserved by a pending investment (none before the offering exists). */
export const tokensLeft = (state: OfferingState): number =>
  state.status === 'none' ? 0 : state.totalTokens - state.tokensTaken;

export interface PendingInvestment {
  investorId: string;
  tokens: number;
  amount: string;
}

export type OfferingCommand =
  | {
      type: 'CreateOffering';
      offeringId: string;
      assetId: string;
      ownerId: string;
      assetActive: boolean;
      /** The asset's token terms' limits; null for an asset without terms (none is approved without). */
      limits: InvestorLimits | null;
      name: string;
      description: string;
      totalTokens: number;
      tokenPrice: string;
      minimumInvestment: string;
      lockupDays: number;
      adminId: string;
    }
  | { type: 'CloseOffering'; offeringId: string; adminId: string }
  | {
      type: 'Invest';
      offeringId: string;
      investmentId: string;
      investorId: string;
      investorIsWholesale: boolean;
      /**
       * When the investor revoked their certificate in writing (Schedule 1 clause 46), if that is why they are not
       * wholesale: the refusal names it. Absent or null otherwise.
       */
      investorRevokedAt?: string | null;
      /**
       * The token terms' minimum, in cents; null where the asset has no terms. Their maximum spans the asset's
       * offerings, so it is decided on the investor-limit stream before this (`investor-limit.decider.ts`).
       */
      termsMinimumCents: number | null;
      /**
       * The investor's investments in the platform's other offerings over the last `LINKED_WINDOW_DAYS`, pending
       * or confirmed, in cents (from the holdings read model: a stale read can only miss one, never add one).
       */
      linkedElsewhereCents: number;
      tokens: number;
      amount: number;
      now: string;
    }
  | { type: 'ConfirmInvestment'; offeringId: string; investmentId: string; adminId: string }
  | { type: 'CancelInvestment'; offeringId: string; investmentId: string; adminId: string; reason: string };

export const NOT_PENDING = 'Only a pending investment can be confirmed or cancelled';
export const INVESTMENT_NOT_FOUND = 'Investment not found';
export const CANCEL_REASON_REQUIRED = 'Please give a reason for cancelling';

const refuse = (message: string, status: 400 | 403 | 404 | 409 = 409, title?: string) =>
  new DomainError(message, status, undefined, title);

/** Field messages, shared by the request DTOs and the decider. */
export const OFFERING_MESSAGES = {
  missing: FILL_IN_REQUIRED,
  minimumInvestment: 'Minimum investment must be an amount in NZD',
  tokenPrice: 'Token price must be an amount in NZD of at least 0.01, with at most 2 decimals',
  lockupPeriod: 'Lock-up must be between 0 and 3650 days',
  tokensRequested: 'Tokens requested must be a whole number of at least 1',
  investmentAmount: 'Investment amount must be an amount in NZD',
} as const;

export const offering: Decider<OfferingCommand, OfferingEvent, OfferingState> = {
  upcasters,
  name: 'offering',
  eventSchemas: offeringEventSchemas,
  initialState: { status: 'none' },

  evolve(state, event) {
    if (event.type === 'OfferingCreated') {
      // Only ever the stream's first event: a second creation is refused.
      const d = event.data;
      return {
        status: 'active',
        assetId: d.assetId,
        ownerId: d.ownerId,
        totalTokens: d.totalTokens,
        tokensTaken: 0,
        priceCents: toCents(d.tokenPrice) ?? 0,
        minimumCents: toCents(d.minimumInvestment) ?? 0,
        lockupDays: d.lockupDays,
        pending: new Map(),
        investmentIds: new Set(),
        investments: new Map(),
      };
    }
    if (state.status === 'none') return state; // nothing else is recorded on an offering before it exists
    switch (event.type) {
      case 'OfferingClosed':
        return { ...state, status: 'closed' };
      case 'InvestmentRequested': {
        const { investmentId, investorId, tokens, amount } = event.data;
        return {
          ...state,
          tokensTaken: state.tokensTaken + tokens,
          pending: new Map(state.pending).set(investmentId, { investorId, tokens, amount }),
          investmentIds: new Set(state.investmentIds).add(investmentId),
          investments: new Map(state.investments).set(investmentId, {
            investorId,
            amountCents: toCents(amount) ?? 0,
            cancelled: false,
          }),
        };
      }
      case 'InvestmentConfirmed':
      case 'InvestmentCancelled': {
        // The reservation being settled is the one on record (its tokens), whatever the event repeats.
        const settled = state.pending.get(event.data.investmentId);
        if (!settled) return state;
        const pending = new Map(state.pending);
        pending.delete(event.data.investmentId);
        if (event.type === 'InvestmentConfirmed') return { ...state, pending };
        const investments = new Map(state.investments);
        const recorded = investments.get(event.data.investmentId);
        if (recorded) investments.set(event.data.investmentId, { ...recorded, cancelled: true });
        return { ...state, tokensTaken: state.tokensTaken - settled.tokens, pending, investments };
      }
      default: {
        const _exhaustive: never = event;
        return state;
      }
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'CreateOffering': {
        if (state.status !== 'none') throw refuse('This offering already exists');
        // An offering of an admin's own asset is theirs to ask for, another admin's to create.
        requireAnotherDecider(command.adminId, [command.ownerId]);
        if (!command.assetActive)
          throw refuse('An offering needs an asset whose tokenization is approved', 409, ERROR_TITLES.creationFailed);
        const price = toCents(command.tokenPrice);
        // Left blank, the minimum is the token terms' own: the offering page then shows one minimum.
        const limits = command.limits;
        const minimum = command.minimumInvestment.trim()
          ? toCents(command.minimumInvestment)
          : (limits?.minimumCents ?? 0);
        const name = command.name.trim();
        const missing = (field: string) => ({ field, message: OFFERING_MESSAGES.missing });
        const lockupOk = Number.isInteger(command.lockupDays) && command.lockupDays >= 0 && command.lockupDays <= 3650;
        const required = [
          !name && missing('name'),
          !(Number.isSafeInteger(command.totalTokens) && command.totalTokens >= 1) && missing('totalTokens'),
          // Blank is missing; anything else that is not a price says what a price is ('33.333', 'abc', '-5').
          !(price !== null && price >= 1) &&
            (command.tokenPrice.trim()
              ? { field: 'tokenPrice', message: OFFERING_MESSAGES.tokenPrice }
              : missing('tokenPrice')),
        ];
        requireValidFields(
          [
            ...required,
            !!name && misfit(OFFERING_NAME, name, 'name', 'Name must be at most 120 characters'),
            misfit(
              OFFERING_DESCRIPTION,
              command.description,
              'description',
              'Description must be at most 4000 characters',
            ),
            minimum === null && { field: 'minimumInvestment', message: OFFERING_MESSAGES.minimumInvestment },
            // An offering may narrow the terms' limits per investor, never widen them.
            minimum !== null &&
              limits !== null &&
              minimum < limits.minimumCents && {
                field: 'minimumInvestment',
                message: OFFERING_LIMIT_MESSAGES.belowTermsMinimum(nzdText(limits.minimumCents)),
              },
            minimum !== null &&
              limits !== null &&
              minimum > limits.maximumCents && {
                field: 'minimumInvestment',
                message: OFFERING_LIMIT_MESSAGES.aboveTermsMaximum(nzdText(limits.maximumCents)),
              },
            !lockupOk && { field: 'lockupPeriod', message: OFFERING_MESSAGES.lockupPeriod },
          ],
          { title: required.some(Boolean) ? ERROR_TITLES.missingFields : undefined },
        );
        const { type: _t, assetActive: _a, limits: _l, adminId, ...rest } = command;
        // Both amounts parsed: requireValidFields refused a null one.
        const amounts = { tokenPrice: fromCents(price!), minimumInvestment: fromCents(minimum!) };
        return [{ type: 'OfferingCreated', data: { ...rest, name, ...amounts, createdBy: adminId } }];
      }
      case 'CloseOffering': {
        if (state.status === 'none') throw refuse('Offering not found', 404);
        requireAnotherDecider(command.adminId, [state.ownerId]);
        if (state.status === 'closed') return [];
        return [
          {
            type: 'OfferingClosed',
            data: { offeringId: command.offeringId, assetId: state.assetId, closedBy: command.adminId },
          },
        ];
      }
      case 'Invest': {
        if (state.status === 'none') throw refuse('Offering not found', 404);
        if (!command.investorIsWholesale)
          throw refuse(
            command.investorRevokedAt
              ? REVOCATION_MESSAGES.revoked(nzLongDate(command.investorRevokedAt))
              : 'Only verified wholesale investors may invest (FMC Act 2013, Schedule 1)',
            403,
            ERROR_TITLES.accessRestricted,
          );
        if (state.status !== 'active') throw refuse('This offering is closed', 409, ERROR_TITLES.investmentFailed);
        if (state.investmentIds.has(command.investmentId)) throw refuse('This investment is already recorded');
        const parsed = toCents(command.amount);
        const tokensOk = Number.isSafeInteger(command.tokens) && command.tokens >= 1;
        // The offering's minimum, never below the terms' (an offering from before the terms were enforced).
        const minimumCents = Math.max(state.minimumCents, command.termsMinimumCents ?? 0);
        const tooSmall = parsed !== null && parsed < minimumCents;
        const minimum = minimumInvestmentMessage(formatNzd(minimumCents).replace('$', ''));
        requireValidFields(
          [
            !tokensOk && { field: 'tokensRequested', message: OFFERING_MESSAGES.tokensRequested },
            parsed === null && { field: 'investmentAmount', message: OFFERING_MESSAGES.investmentAmount },
            tooSmall && { field: 'investmentAmount', message: minimum },
          ],
          // The spec's toast title when the minimum is the (first) problem.
          { title: tokensOk && tooSmall ? ERROR_TITLES.investmentTooSmall : undefined },
        );
        const amount = parsed!; // a null amount was refused above
        if (amount !== command.tokens * state.priceCents) {
          throw new DomainError(
            `The amount must be the tokens times the price: ${command.tokens} × ${formatNzd(state.priceCents)} = ${formatNzd(command.tokens * state.priceCents)}`,
            400,
            [{ field: 'investmentAmount', message: 'Amount does not match tokens × price' }],
            ERROR_TITLES.investmentFailed,
          );
        }
        const left = tokensLeft(state);
        if (command.tokens > left)
          throw refuse(
            left === 0
              ? 'This offering is fully subscribed'
              : `Only ${left.toLocaleString('en-US')} tokens are left in this offering`,
            409,
            ERROR_TITLES.investmentFailed,
          );
        const transferableFrom = new Date(Date.parse(command.now) + state.lockupDays * 86_400_000).toISOString();
        const base = {
          offeringId: command.offeringId,
          assetId: state.assetId,
          ownerId: state.ownerId,
          investmentId: command.investmentId,
          investorId: command.investorId,
          tokens: command.tokens,
          amount: fromCents(amount),
        };
        const requested: OfferingEvent = {
          type: 'InvestmentRequested',
          data: { ...base, tokenPrice: fromCents(state.priceCents), transferableFrom },
        };
        return linkedCents(state, command) + amount < CONFIRMATION_THRESHOLD_CENTS
          ? [requested, { type: 'InvestmentConfirmed', data: { ...base, confirmedBy: 'settlement-rule' } }]
          : [requested];
      }
      case 'ConfirmInvestment':
      case 'CancelInvestment': {
        if (state.status === 'none') throw refuse('Offering not found', 404);
        // An id this offering never recorded is not found; one it settled already is no longer pending.
        if (!state.investmentIds.has(command.investmentId)) throw refuse(INVESTMENT_NOT_FOUND, 404);
        const pending = state.pending.get(command.investmentId);
        if (!pending) throw refuse(NOT_PENDING);
        // Neither the investor nor the owner of the asset sold settles the investment.
        requireAnotherDecider(command.adminId, [pending.investorId, state.ownerId]);
        const base = {
          offeringId: command.offeringId,
          assetId: state.assetId,
          ownerId: state.ownerId,
          investmentId: command.investmentId,
          investorId: pending.investorId,
          tokens: pending.tokens,
          amount: pending.amount,
        };
        if (command.type === 'ConfirmInvestment')
          return [{ type: 'InvestmentConfirmed', data: { ...base, confirmedBy: command.adminId } }];
        const reason = command.reason.trim();
        if (!reason) {
          throw new DomainError(CANCEL_REASON_REQUIRED, 400, [{ field: 'reason', message: CANCEL_REASON_REQUIRED }]);
        }
        ensure(CANCELLATION_REASON, reason, 'reason', 'Reason must be at most 1000 characters');
        return [{ type: 'InvestmentCancelled', data: { ...base, cancelledBy: command.adminId, reason } }];
      }
      default: {
        const _exhaustive: never = command;
        throw new Error(`unknown command ${JSON.stringify(_exhaustive)}`);
      }
    }
  },
};
