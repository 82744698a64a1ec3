import type { AssetEvent } from '../domains/assets/events.js';
import type { RecordedEvent } from '../platform/event-store/event-store.js';
import { own } from '../platform/own.js';
import type { Projection } from '../platform/projections/projection.js';
import '../domains/assets/upcasters.js';

export type ActivityType = 'kyc' | 'asset' | 'investor' | 'compliance';

export interface Activity {
  id: string;
  type: ActivityType;
  description: string;
  createdAt: string;
}

/** One document per owner: Recent Activity, newest first, written from the owner's asset events. */
export interface ActivitiesDoc {
  _id: string;
  items: Activity[];
}

const LIMIT = 50;

function describe(event: AssetEvent, names: Record<string, string>): { type: ActivityType; description: string } {
  const name = own(names, event.data.assetId) ?? 'An asset';
  switch (event.type) {
    case 'AssetDrafted':
      return { type: 'asset', description: `${event.data.name} created as a draft` };
    case 'DocumentUploaded':
      return {
        type: 'compliance',
        description: `${event.data.kind === 'property-deed' ? 'Property Deed' : 'Valuation Report'} uploaded for ${name}`,
      };
    case 'AssetValued':
      return {
        type: 'asset',
        description: `${name} valued at ${new Intl.NumberFormat('en-US', { style: 'currency', currency: 'NZD', currencyDisplay: 'narrowSymbol', maximumFractionDigits: 0 }).format(event.data.value)}`,
      };
    case 'TokenConfigured':
      return { type: 'asset', description: `Token ${event.data.terms.symbol} configured for ${name}` };
    case 'TokenizationRequested':
      return { type: 'compliance', description: `${name} submitted for tokenization review` };
    case 'TokenizationApproved':
      return { type: 'compliance', description: `${name} approved for tokenization` };
    case 'TokenizationReturned':
      return { type: 'compliance', description: `${name} sent back: ${event.data.reason}` };
    case 'InvestorAdded':
      return { type: 'investor', description: `${event.data.personal.name} added to the cap table of ${name}` };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

export const activitiesProjection: Projection<ActivitiesDoc & { names: Record<string, string> }> = {
  name: 'activities',
  version: 1,
  eventTypes: [
    'AssetDrafted',
    'DocumentUploaded',
    'AssetValued',
    'TokenConfigured',
    'TokenizationRequested',
    'TokenizationApproved',
    'TokenizationReturned',
    'InvestorAdded',
  ] satisfies AssetEvent['type'][],
  keys: (event) => [(event as RecordedEvent & AssetEvent).data.ownerId],
  evolve(doc, raw, id) {
    const event = raw as RecordedEvent & AssetEvent;
    const names =
      event.type === 'AssetDrafted'
        ? { ...(doc?.names ?? {}), [event.data.assetId]: event.data.name }
        : (doc?.names ?? {});
    const item: Activity = {
      id: event.metadata.eventId,
      ...describe(event, names),
      createdAt: event.metadata.occurredAt,
    };
    return { _id: id, names, items: [item, ...(doc?.items ?? [])].slice(0, LIMIT) };
  },
};
