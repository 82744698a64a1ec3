import { id, int, isoDateTime, object, string, type EventSchemas } from '../../platform/event-schema.js';

/**
 * One token offering and every investment in it, in the stream `offering-<offeringId>`. Investments live in
 * the offering's stream on purpose: the tokens left are decided under that one stream's expected revision,
 * so concurrent investors can never take more than the offering has (never oversubscribed).
 * Amounts are NZD as decimal strings where the spec sends text (price, minimum), cents-exact.
 */
export interface OfferingCreated {
  type: 'OfferingCreated';
  data: {
    offeringId: string;
    assetId: string;
    ownerId: string;
    name: string;
    description: string;
    totalTokens: number;
    tokenPrice: string;
    minimumInvestment: string;
    lockupDays: number;
    createdBy: string;
  };
}
export interface OfferingClosed {
  type: 'OfferingClosed';
  data: { offeringId: string; assetId: string; closedBy: string };
}
export interface InvestmentRequested {
  type: 'InvestmentRequested';
  data: {
    offeringId: string;
    assetId: string;
    ownerId: string;
    investmentId: string;
    investorId: string;
    tokens: number;
    amount: string;
    tokenPrice: string;
    transferableFrom: string;
  };
}
export interface InvestmentConfirmed {
  type: 'InvestmentConfirmed';
  data: {
    offeringId: string;
    assetId: string;
    ownerId: string;
    investmentId: string;
    investorId: string;
    tokens: number;
    amount: string;
    confirmedBy: string;
  };
}
export interface InvestmentCancelled {
  type: 'InvestmentCancelled';
  data: {
    offeringId: string;
    assetId: string;
    ownerId: string;
    investmentId: string;
    investorId: string;
    tokens: number;
    amount: string;
    cancelledBy: string;
    reason: string;
  };
}

export type OfferingEvent =
  | OfferingCreated
  | OfferingClosed
  | InvestmentRequested
  | InvestmentConfirmed
  | InvestmentCancelled;

/** Field shapes shared by the events and the decider's own checks. */
export const OFFERING_NAME = string({ nonEmpty: true, max: 120 });
export const OFFERING_DESCRIPTION = string({ max: 4000 });
export const CANCELLATION_REASON = string({ nonEmpty: true, max: 1000 });
/** NZD as `fromCents` writes it: whole dollars (at most 13 digits) and two decimals. */
const NZD = string({ max: 16, pattern: /^\d{1,13}\.\d{2}$/ });
const tokens = int({ min: 1 });
const investment = {
  offeringId: id(),
  assetId: id(),
  ownerId: id(),
  investmentId: id(),
  investorId: id(),
  tokens,
  amount: NZD,
};

export const offeringEventSchemas = {
  OfferingCreated: object({
    offeringId: id(),
    assetId: id(),
    ownerId: id(),
    name: OFFERING_NAME,
    description: OFFERING_DESCRIPTION,
    totalTokens: tokens,
    tokenPrice: NZD,
    minimumInvestment: NZD,
    lockupDays: int({ max: 3650 }),
    createdBy: id(),
  }),
  OfferingClosed: object({ offeringId: id(), assetId: id(), closedBy: id() }),
  InvestmentRequested: object({ ...investment, tokenPrice: NZD, transferableFrom: isoDateTime() }),
  InvestmentConfirmed: object({ ...investment, confirmedBy: id() }),
  InvestmentCancelled: object({ ...investment, cancelledBy: id(), reason: CANCELLATION_REASON }),
} satisfies EventSchemas<OfferingEvent>;

export const offeringStream = (offeringId: string) => `offering-${offeringId}`;
