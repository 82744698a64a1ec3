import type { OfferingEvent } from '../domains/offerings/events.js';
import { type AssetStreamEvent, ASSET_LIFE_EVENT_TYPES } from '../domains/register/events.js';
import type { ChainTransactionRequested } from '../domains/tokens/events.js';
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
  'TokensTransferred',
  'ChainTransactionRequested',
] as const satisfies (AssetStreamEvent | OfferingEvent | ChainTransactionRequested)['type'][];
type Handled = Extract<
  AssetStreamEvent | OfferingEvent | ChainTransactionRequested,
  { type: (typeof EVENT_TYPES)[number] }
>;

export interface AssetHistoryItem {
  at: string;
  /** The event, or for a holding moved by wallet recovery the approval that moved it. */
  event: Exclude<Handled['type'], 'ChainTransactionRequested'> | 'WalletRecoveryApproved';
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

/**
 * A holding moved by wallet recovery (issue 32): the chain step that moves this asset's tokens from the lost wallet to
 * the new one, as the outbox records it after the approval (a retry is the same move, not another).
 */
function recoveryMove(
  event: Handled,
): Extract<ChainTransactionRequested['data']['intent'], { kind: 'recover' | 'recovery-transfer' }> | null {
  if (event.type !== 'ChainTransactionRequested' || event.data.retryOf) return null;
  const intent = event.data.intent;
  return intent.kind === 'recover' || intent.kind === 'recovery-transfer' ? intent : null;
}

function describe(event: Exclude<Handled, ChainTransactionRequested>): string {
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
    case 'TokensTransferred':
      // Settled by delivery versus payment; who sold and who bought is in the audit, not here (investors read it).
      return `${count(event.data.tokens)} tokens transferred between wholesale investors at ${nzd(event.data.priceCents / 100)} each`;
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

export const assetHistoryProjection = defineProjection<AssetHistoryDoc, Handled>({
  name: 'asset-history',
  // 4: transfers between investors (TokensTransferred) are part of the history.
  version: 4,
  eventTypes: EVENT_TYPES,
  upcasters,
  keys: (event) => {
    if (event.type !== 'ChainTransactionRequested') return [event.data.assetId];
    const move = recoveryMove(event);
    return move ? [move.assetId] : [];
  },
  evolve(doc, event, id) {
    if (!doc && event.type !== 'AssetDrafted') return null;
    const at = event.metadata.occurredAt;
    let item: AssetHistoryItem;
    if (event.type === 'ChainTransactionRequested') {
      const move = recoveryMove(event);
      if (!move) return doc;
      // No one's personal data (investors read this history): which holder is in the audit.
      const what = move.kind === 'recovery-transfer' ? `${count(move.amount)} tokens` : 'tokens';
      item = {
        at,
        event: 'WalletRecoveryApproved',
        text: `A holder's ${what} moved from a lost wallet to their new one by wallet recovery (four eyes; not a sale)`,
        offeringId: null,
      };
    } else
      item = {
        at,
        event: event.type,
        text: describe(event),
        offeringId: 'offeringId' in event.data ? event.data.offeringId : null,
      };
    return { _id: id, items: [...(doc?.items ?? []), item].slice(-LIMIT) };
  },
});
