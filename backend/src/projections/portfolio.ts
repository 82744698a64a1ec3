import type { InvestmentConfirmed } from '../domains/offerings/events.js';
import { type AssetStreamEvent, TOKENIZATION_EVENT_TYPES } from '../domains/register/events.js';
import { absentAssets, type RegisterFigures, type ShownFigure } from '../domains/register/figures.js';
import { own } from '../platform/own.js';
import { defineProjection } from '../platform/projection-engine/projection.js';
import { upcasters } from '../domains/upcasters.js';

interface AssetFigures {
  value: number;
  /** The asset's current supply: drafted, configured, approved, then each approved supply change. */
  tokens: number;
  status: 'draft' | 'pending' | 'active';
  /** The cap table's holders: off-platform holders still recorded plus distinct confirmed wholesale investors. */
  investors: number;
  /** Ids behind `investors`, so a removal counts once and a second purchase not at all. */
  offPlatformHolders: string[];
  platformInvestors: string[];
}

/** One document per owner: the dashboard's stat cards and the portfolio-value chart. */
export interface PortfolioDoc {
  _id: string;
  totalValue: number;
  activeTokens: number;
  totalInvestors: number;
  assets: Record<string, AssetFigures>;
  /** The figures after each change, oldest first, at most HISTORY_LIMIT points: the dashboard's and /analytics' charts. */
  valueHistory: { at: string; totalValue: number; activeTokens: number; totalInvestors: number }[];
  updatedAt: string;
}

const HISTORY_LIMIT = 200;

function totals(assets: Record<string, AssetFigures>) {
  const all = Object.values(assets);
  return {
    totalValue: all.reduce((sum, a) => sum + a.value, 0),
    activeTokens: all.filter((a) => a.status === 'active').reduce((sum, a) => sum + a.tokens, 0),
    totalInvestors: all.reduce((sum, a) => sum + a.investors, 0),
  };
}

const EVENT_TYPES = [
  'AssetDrafted',
  'AssetValued',
  ...TOKENIZATION_EVENT_TYPES,
  'InvestorAdded',
  'InvestorRemoved',
  'SupplyChangeApproved',
  'InvestmentConfirmed',
  'TokensTransferred',
] as const satisfies (AssetStreamEvent | InvestmentConfirmed)['type'][];
type Handled = Extract<AssetStreamEvent | InvestmentConfirmed, { type: (typeof EVENT_TYPES)[number] }>;

const counted = (a: Omit<AssetFigures, 'investors'>): AssetFigures => ({
  ...a,
  investors: a.offPlatformHolders.length + a.platformInvestors.length,
});

export const portfolioProjection = defineProjection<PortfolioDoc, Handled>({
  upcasters,
  name: 'portfolio',
  version: 4,
  eventTypes: EVENT_TYPES,
  keys: (event) => [event.data.ownerId],
  evolve(doc, event, id) {
    const at = event.metadata.occurredAt;
    const base: PortfolioDoc = doc ?? {
      _id: id,
      totalValue: 0,
      activeTokens: 0,
      totalInvestors: 0,
      assets: {},
      valueHistory: [],
      updatedAt: at,
    };
    const { assetId } = event.data;
    const current = own(base.assets, assetId);
    let next: AssetFigures | undefined;
    switch (event.type) {
      case 'AssetDrafted':
        next = counted({
          value: event.data.totalValue,
          tokens: event.data.tokenCount,
          status: 'draft',
          offPlatformHolders: [],
          platformInvestors: [],
        });
        break;
      case 'AssetValued':
        next = current && { ...current, value: event.data.value };
        break;
      case 'TokenConfigured':
        next = current && { ...current, tokens: event.data.terms.totalSupply };
        break;
      case 'TokenizationRequested':
        next = current && { ...current, status: 'pending' };
        break;
      case 'TokenizationApproved':
        // The register's supply is the approved terms' (the owner may have configured again since drafting).
        next = current && { ...current, status: 'active', tokens: event.data.terms.totalSupply };
        break;
      case 'TokenizationReturned':
        next = current && { ...current, status: 'draft' };
        break;
      case 'InvestorAdded':
        next =
          current &&
          counted({ ...current, offPlatformHolders: [...current.offPlatformHolders, event.data.investorId] });
        break;
      case 'InvestorRemoved':
        next =
          current &&
          counted({
            ...current,
            offPlatformHolders: current.offPlatformHolders.filter((h) => h !== event.data.investorId),
          });
        break;
      case 'SupplyChangeApproved':
        next = current && { ...current, tokens: event.data.supply };
        break;
      case 'TokensTransferred': {
        const { fromInvestorId, toInvestorId, sellerTokensAfter } = event.data;
        const seen = (current?.platformInvestors ?? []).filter((i) => sellerTokensAfter > 0 || i !== fromInvestorId);
        next =
          current &&
          counted({ ...current, platformInvestors: seen.includes(toInvestorId) ? seen : [...seen, toInvestorId] });
        break;
      }
      case 'InvestmentConfirmed': {
        const seen = current?.platformInvestors ?? [];
        next =
          current &&
          (seen.includes(event.data.investorId)
            ? current
            : counted({ ...current, platformInvestors: [...seen, event.data.investorId] }));
        break;
      }
      default: {
        const _exhaustive: never = event;
      }
    }
    if (!next) return doc;
    const assets = { ...base.assets, [assetId]: next };
    const figures = totals(assets);
    const unchanged =
      doc &&
      figures.totalValue === base.totalValue &&
      figures.activeTokens === base.activeTokens &&
      figures.totalInvestors === base.totalInvestors;
    const valueHistory = unchanged
      ? base.valueHistory
      : [...base.valueHistory, { at, ...figures }].slice(-HISTORY_LIMIT);
    return { ...base, ...figures, assets, valueHistory, updatedAt: at };
  },
});

/**
 * The owner's dashboard: each asset's supply, status and holders, and the stat cards' totals. The portfolio's
 * value is a valuation, not a register figure.
 */
export const portfolioFigures: RegisterFigures<PortfolioDoc> = {
  select: ({ ownerIds }) => ({ _id: { $in: ownerIds } }),
  figures(docs, covered) {
    const shown: ShownFigure[] = [];
    const present = new Set<string>();
    for (const d of docs) {
      for (const [assetId, a] of Object.entries(d.assets)) {
        present.add(assetId);
        shown.push(
          { scope: 'asset', assetId, figure: 'document', value: a.tokens },
          { scope: 'asset', assetId, figure: 'supply', value: a.tokens },
          { scope: 'asset', assetId, figure: 'status', value: a.status },
          { scope: 'asset', assetId, figure: 'holders', value: a.investors },
        );
      }
      shown.push(
        { scope: 'owner', ownerId: d._id, figure: 'activeTokens', value: d.activeTokens },
        { scope: 'owner', ownerId: d._id, figure: 'totalInvestors', value: d.totalInvestors },
      );
    }
    return [...shown, ...absentAssets(covered, present)];
  },
};
