/**
 * The asset page (`/assets/:id`): the asset's facts, documents, valuation, token terms, cap table, offerings
 * and history, shaped by who is looking. Read from the assets, asset-history, offerings and holdings read
 * models; who may look is decided here, and anyone else is told the asset does not exist.
 */
import type { ReadModels } from '../platform/read-store/read-models.js';
import { assetHistoryProjection, type AssetHistoryItem } from './asset-history.js';
import { assetsProjection, type AssetDoc, type AssetDocument } from './assets.js';
import { holdingsProjection } from './holdings.js';
import { currentTokenPrice, isStaff, type TokenPrice, type Viewer } from './investments.query.js';
import { offeringsProjection, type OfferingDoc } from './offerings.js';
import { peopleById, type Person } from './users.js';
import { latestVerification, wholesaleStatus } from './verifications.js';

export type AssetViewer = 'owner' | 'staff' | 'investor';

/**
 * Who may see an asset: its owner; admins and compliance staff; and investors once it has an offering —
 * a verified wholesale investor while an offering of it is open, and anyone who has invested in it.
 */
export async function assetAccess(
  reads: ReadModels,
  viewer: Viewer,
  asset: AssetDoc,
  now = new Date().toISOString(),
): Promise<AssetViewer | null> {
  if (asset.ownerId === viewer.userId) return 'owner';
  if (isStaff(viewer)) return 'staff';
  const offerings = await reads.of(offeringsProjection).find({ assetId: asset._id });
  if (offerings.length === 0) return null;
  const invested = await reads.of(holdingsProjection).count({ investorId: viewer.userId, assetId: asset._id });
  if (invested > 0) return 'investor';
  const open = offerings.some((o) => o.status === 'active');
  return open && wholesaleStatus(await latestVerification(reads, viewer.userId), now).isWholesaleInvestor
    ? 'investor'
    : null;
}

export const documentUrl = (assetId: string, documentId: string) =>
  `/api/assets/${encodeURIComponent(assetId)}/documents/${documentId}`;

/** What an offering card and page say about the asset behind it. */
export interface AssetSummary {
  id: string;
  name: string;
  assetType: AssetDoc['assetType'];
  description: string;
  address: string | null;
  status: AssetDoc['status'];
  /** The accepted valuation (else the owner's figure at drafting), NZD. */
  value: number;
  valuation: AssetDoc['valuation'];
  /** The supply now (the register's). */
  tokenCount: number;
  /** The owner's terms, `totalSupply` the supply now. */
  terms: AssetDoc['terms'];
  /** The supply at approval, once a supply change moved it; null while it is the supply now. */
  initialSupply: number | null;
  documents: (AssetDocument & { url: string })[];
}

export function assetSummary(doc: AssetDoc): AssetSummary {
  return {
    id: doc._id,
    name: doc.name,
    assetType: doc.assetType,
    description: doc.description,
    address: doc.address,
    status: doc.status,
    value: doc.valuation?.value ?? doc.totalValue,
    valuation: doc.valuation,
    tokenCount: doc.tokenCount,
    terms: doc.terms,
    initialSupply: doc.initialSupply ?? null,
    documents: doc.documents.map((d) => ({ ...d, url: documentUrl(doc._id, d.id) })),
  };
}

export interface CapTableRow {
  holder: string;
  /** Shown to the owner and staff only. */
  email: string | null;
  kind: 'platform' | 'off-platform';
  tokens: number;
  /** Share of all the asset's tokens, percent to two decimals. */
  percent: number;
  you: boolean;
}

export interface AssetPage extends AssetSummary {
  viewer: AssetViewer;
  /** The owner, named to staff; null for everyone else (the owner knows who they are). */
  owner: Person | null;
  currentStep: number;
  changePercent: number | null;
  firstValuation: number | null;
  /** Why an admin sent it back: for the owner and staff. */
  returnReason: string | null;
  createdAt: string;
  submittedAt: string | null;
  approvedAt: string | null;
  tokenPrice: TokenPrice | null;
  capTable: { rows: CapTableRow[]; held: number; retained: number };
  offerings: {
    id: string;
    name: string;
    status: OfferingDoc['status'];
    tokenPrice: string;
    totalTokens: number;
    tokensIssued: number;
    tokensReserved: number;
    fundsRaised: string;
    createdAt: string;
  }[];
  history: AssetHistoryItem[];
}

const percentOf = (tokens: number, total: number) => (total > 0 ? Math.round((tokens / total) * 10_000) / 100 : 0);

/** The asset page for this viewer, or null when the asset is unknown or not theirs to see. */
export async function assetPage(
  reads: ReadModels,
  viewer: Viewer,
  assetId: string,
  now = new Date().toISOString(),
): Promise<AssetPage | null> {
  const doc = await reads.of(assetsProjection).get(assetId);
  if (!doc) return null;
  const access = await assetAccess(reads, viewer, doc, now);
  if (!access) return null;
  const [offerings, history] = await Promise.all([
    reads.of(offeringsProjection).find({ assetId }, { sort: { createdAt: 1 } }),
    reads.of(assetHistoryProjection).get(assetId),
  ]);
  const insider = access !== 'investor';
  const platform = doc.capTable.filter((e) => e.source === 'platform').map((e) => e.investorId);
  const people = insider ? await peopleById(reads, [...platform, ...(access === 'staff' ? [doc.ownerId] : [])]) : null;
  const rows: CapTableRow[] = doc.capTable.map((e) => {
    const you = e.source === 'platform' && e.investorId === viewer.userId;
    const person = e.source === 'platform' ? people?.get(e.investorId) : null;
    const holder = insider
      ? (person?.name ?? e.name)
      : you
        ? 'You'
        : e.source === 'platform'
          ? 'Wholesale investor'
          : 'Off-platform holder';
    return {
      holder,
      email: insider ? (person ? person.email : e.email) : null,
      kind: e.source,
      tokens: e.tokens,
      percent: percentOf(e.tokens, doc.tokenCount),
      you,
    };
  });
  const held = rows.reduce((sum, r) => sum + r.tokens, 0);
  return {
    ...assetSummary(doc),
    viewer: access,
    owner: access === 'staff' ? (people?.get(doc.ownerId) ?? null) : null,
    currentStep: doc.currentStep,
    changePercent:
      doc.firstValuation && doc.valuation
        ? ((doc.valuation.value - doc.firstValuation) / doc.firstValuation) * 100
        : null,
    firstValuation: doc.firstValuation,
    returnReason: insider ? doc.returnReason : null,
    createdAt: doc.createdAt,
    submittedAt: doc.submittedAt,
    approvedAt: doc.approvedAt,
    tokenPrice: currentTokenPrice(doc),
    capTable: { rows, held, retained: Math.max(0, doc.tokenCount - held) },
    offerings: offerings.map((o) => ({
      id: o._id,
      name: o.name,
      status: o.status,
      tokenPrice: o.tokenPrice,
      totalTokens: o.totalTokens,
      tokensIssued: o.tokensIssued,
      tokensReserved: o.tokensReserved,
      fundsRaised: o.fundsRaised,
      createdAt: o.createdAt,
    })),
    history: history?.items ?? [],
  };
}
