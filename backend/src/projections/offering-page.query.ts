/**
 * Offerings as investors meet them: each card and page says what the asset is, its valuation, its
 * documents and its terms (from the assets read model), beside the offering's own figures and progress.
 */
import { fromCents, toCents } from '../domains/offerings/money.js';
import { asAnswer, type Fields } from '../platform/read-store/read-store.js';
import type { ReadModels } from '../platform/read-store/read-models.js';
import { assetSummary, type AssetSummary } from './asset-page.query.js';
import { assetsProjection } from './assets.js';
import { holdingsProjection } from './holdings.js';
import { investorPortfolio, isStaff, type InvestmentView, type Viewer } from './investments.query.js';
import { offeringsProjection, type OfferingDoc } from './offerings.js';
import { latestVerification, wholesaleStatus } from './verifications.js';

type OfferingFields = { id: string } & Fields<OfferingDoc>;

export interface OfferingCard extends OfferingFields {
  /** The least one investment may be: the offering's, never below the token terms' (NZD, decimal string). */
  minimumInvestment: string;
  /** The most one investor may hold in the asset, all their investments together (the token terms'); null without terms. */
  maximumInvestment: string | null;
  asset: AssetSummary | null;
  /** Tokens neither issued nor held by a pending investment. */
  tokensAvailable: number;
  /** Issued ÷ total, percent to one decimal (docs/specification.md §9). */
  percentIssued: number;
}

/** Offerings with what investors need to judge them: the asset behind each (all read in one query). */
export async function offeringCards(reads: ReadModels, docs: readonly OfferingDoc[]): Promise<OfferingCard[]> {
  const assets = await reads.of(assetsProjection).byIds(docs.map((d) => d.assetId));
  return docs.map((doc) => {
    const asset = assets.get(doc.assetId);
    const terms = asset?.terms ?? null;
    const minimum = Math.max(toCents(doc.minimumInvestment) ?? 0, terms ? (toCents(terms.minInvestment) ?? 0) : 0);
    return {
      ...asAnswer(doc),
      minimumInvestment: fromCents(minimum),
      maximumInvestment: terms ? fromCents(toCents(terms.maxInvestment) ?? 0) : null,
      asset: asset ? assetSummary(asset) : null,
      tokensAvailable: Math.max(0, doc.totalTokens - doc.tokensIssued - doc.tokensReserved),
      percentIssued: doc.totalTokens > 0 ? Math.round((doc.tokensIssued / doc.totalTokens) * 1000) / 10 : 0,
    };
  });
}

export type OfferingViewer = 'staff' | 'owner' | 'investor';

/**
 * Who may see an offering: staff; the owner of its asset; anyone who has invested in it; and a verified
 * wholesale investor while it is open.
 */
export async function offeringAccess(
  reads: ReadModels,
  viewer: Viewer,
  offering: OfferingDoc,
  now = new Date().toISOString(),
): Promise<OfferingViewer | null> {
  if (isStaff(viewer)) return 'staff';
  if (offering.ownerId === viewer.userId) return 'owner';
  const invested = await reads.of(holdingsProjection).count({ investorId: viewer.userId, offeringId: offering._id });
  if (invested > 0) return 'investor';
  return offering.status === 'active' &&
    wholesaleStatus(await latestVerification(reads, viewer.userId), now).isWholesaleInvestor
    ? 'investor'
    : null;
}

export interface OfferingPage extends OfferingCard {
  viewer: OfferingViewer;
  /** The viewer's own investments in this offering, newest first. */
  myInvestments: InvestmentView[];
  /** Whether the viewer may invest now (a verified wholesale investor, an open offering with tokens left). */
  canInvest: boolean;
}

/** The offering page for this viewer, or null when the offering is unknown or not theirs to see. */
export async function offeringPage(
  reads: ReadModels,
  viewer: Viewer,
  offeringId: string,
  now = new Date().toISOString(),
): Promise<OfferingPage | null> {
  const doc = await reads.of(offeringsProjection).get(offeringId);
  if (!doc) return null;
  const access = await offeringAccess(reads, viewer, doc, now);
  if (!access) return null;
  const [[card], portfolio, standing] = await Promise.all([
    offeringCards(reads, [doc]),
    investorPortfolio(reads, viewer.userId),
    latestVerification(reads, viewer.userId),
  ]);
  return {
    ...card!,
    viewer: access,
    myInvestments: portfolio.investments.filter((i) => i.offering?.id === offeringId),
    canInvest:
      doc.status === 'active' && card!.tokensAvailable > 0 && wholesaleStatus(standing, now).isWholesaleInvestor,
  };
}
