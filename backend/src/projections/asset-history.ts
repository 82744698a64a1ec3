import type { OfferingEvent } from '../domains/offerings/events.js';
import { type AssetStreamEvent, ASSET_LIFE_EVENT_TYPES } from '../domains/register/events.js';
import { own } from '../platform/own.js';
import { defineProjection } from '../platform/projection-engine/projection.js';
import { count, nzd } from './nzd.js';
import { upcasters } from '../domains/upcasters.js';

const EVENT_TYPES = [
  ...ASSET_LIFE_EVENT_TYPES,
  'SupplyChangeApproved',
  'SupplyChangeRejected',
  'OfferingCreated',
  'OfferingClosed',
  'InvestmentConfirmed',
] as const satisfies (AssetStreamEvent | OfferingEvent)['type'][];
type Handled = Extract<AssetStreamEvent | OfferingEvent, { type: (typeof EVENT_TYPES)[number] }>;

export interface AssetHistoryItem {
  at: string;
  event: Handled['type'];
  /** In words, with no one's personal data: the asset page shows it to investors too. */
  text: string;
  offeringId: string | null;
}

/** One document per asset: what happened to it, oldest first — the asset page's history. */
export interface AssetHistoryDoc {
  _id: string;
  items: AssetHistoryItem[];
}

const LIMIT = 200;

const METHODS: Record<string, string> = {
  'property-calculator': 'the property calculator',
  'startup-calculator': 'the startup calculator',
  'owner-estimate': "the owner's estimate",
};

function describe(event: Handled): string {
  switch (event.type) {
    case 'AssetDrafted':
      return `Drafted at ${nzd(event.data.totalValue)} in ${count(event.data.tokenCount)} tokens`;
    case 'DocumentUploaded':
      return `${event.data.kind === 'property-deed' ? 'Property Deed' : 'Valuation Report'} uploaded (${event.data.fileName})`;
    case 'AssetValued':
      return `Valued at ${nzd(event.data.value)} by ${own(METHODS, event.data.method) ?? event.data.method}`;
    case 'TokenConfigured': {
      const t = event.data.terms;
      return `Token ${t.symbol} configured: ${count(t.totalSupply)} at ${nzd(t.price)}, lock-up ${t.lockUpMonths} months`;
    }
    case 'TokenizationRequested':
      return 'Submitted for tokenization review';
    case 'TokenizationApproved':
      return `Tokenization approved at ${nzd(event.data.value)}`;
    case 'TokenizationReturned':
      return `Sent back: ${event.data.reason}`;
    case 'InvestorAdded':
      // The holder's name is personal data, and investors read this history too.
      return `Off-platform holder added to the cap table (${count(event.data.tokens)} tokens)`;
    case 'InvestorHoldingChanged':
      // The owner's reason is sealed personal data, as the name is.
      return `Off-platform holding changed from ${count(event.data.previousTokens)} to ${count(event.data.tokens)} tokens`;
    case 'InvestorRemoved':
      return `Off-platform holder removed from the cap table (${count(event.data.tokens)} tokens)`;
    case 'SupplyChangeApproved': {
      const { delta, supply } = event.data;
      const change = delta > 0 ? `${count(delta)} tokens issued` : `${count(-delta)} tokens cancelled`;
      return `Supply change approved: ${change}, supply now ${count(supply)}`;
    }
    case 'SupplyChangeRejected':
      return `Supply change rejected: ${event.data.reason}`;
    case 'OfferingCreated':
      return `Offering ${event.data.name} opened: ${count(event.data.totalTokens)} tokens at ${nzd(event.data.tokenPrice)}`;
    case 'OfferingClosed':
      return 'Offering closed';
    case 'InvestmentConfirmed':
      return `A wholesale investor's ${count(event.data.tokens)} tokens confirmed (${nzd(event.data.amount)})`;
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

export const assetHistoryProjection = defineProjection<AssetHistoryDoc, Handled>({
  name: 'asset-history',
  version: 2,
  eventTypes: EVENT_TYPES,
  upcasters,
  keys: (event) => [event.data.assetId],
  evolve(doc, event, id) {
    if (!doc && event.type !== 'AssetDrafted') return null;
    const item: AssetHistoryItem = {
      at: event.metadata.occurredAt,
      event: event.type,
      text: describe(event),
      offeringId: 'offeringId' in event.data ? event.data.offeringId : null,
    };
    return { _id: id, items: [...(doc?.items ?? []), item].slice(-LIMIT) };
  },
});
