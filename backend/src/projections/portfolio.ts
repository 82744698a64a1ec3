import type { AssetEvent } from '../domains/assets/events.js';
import type { InvestmentConfirmed } from '../domains/offerings/events.js';
import { own } from '../platform/own.js';
import { defineProjection } from '../platform/projections/projection.js';

interface AssetFigures {
  value: number;
  tokens: number;
  status: 'draft' | 'pending' | 'active';
  /** Holders added off-platform plus distinct wholesale investors with a confirmed investment. */
  investors: number;
  platformInvestors?: string[];
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
  'TokenConfigured',
  'TokenizationRequested',
  'TokenizationApproved',
  'TokenizationReturned',
  'InvestorAdded',
  'InvestmentConfirmed',
] as const satisfies (AssetEvent | InvestmentConfirmed)['type'][];
type Handled = Extract<AssetEvent | InvestmentConfirmed, { type: (typeof EVENT_TYPES)[number] }>;

export const portfolioProjection = defineProjection<PortfolioDoc, Handled>({
  name: 'portfolio',
  version: 3,
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
        next = { value: event.data.totalValue, tokens: event.data.tokenCount, status: 'draft', investors: 0 };
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
        next = current && { ...current, status: 'active' };
        break;
      case 'TokenizationReturned':
        next = current && { ...current, status: 'draft' };
        break;
      case 'InvestorAdded':
        next = current && { ...current, investors: current.investors + 1 };
        break;
      case 'InvestmentConfirmed': {
        const seen = current?.platformInvestors ?? [];
        next =
          current &&
          (seen.includes(event.data.investorId)
            ? current
            : { ...current, investors: current.investors + 1, platformInvestors: [...seen, event.data.investorId] });
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
