import { type AssetStreamEvent, ASSET_LIFE_EVENT_TYPES } from '../domains/register/events.js';
import {
  DOCUMENT_NAMES,
  missingDocuments,
  type AssetType,
  type DocumentKind,
  type TokenTerms,
  type ValuationMethod,
} from '../domains/assets/events.js';
import type { AssetStatus } from '../domains/assets/asset.decider.js';
import { absentAssets, type RegisterFigures, type ShownFigure } from '../domains/register/figures.js';
import { defineProjection } from '../platform/projection-engine/projection.js';
import { upcasters } from '../domains/upcasters.js';

export interface AssetDocument {
  id: string;
  kind: DocumentKind;
  title: string;
  fileName: string;
  size: number;
  sha256: string;
  uploadedAt: string;
}

export interface CapTableEntry {
  /** 'platform': a verified wholesale investor's confirmed investment; 'off-platform': added by the owner. */
  source: 'platform' | 'off-platform';
  investorId: string;
  name: string;
  email: string | null;
  tokens: number;
  addedAt: string;
}

/** One document per asset: My Assets, the wizard's saved data, the cap table and the admin review queue. */
export interface AssetDoc {
  _id: string;
  ownerId: string;
  name: string;
  description: string;
  assetType: AssetType;
  address: string | null;
  /** The owner's figure at drafting; replaced by the accepted valuation. */
  totalValue: number;
  tokenCount: number;
  status: Exclude<AssetStatus, 'none'>;
  currentStep: number;
  documents: AssetDocument[];
  valuation: { value: number; method: ValuationMethod; at: string } | null;
  /** The first accepted valuation: the base of the change figure on asset cards. */
  firstValuation: number | null;
  /** The owner's terms; `totalSupply` follows approved supply changes (the supply now). */
  terms: TokenTerms | null;
  /** The supply the tokenization was approved with, kept once a supply change moved it (null until then). */
  initialSupply: number | null;
  capTable: CapTableEntry[];
  /** Why an admin sent the request back, until the owner submits again. */
  returnReason: string | null;
  createdAt: string;
  submittedAt: string | null;
  approvedAt: string | null;
  updatedAt: string;
}

const stepOf = (doc: Pick<AssetDoc, 'assetType' | 'documents' | 'valuation' | 'terms'>): number => {
  const kinds = new Set(doc.documents.map((d) => d.kind));
  if (missingDocuments(doc.assetType, (k) => kinds.has(k)).length) return 2;
  if (!doc.valuation) return 3;
  if (!doc.terms) return 4;
  return 5;
};

const EVENT_TYPES = [
  ...ASSET_LIFE_EVENT_TYPES,
  'TokensIssued',
  'TokensTransferred',
  'SupplyChangeApproved',
] as const satisfies AssetStreamEvent['type'][];
type Handled = Extract<AssetStreamEvent, { type: (typeof EVENT_TYPES)[number] }>;

