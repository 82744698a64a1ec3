/**
 * The assets read model's queries: an owner's assets, one asset, the review queue and the investors across an
 * owner's assets. Documents leave here as views (`id`, no internal field).
 */
import { tokenPriceNow } from '../domains/register/token-price.js';
import { asAnswer } from '../platform/read-store/read-store.js';
import type { ReadModels } from '../platform/read-store/read-models.js';
import { assetAccess, assetPage } from './asset-page.query.js';
import { assetsProjection, type AssetDoc } from './assets.js';
import type { Viewer } from './investments.query.js';
import { peopleById, type Person } from './users.js';

/** The spec's Asset (docs/specification.md §3) and what the wizard, My Assets and the cap table need beside it. */
export type AssetView = Omit<AssetDoc, '_id'> & { id: string; changePercent: number | null };

export function assetView(doc: AssetDoc): AssetView {
  // The real change since the first accepted valuation; no figure until there is one to compare with.
  const changePercent =
    doc.firstValuation && doc.valuation
      ? ((doc.valuation.value - doc.firstValuation) / doc.firstValuation) * 100
      : null;
  return { ...asAnswer(doc), changePercent };
}

/** The spec's Investor (docs/specification.md §3): one row per holder of one asset. */
export interface InvestorRow {
  id: string;
  name: string;
  email: string | null;
  assetId: string;
  assetName: string;
  tokensHeld: number;
  investmentValue: number;
  percentOwned: number;
  status: 'verified' | 'off-platform';
}

/** The price now, as every view prices tokens (`tokenPriceNow`). */
const tokenPrice = (doc: AssetDoc) => tokenPriceNow(doc.totalValue, doc.tokenCount) ?? 0;

function investorsOf(doc: AssetDoc): InvestorRow[] {
  return doc.capTable.map((entry) => ({
    id: entry.investorId,
    name: entry.name,
    email: entry.email,
    assetId: doc._id,
    assetName: doc.name,
    tokensHeld: entry.tokens,
    investmentValue: Math.round(entry.tokens * tokenPrice(doc) * 100) / 100,
    percentOwned: doc.tokenCount > 0 ? Math.round((entry.tokens / doc.tokenCount) * 10_000) / 100 : 0,
    status: entry.source === 'platform' ? 'verified' : 'off-platform',
  }));
}

export class AssetQueries {
  constructor(private readonly reads: ReadModels) {}

  private get assets() {
    return this.reads.of(assetsProjection);
  }

  get(id: string): Promise<AssetDoc | null> {
    return this.assets.get(id);
  }

  /** The owner's assets, newest first. */
  async ofOwner(ownerId: string): Promise<AssetView[]> {
    return (await this.assets.find({ ownerId }, { sort: { createdAt: -1 } })).map(assetView);
  }

  /** The review queue: assets in this status, oldest request first, each naming its owner. */
  async forReview(status: string): Promise<(AssetView & { owner: Person })[]> {
    const docs = await this.assets.find({ status }, { sort: { submittedAt: 1 } });
    // Staff rows name the owner (from the users read model, where names live).
    const owners = await peopleById(
      this.reads,
      docs.map((d) => d.ownerId),
    );
    return docs.map((doc) => ({ ...assetView(doc), owner: owners.get(doc.ownerId)! }));
  }

  /** Investors across the owner's assets (the dashboard's Cap Table Management). */
  async investorsOfOwner(ownerId: string): Promise<InvestorRow[]> {
    const rows = (await this.assets.find({ ownerId }, { sort: { createdAt: -1 } })).flatMap(investorsOf);
    // Wholesale investors appear under the name on their account (the read model keeps only their id).
    const verified = (row: InvestorRow) => (row.status === 'verified' ? [row.id] : []);
    const people = await peopleById(this.reads, rows.flatMap(verified), 'Wholesale investor');
    return rows.map((row) => {
      const person = row.status === 'verified' && people.get(row.id);
      return person ? { ...row, name: person.name, email: person.email } : row;
    });
  }

  /** Whether this viewer may see the asset, and as whom (`assetAccess`). */
  access(viewer: Viewer, asset: AssetDoc) {
    return assetAccess(this.reads, viewer, asset);
  }

  /** The asset page for this viewer, or null when unknown or not theirs to see (`assetPage`). */
  page(viewer: Viewer, assetId: string) {
    return assetPage(this.reads, viewer, assetId);
  }
}
