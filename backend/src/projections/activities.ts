import { DOCUMENT_NAMES } from '../domains/assets/events.js';
import type { OfferingEvent } from '../domains/offerings/events.js';
import type { WalletRecoveryEvent } from '../domains/tokens/events.js';
import { type AssetStreamEvent, ASSET_LIFE_EVENT_TYPES, type TokensTransferred } from '../domains/register/events.js';
import { type VerificationType, type WholesaleEvent, WHOLESALE_EVENT_TYPES } from '../domains/wholesale/events.js';
import { own } from '../platform/own.js';
import { defineProjection } from '../platform/projection-engine/projection.js';
import type { ReadModels } from '../platform/read-store/read-models.js';
import { count, nzd } from './nzd.js';
import { offeringsProjection } from './offerings.js';
import { upcasters } from '../domains/upcasters.js';

export type ActivityType = 'kyc' | 'asset' | 'investor' | 'compliance';

export interface Activity {
  id: string;
  type: ActivityType;
  description: string;
  createdAt: string;
  /** What the activity is about, so the list can link to its page. */
  assetId?: string;
  offeringId?: string;
  investmentId?: string;
}

/**
 * One document per person, newest first: an owner's asset events, an investor's certification,
 * investments and transfers, and the investments confirmed and tokens transferred in an owner's assets. Keyed by whoever the activity is for.
 */
export interface ActivitiesDoc {
  _id: string;
  items: Activity[];
}

const LIMIT = 50;

type InvestmentEvent = Extract<
  OfferingEvent,
  { type: 'InvestmentRequested' | 'InvestmentConfirmed' | 'InvestmentCancelled' }
>;
const EVENT_TYPES = [
  ...ASSET_LIFE_EVENT_TYPES,
  'SupplyChangeApproved',
  'SupplyChangeRejected',
  ...WHOLESALE_EVENT_TYPES,
  'InvestmentRequested',
  'InvestmentConfirmed',
  'InvestmentCancelled',
  'TokensTransferred',
  'WalletRecoveryRequested',
  'WalletRecoveryProved',
  'WalletRecoveryApproved',
  'WalletRecoveryCancelled',
] as const satisfies (AssetStreamEvent | WholesaleEvent | OfferingEvent | WalletRecoveryEvent)['type'][];
type Handled = Extract<
  AssetStreamEvent | WholesaleEvent | OfferingEvent | WalletRecoveryEvent,
  { type: (typeof EVENT_TYPES)[number] }
>;
type AssetHandled = Exclude<Extract<Handled, AssetStreamEvent>, TokensTransferred>;

const CATEGORIES: Record<VerificationType, string> = {
  high_net_worth: 'high net worth',
  large_investment: 'large investment',
  professional: 'investment business or professional',
};

/** A calendar day as New Zealanders write it, in New Zealand time. */
const NZ_DAY = new Intl.DateTimeFormat('en-NZ', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Pacific/Auckland',
});

type Described = Omit<Activity, 'id' | 'createdAt'>;