export const assetsProjection = defineProjection<AssetDoc, Handled>({
  upcasters,
  name: 'assets',
  version: 4,
  eventTypes: EVENT_TYPES,
  keys: (event) => [event.data.assetId],
  evolve(doc, event, id) {
    const at = event.metadata.occurredAt;
    if (event.type === 'AssetDrafted') {
      const d = event.data;
      return {
        _id: id,
        ownerId: d.ownerId,
        name: d.name,
        description: d.description,
        assetType: d.assetType,
        address: d.address,
        totalValue: d.totalValue,
        tokenCount: d.tokenCount,
        status: 'draft',
        currentStep: 2,
        documents: [],
        valuation: null,
        firstValuation: null,
        terms: null,
        initialSupply: null,
        capTable: [],
        returnReason: null,
        createdAt: at,
        submittedAt: null,
        approvedAt: null,
        updatedAt: at,
      };
    }
    if (!doc) return null;
    const touched = { ...doc, updatedAt: at };
    switch (event.type) {
      case 'DocumentUploaded': {
        const { documentId, kind, fileName, size, sha256 } = event.data;
        const documents = [
          ...doc.documents.filter((d) => d.kind !== kind),
          { id: documentId, kind, title: DOCUMENT_NAMES[kind], fileName, size, sha256, uploadedAt: at },
        ];
        return { ...touched, documents, currentStep: stepOf({ ...doc, documents }) };
      }
      case 'AssetValued': {
        const valuation = { value: event.data.value, method: event.data.method, at };
        return {
          ...touched,
          valuation,
          totalValue: event.data.value,
          firstValuation: doc.firstValuation ?? event.data.value,
          currentStep: stepOf({ ...doc, valuation }),
        };
      }
      case 'TokenConfigured': {
        const terms = event.data.terms;
        return { ...touched, terms, tokenCount: terms.totalSupply, currentStep: stepOf({ ...doc, terms }) };
      }
      case 'TokenizationRequested':
        return { ...touched, status: 'pending', submittedAt: at, returnReason: null };
      case 'TokenizationApproved':
        return { ...touched, status: 'active', approvedAt: at };
      case 'TokenizationReturned':
        return { ...touched, status: 'draft', returnReason: event.data.reason };
      case 'InvestorAdded': {
        const { investorId, tokens, personal } = event.data;
        return {
          ...touched,
          capTable: [
            ...doc.capTable,
            { source: 'off-platform', investorId, name: personal.name, email: personal.email, tokens, addedAt: at },
          ],
        };
      }
      case 'InvestorHoldingChanged': {
        const { investorId, tokens, personal } = event.data;
        const capTable = doc.capTable.map((e) =>
          e.source === 'off-platform' && e.investorId === investorId
            ? { ...e, tokens, name: personal.name, email: personal.email }
            : e,
        );
        return { ...touched, capTable };
      }
      case 'InvestorRemoved': {
        const gone = (e: CapTableEntry) => e.source === 'off-platform' && e.investorId === event.data.investorId;
        return { ...touched, capTable: doc.capTable.filter((e) => !gone(e)) };
      }
      case 'SupplyChangeApproved': {
        const supply = event.data.supply;
        return {
          ...touched,
          tokenCount: supply,
          terms: doc.terms && { ...doc.terms, totalSupply: supply },
          initialSupply: doc.initialSupply ?? doc.terms?.totalSupply ?? doc.tokenCount,
        };
      }
      case 'TokensIssued': {
        // The register's record of a confirmed investment; one row per investor, a second adds to their tokens.
        // Names are looked up when read.
        const { investorId, tokens } = event.data;
        const existing = doc.capTable.find((e) => e.source === 'platform' && e.investorId === investorId);
        const capTable = existing
          ? doc.capTable.map((e) => (e === existing ? { ...e, tokens: e.tokens + tokens } : e))
          : [...doc.capTable, { source: 'platform' as const, investorId, name: '', email: null, tokens, addedAt: at }];
        return { ...touched, capTable };
      }
      case 'TokensTransferred': {
        // A transfer between investors (domains/transfers): the seller's row goes down (and away at 0), the buyer's up.
        const { fromInvestorId, toInvestorId, tokens } = event.data;
        const moved = doc.capTable
          .map((e) =>
            e.source === 'platform' && e.investorId === fromInvestorId ? { ...e, tokens: e.tokens - tokens } : e,
          )
          .filter((e) => e.source !== 'platform' || e.tokens > 0);
        const existing = moved.find((e) => e.source === 'platform' && e.investorId === toInvestorId);
        const capTable = existing
          ? moved.map((e) => (e === existing ? { ...e, tokens: e.tokens + tokens } : e))
          : [
              ...moved,
              { source: 'platform' as const, investorId: toInvestorId, name: '', email: null, tokens, addedAt: at },
            ];
        return { ...touched, capTable };
      }
      default: {
        const _exhaustive: never = event;
        return doc;
      }
    }
  },
});

const sumOf = (rows: readonly CapTableEntry[], source: CapTableEntry['source']) =>
  rows.filter((e) => e.source === source).reduce((s, e) => s + e.tokens, 0);

/** My Assets, the asset page and the cap table: the supply, who holds what, how many holders. */
export const assetsFigures: RegisterFigures<AssetDoc> = {
  select: ({ assetIds }) => ({ _id: { $in: assetIds } }),
  figures(docs, covered) {
    const shown: ShownFigure[] = docs.flatMap((d): ShownFigure[] => {
      const assetId = d._id;
      return [
        { scope: 'asset', assetId, figure: 'document', value: d.tokenCount },
        { scope: 'asset', assetId, figure: 'supply', value: d.tokenCount },
        // The Token Terms card shows this one as the total supply.
        ...(d.terms && d.status === 'active'
          ? [{ scope: 'asset' as const, assetId, figure: 'supply' as const, value: d.terms.totalSupply }]
          : []),
        { scope: 'asset', assetId, figure: 'offPlatform', value: sumOf(d.capTable, 'off-platform') },
        { scope: 'asset', assetId, figure: 'issued', value: sumOf(d.capTable, 'platform') },
        { scope: 'asset', assetId, figure: 'holders', value: d.capTable.length },
      ];
    });
    return [...shown, ...absentAssets(covered, new Set(docs.map((d) => d._id)))];
  },
};
