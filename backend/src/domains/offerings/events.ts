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
  data: { offeringId: string; assetId: string; ownerId: string; investmentId: string; investorId: string; tokens: number; amount: string; tokenPrice: string; transferableFrom: string };
}
export interface InvestmentConfirmed {
  type: 'InvestmentConfirmed';
  data: { offeringId: string; assetId: string; ownerId: string; investmentId: string; investorId: string; tokens: number; amount: string; confirmedBy: string };
}
export interface InvestmentCancelled {
  type: 'InvestmentCancelled';
  data: { offeringId: string; assetId: string; ownerId: string; investmentId: string; investorId: string; tokens: number; amount: string; cancelledBy: string; reason: string };
}

export type OfferingEvent = OfferingCreated | OfferingClosed | InvestmentRequested | InvestmentConfirmed | InvestmentCancelled;

export const offeringStream = (offeringId: string) => `offering-${offeringId}`;
