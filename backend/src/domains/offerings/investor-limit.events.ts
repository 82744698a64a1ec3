import { array, id, int, isoDateTime, literal, object, type EventSchemas } from '../../platform/event-schema.js';

/**
 * The token terms' maximum per investor spans every offering of an asset, so it is decided on one stream per
 * (asset, investor), `investor-limit-<assetId>-<investorId>` (docs/design.md §6), never on the offering streams one by
 * one. An investment reserves its amount here first, is then recorded on its offering's stream, and its
 * reservation is marked filled; an investment the offering refuses gives its amount back, and so does one cancelled.
 */
export interface InvestorLimitOpened {
  type: 'InvestorLimitOpened';
  /** The investor's investments in the asset made before the stream was kept, confirmed or pending: each counts. */
  data: { assetId: string; investorId: string; investments: RecordedAmount[] };
}

export interface RecordedAmount {
  investmentId: string;
  offeringId: string;
  amountCents: number;
}

export interface InvestmentAmountReserved {
  type: 'InvestmentAmountReserved';
  /** Until `expiresAt` it counts while the investment is recorded; after it, only until the next reservation settles it. */
  data: RecordedAmount & { assetId: string; investorId: string; expiresAt: string };
}

export interface InvestmentAmountFilled {
  type: 'InvestmentAmountFilled';
  /** The investment is on its offering's stream: its amount counts until it is cancelled. */
  data: RecordedAmount & { assetId: string; investorId: string };
}

export type ReleaseReason = 'refused' | 'cancelled' | 'abandoned';

export interface InvestmentAmountReleased {
  type: 'InvestmentAmountReleased';
  /**
   * 'refused': the offering refused the investment; 'cancelled': staff cancelled it; 'abandoned': its reservation
   * expired and the investment was never recorded (the request crashed in between).
   */
  data: { assetId: string; investorId: string; investmentId: string; reason: ReleaseReason };
}

export type InvestorLimitEvent =
  | InvestorLimitOpened
  | InvestmentAmountReserved
  | InvestmentAmountFilled
  | InvestmentAmountReleased;

const amount = { investmentId: id(), offeringId: id(), amountCents: int({ min: 1 }) };
const who = { assetId: id(), investorId: id() };

export const investorLimitEventSchemas = {
  InvestorLimitOpened: object({ ...who, investments: array(object(amount), { max: 100_000 }) }),
  InvestmentAmountReserved: object({ ...who, ...amount, expiresAt: isoDateTime() }),
  InvestmentAmountFilled: object({ ...who, ...amount }),
  InvestmentAmountReleased: object({
    ...who,
    investmentId: id(),
    reason: literal('refused', 'cancelled', 'abandoned'),
  }),
} satisfies EventSchemas<InvestorLimitEvent>;

export const investorLimitStream = (assetId: string, investorId: string) => `investor-limit-${assetId}-${investorId}`;