function describeAsset(event: AssetHandled, names: Record<string, string>): Described {
  const name = own(names, event.data.assetId) ?? 'An asset';
  const about = { assetId: event.data.assetId };
  switch (event.type) {
    case 'AssetDrafted':
      return { type: 'asset', description: `${event.data.name} created as a draft`, ...about };
    case 'DocumentUploaded':
      return {
        type: 'compliance',
        description: `${DOCUMENT_NAMES[event.data.kind]} uploaded for ${name}`,
        ...about,
      };
    case 'AssetValued':
      return { type: 'asset', description: `${name} valued at ${nzd(Math.round(event.data.value))}`, ...about };
    case 'TokenConfigured':
      return { type: 'asset', description: `Token ${event.data.terms.symbol} configured for ${name}`, ...about };
    case 'TokenizationRequested':
      return { type: 'compliance', description: `${name} submitted for tokenization review`, ...about };
    case 'TokenizationApproved':
      return { type: 'compliance', description: `${name} approved for tokenization`, ...about };
    case 'TokenizationReturned':
      return { type: 'compliance', description: `${name} sent back: ${event.data.reason}`, ...about };
    case 'InvestorAdded':
      return {
        type: 'investor',
        description: `${event.data.personal.name} added to the cap table of ${name}`,
        ...about,
      };
    case 'InvestorHoldingChanged':
      return {
        type: 'investor',
        description: `${event.data.personal.name}'s holding in ${name} changed from ${count(event.data.previousTokens)} to ${count(event.data.tokens)} tokens`,
        ...about,
      };
    case 'InvestorRemoved':
      return {
        type: 'investor',
        description: `An off-platform holder of ${count(event.data.tokens)} tokens removed from the cap table of ${name}`,
        ...about,
      };
    case 'SupplyChangeApproved': {
      const { delta, supply } = event.data;
      const change = delta > 0 ? `${count(delta)} tokens issued` : `${count(-delta)} tokens cancelled`;
      return { type: 'asset', description: `${name}: ${change}, supply now ${count(supply)}`, ...about };
    }
    case 'SupplyChangeRejected':
      return { type: 'asset', description: `${name}: supply change rejected: ${event.data.reason}`, ...about };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

function describeCertification(event: WholesaleEvent): Described {
  switch (event.type) {
    case 'VerificationSubmitted':
      return {
        type: 'kyc',
        description: `Wholesale verification submitted (${CATEGORIES[event.data.verificationType]})`,
      };
    case 'VerificationApproved':
      return {
        type: 'kyc',
        description: `Wholesale verification approved, valid until ${NZ_DAY.format(new Date(event.data.validUntil))}`,
      };
    case 'VerificationRejected':
      return { type: 'kyc', description: `Wholesale verification rejected: ${event.data.reason}` };
    case 'VerificationExpired':
      return { type: 'kyc', description: 'Wholesale certification lapsed' };
    case 'CertificateRevoked':
      return {
        type: 'kyc',
        description: `Wholesale certificate revoked by you, from ${NZ_DAY.format(new Date(event.data.revokedAt))}`,
      };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/** The investor's own words for their investment; the list adds the offering's name (it is not in the event). */
function describeInvestment(event: InvestmentEvent): Described {
  const d = event.data;
  const about = { assetId: d.assetId, offeringId: d.offeringId, investmentId: d.investmentId };
  switch (event.type) {
    case 'InvestmentRequested':
      return {
        type: 'investor',
        description: `Requested ${count(d.tokens)} tokens for ${nzd(d.amount)}: awaiting settlement`,
        ...about,
      };
    case 'InvestmentConfirmed':
      return { type: 'investor', description: `Bought ${count(d.tokens)} tokens for ${nzd(d.amount)}`, ...about };
    case 'InvestmentCancelled':
      return {
        type: 'investor',
        description: `Investment of ${nzd(d.amount)} cancelled: ${event.data.reason}`,
        ...about,
      };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

/** The investor's own words for the recovery of their wallet (issue 32): a move between their wallets, not a sale. */
function describeRecovery(event: WalletRecoveryEvent): Described {
  switch (event.type) {
    case 'WalletRecoveryRequested':
      return {
        type: 'kyc',
        description: `Recovery of your wallet ${event.data.lostAddress} opened after your identity was verified again`,
      };
    case 'WalletRecoveryProved':
      return { type: 'kyc', description: `New address ${event.data.address} proven for your wallet recovery` };
    case 'WalletRecoveryApproved':
      return {
        type: 'investor',
        description: `Wallet recovery approved: your tokens move from ${event.data.lostAddress} to ${event.data.newAddress} (not a sale)`,
      };
    case 'WalletRecoveryCancelled':
      return { type: 'kyc', description: `Wallet recovery cancelled: ${event.data.reason}` };
    default: {
      const _exhaustive: never = event;
      return _exhaustive;
    }
  }
}

function describe(event: Handled, id: string, names: Record<string, string>): Described | null {
  switch (event.type) {
    case 'AssetDrafted':
    case 'DocumentUploaded':
    case 'AssetValued':
    case 'TokenConfigured':
    case 'TokenizationRequested':
    case 'TokenizationApproved':
    case 'TokenizationReturned':
    case 'InvestorAdded':
    case 'InvestorHoldingChanged':
    case 'InvestorRemoved':
    case 'SupplyChangeApproved':
    case 'SupplyChangeRejected':
      return describeAsset(event, names);
    case 'VerificationSubmitted':
    case 'VerificationApproved':
    case 'VerificationRejected':
    case 'VerificationExpired':
    case 'CertificateRevoked':
      return describeCertification(event);
    case 'InvestmentRequested':
    case 'InvestmentCancelled':
      return describeInvestment(event);
    case 'WalletRecoveryRequested':
    case 'WalletRecoveryProved':
    case 'WalletRecoveryApproved':
    case 'WalletRecoveryCancelled':
      return describeRecovery(event);
    case 'InvestmentConfirmed':
      if (id === event.data.investorId) return describeInvestment(event);
      // The owner's side: who bought is the investor's own business; the cap table names them to the owner.
      return {
        type: 'investor',
        description: `A wholesale investor bought ${count(event.data.tokens)} tokens of ${
          own(names, event.data.assetId) ?? 'an asset'
        } for ${nzd(event.data.amount)}`,
        assetId: event.data.assetId,
      };
    case 'TokensTransferred':
      return describeTransfer(event, id, names);
    default: {
      const _exhaustive: never = event;
      return null;
    }
  }
}

/**
 * A settled transfer between investors, in each side's words (their line links to the asset's page; only the owner's
 * document knows asset names); the owner hears of it without names.
 */
function describeTransfer(event: TokensTransferred, id: string, names: Record<string, string>): Described {
  const d = event.data;
  const total = nzd((d.tokens * d.priceCents) / 100);
  const about = { type: 'investor' as const, assetId: d.assetId };
  if (id === d.fromInvestorId)
    return { ...about, description: `Sold ${count(d.tokens)} tokens for ${total} in a transfer` };
  if (id === d.toInvestorId)
    return { ...about, description: `Received ${count(d.tokens)} tokens for ${total} in a transfer` };
  return {
    ...about,
    description: `${count(d.tokens)} tokens of ${own(names, d.assetId) ?? 'an asset'} transferred between wholesale investors at ${nzd(d.priceCents / 100)} each`,
  };
}

function keysOf(event: Handled): string[] {
  switch (event.type) {
    case 'VerificationSubmitted':
    case 'VerificationApproved':
    case 'VerificationRejected':
    case 'VerificationExpired':
    case 'CertificateRevoked':
      return [event.data.userId];
    case 'InvestmentRequested':
    case 'InvestmentCancelled':
      return [event.data.investorId];
    case 'InvestmentConfirmed':
      return [event.data.investorId, event.data.ownerId];
    case 'TokensTransferred':
      return [event.data.fromInvestorId, event.data.toInvestorId, event.data.ownerId];
    case 'WalletRecoveryRequested':
    case 'WalletRecoveryProved':
    case 'WalletRecoveryApproved':
    case 'WalletRecoveryCancelled':
      return [event.data.personId];
    default:
      return [event.data.ownerId];
  }
}

export const activitiesProjection = defineProjection<ActivitiesDoc & { names: Record<string, string> }, Handled>({
  upcasters,
  name: 'activities',
  version: 4,
  eventTypes: EVENT_TYPES,
  keys: keysOf,
  evolve(doc, event, id) {
    const names =
      event.type === 'AssetDrafted'
        ? { ...(doc?.names ?? {}), [event.data.assetId]: event.data.name }
        : (doc?.names ?? {});
    const described = describe(event, id, names);
    if (!described) return doc;
    const at = event.metadata.occurredAt;
    const item: Activity = { id: event.metadata.eventId, ...described, createdAt: at };
    let items = doc?.items ?? [];
    // An investment under the settlement threshold is requested and confirmed at once: one line, not two.
    const first = items[0];
    if (
      event.type === 'InvestmentConfirmed' &&
      first?.investmentId === event.data.investmentId &&
      first.createdAt === at &&
      id === event.data.investorId
    )
      items = items.slice(1);
    return { _id: id, names, items: [item, ...items].slice(0, LIMIT) };
  },
});

// Queries of this read model.

/**
 * A person's activity, newest first, with the names of the offerings their investments are in (an
 * investment's events carry the offering's id only).
 */
export async function activitiesOf(
  reads: ReadModels,
  userId: string,
): Promise<(Activity & { offeringName?: string })[]> {
  const doc = await reads.of(activitiesProjection).get(userId);
  const items = doc?.items ?? [];
  const offerings = await reads
    .of(offeringsProjection)
    .byIds(items.flatMap((i) => (i.offeringId ? [i.offeringId] : [])));
  return items.map((item) => {
    const offeringName = item.offeringId ? offerings.get(item.offeringId)?.name : undefined;
    return offeringName ? { ...item, offeringName } : item;
  });
}
