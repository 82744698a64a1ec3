import type { AssetDrafted, TokenTerms } from '../domains/assets/events.js';
import type { AssetStreamEvent } from '../domains/register/events.js';

/** The register decider's specs' asset: 1,000 tokens of Harbour View, owned by `ownerId`. */
export const assetId = 'a-1';
export const ownerId = 'owner-1';

export const terms: TokenTerms = {
  symbol: 'HVA',
  name: 'Harbour View',
  totalSupply: 1_000,
  decimals: 0,
  price: 1,
  minInvestment: 1,
  maxInvestment: 1_000,
  network: 'polygon',
  lockUpMonths: 12,
  feePercent: 3.5,
};

/** Harbour View drafted by its owner: 1,000 tokens worth $1,000,000 unless `data` says otherwise. */
export const draftedAsset = (data: Partial<AssetDrafted['data']> = {}): AssetDrafted => ({
  type: 'AssetDrafted',
  data: {
    assetId,
    ownerId,
    name: 'Harbour View',
    description: 'Twelve waterfront apartments',
    assetType: 'property',
    address: null,
    totalValue: 1_000_000,
    tokenCount: 1_000,
    ...data,
  },
});

export const drafted: AssetStreamEvent = draftedAsset();

/** Drafted, then its tokenization approved: every token retained by the owner. */
export const approved: AssetStreamEvent[] = [
  drafted,
  { type: 'TokenizationApproved', data: { assetId, ownerId, approvedBy: 'admin-1', terms, value: 1_000_000 } },
];

export const offeringTerms = {
  name: 'Series A',
  description: '',
  tokenPrice: '125.00',
  minimumInvestment: '0.00',
  lockupDays: 365,
  createdBy: 'admin-1',
};

/** `tokens` of the owner's set aside for offering `offeringId`. */
export const allocated = (offeringId: string, tokens: number): AssetStreamEvent => ({
  type: 'TokensAllocated',
  data: { assetId, ownerId, offeringId, tokens, offering: offeringTerms },
});
