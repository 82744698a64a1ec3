import { fold, type Decider } from '../../platform/decider.js';
import { DomainError } from '../../platform/errors.js';
import { expiredReservations, holdUntil, type Reservation } from '../../platform/reservations.js';
import { ERROR_TITLES, maximumInvestmentMessage } from '../../messages.js';
import {
  investorLimitEventSchemas,
  type InvestorLimitEvent,
  type RecordedAmount,
  type ReleaseReason,
} from './investor-limit.events.js';
import { nzdText } from './money.js';
import { upcasters } from '../upcasters.js';

/** 409 naming the maximum, what the investor holds in the asset and what is left to them. */
export function investorMaximumReached(maximumCents: number, heldCents: number): DomainError {
  const message = maximumInvestmentMessage(
    nzdText(maximumCents),
    nzdText(heldCents),
    nzdText(Math.max(0, maximumCents - heldCents)),
  );
  return new DomainError(message, 409, [{ field: 'investmentAmount', message }], ERROR_TITLES.investmentFailed);
}

/** An amount that counts against the maximum: recorded on its offering (filled), or reserved on its way there. */
export type HeldAmount = Reservation & { offeringId: string; amountCents: number };

export interface InvestorLimitState {
  /** Whether the investor's investments from before this stream have been counted in (`InvestorLimitOpened`). */
  opened: boolean;
  /** By investment id: every amount that counts against the maximum. */
  held: ReadonlyMap<string, HeldAmount>;
}

type Who = { assetId: string; investorId: string };

export type InvestorLimitCommand =
  | (Who & {
      type: 'ReserveInvestment';
      investmentId: string;
      offeringId: string;
      amountCents: number;
      /** The token terms' maximum per investor, in cents (from the asset's stream). */
      maximumCents: number;
      now: string;
      /**
       * What the asset's offering streams hold for this investor, read by the handler: investments confirmed or
       * pending, by id, and those cancelled. Facts only: cancellation is final, so a stale read can only leave an
       * amount counted a little longer, never free one too soon.
       */
      recorded: ReadonlyMap<string, Omit<RecordedAmount, 'investmentId'>>;
      cancelled: ReadonlySet<string>;
    })
  | (Who & RecordedAmount & { type: 'FillInvestment' })
  | (Who & { type: 'ReleaseInvestment'; investmentId: string; reason: Exclude<ReleaseReason, 'abandoned'> });

export const ALREADY_RECORDED = 'This investment is already recorded';

/** The total that counts against the maximum: every amount held, filled or reserved. */
export const heldCents = (state: InvestorLimitState): number =>
  [...state.held.values()].reduce((sum, held) => sum + held.amountCents, 0);

/**
 * The token terms' maximum for one investor in one asset, across all its offerings. An amount counts from its
 * reservation until it is given back: refused by the offering, cancelled, or found abandoned — a reservation past
 * its hold whose investment is on no offering stream (the request crashed before recording it). Only a fact on the
 * command releases an amount; an expired reservation nobody checked still counts.
 */
export const investorLimit: Decider<InvestorLimitCommand, InvestorLimitEvent, InvestorLimitState> = {
  upcasters,
  name: 'investor-limit',
  eventSchemas: investorLimitEventSchemas,
  initialState: { opened: false, held: new Map() },

  evolve(state, event) {
    const held = new Map(state.held);
    switch (event.type) {
      case 'InvestorLimitOpened':
        for (const { investmentId, offeringId, amountCents } of event.data.investments)
          held.set(investmentId, { filled: true, offeringId, amountCents });
        return { opened: true, held };
      case 'InvestmentAmountReserved': {
        const { investmentId, offeringId, amountCents, expiresAt } = event.data;
        held.set(investmentId, { filled: false, expiresAt, offeringId, amountCents });
        return { ...state, held };
      }
      case 'InvestmentAmountFilled': {
        const { investmentId, offeringId, amountCents } = event.data;
        held.set(investmentId, { filled: true, offeringId, amountCents });
        return { ...state, held };
      }
      case 'InvestmentAmountReleased':
        held.delete(event.data.investmentId);
        return { ...state, held };
      default: {
        const _exhaustive: never = event;
        return state;
      }
    }
  },

  decide(command, state) {
    const who = { assetId: command.assetId, investorId: command.investorId };
    switch (command.type) {
      case 'ReserveInvestment': {
        const { recorded, cancelled } = command;
        const events: InvestorLimitEvent[] = [];
        if (!state.opened) {
          const investments = [...recorded].map(([investmentId, r]) => ({ investmentId, ...r }));
          events.push({ type: 'InvestorLimitOpened', data: { ...who, investments } });
        }
        // Settle what the offering streams say: the process-manager step for crashes and missed releases.
        const opened = fold(investorLimit, events, state);
        const expired = new Set(expiredReservations(opened.held, command.now));
        for (const [investmentId, held] of opened.held) {
          const release = (reason: ReleaseReason): InvestorLimitEvent => ({
            type: 'InvestmentAmountReleased',
            data: { ...who, investmentId, reason },
          });
          if (cancelled.has(investmentId)) events.push(release('cancelled'));
          else if (!held.filled && recorded.has(investmentId)) {
            const { offeringId, amountCents } = held;
            events.push({ type: 'InvestmentAmountFilled', data: { ...who, investmentId, offeringId, amountCents } });
          } else if (expired.has(investmentId)) events.push(release('abandoned'));
        }
        // Recorded after its reservation was given up as abandoned (a request slower than the hold): it counts.
        for (const [investmentId, r] of recorded) {
          if (!opened.held.has(investmentId))
            events.push({ type: 'InvestmentAmountFilled', data: { ...who, investmentId, ...r } });
        }
        const settled = fold(investorLimit, events, state);
        if (settled.held.has(command.investmentId)) throw new DomainError(ALREADY_RECORDED, 409);
        const held = heldCents(settled);
        if (held + command.amountCents > command.maximumCents) throw investorMaximumReached(command.maximumCents, held);
        const { investmentId, offeringId, amountCents } = command;
        const expiresAt = holdUntil(command.now);
        const reserved: InvestorLimitEvent = {
          type: 'InvestmentAmountReserved',
          data: { ...who, investmentId, offeringId, amountCents, expiresAt },
        };
        return [...events, reserved];
      }
      case 'FillInvestment': {
        // Also when released meanwhile as abandoned (a request slower than the hold): the investment exists.
        if (state.held.get(command.investmentId)?.filled) return [];
        const { investmentId, offeringId, amountCents } = command;
        return [{ type: 'InvestmentAmountFilled', data: { ...who, investmentId, offeringId, amountCents } }];
      }
      case 'ReleaseInvestment': {
        const held = state.held.get(command.investmentId);
        // A refused request never gives back an amount whose investment is recorded (a reused id, say).
        if (!held || (command.reason === 'refused' && held.filled)) return [];
        return [
          {
            type: 'InvestmentAmountReleased',
            data: { ...who, investmentId: command.investmentId, reason: command.reason },
          },
        ];
      }
      default: {
        const _exhaustive: never = command;
        throw new Error(`unknown command ${JSON.stringify(_exhaustive)}`);
      }
    }
  },
};
