import { id, int, nullable, number, object, oneOf, string, type EventSchemas } from '../../platform/event-schema.js';

/**
 * Events of one asset, in the stream `asset-<assetId>`: from the owner's draft to an approved tokenization.
 * Personal data stays out: the owner is named by id, investors added off-platform carry a name the owner
 * typed (erasable with the owner's key later, like every personal field, under `personal`).
 * `TokenizationApproved` is where on-chain minting will hang: it carries the approved token terms, so a
 * minting process can subscribe to it and record `TokensMinted` in the same stream.
 */
export type AssetType = 'property' | 'business' | 'startup';
export const ASSET_TYPES: readonly AssetType[] = ['property', 'business', 'startup'];

/**
 * The documents step asks for what fits the asset (REQUIRED_DOCUMENTS): a property's title and valuation, a
 * business's accounts and valuation, a startup's constitution and share register. Every kind stays readable:
 * before kinds depended on the type, every asset was asked for a Property Deed and a Valuation Report, and
 * an asset holding those two counts as documented whatever its type (documentsComplete).
 */
export type DocumentKind =
  | 'property-deed'
  | 'valuation-report'
  | 'financial-statements'
  | 'company-constitution'
  | 'shareholder-register';
export const DOCUMENT_KINDS: readonly DocumentKind[] = [
  'property-deed',
  'valuation-report',
  'financial-statements',
  'company-constitution',
  'shareholder-register',
];
export const DOCUMENT_NAMES: Record<DocumentKind, string> = {
  'property-deed': 'Property Deed',
  'valuation-report': 'Valuation Report',
  'financial-statements': 'Financial Statements',
  'company-constitution': 'Company Constitution',
  'shareholder-register': 'Shareholder Register',
};
export const REQUIRED_DOCUMENTS: Record<AssetType, readonly DocumentKind[]> = {
  property: ['property-deed', 'valuation-report'],
  business: ['financial-statements', 'valuation-report'],
  startup: ['company-constitution', 'shareholder-register'],
};
/** What every asset was asked for before the kinds depended on its type. */
const LEGACY_DOCUMENTS: readonly DocumentKind[] = ['property-deed', 'valuation-report'];

/** The documents still to upload for an asset of this type ([] when its documents are complete). */
export function missingDocuments(assetType: AssetType, has: (kind: DocumentKind) => boolean): DocumentKind[] {
  if (LEGACY_DOCUMENTS.every(has)) return [];
  return REQUIRED_DOCUMENTS[assetType].filter((kind) => !has(kind));
}

/** The kinds an owner may upload for this asset: its type's, and any it holds already (to replace it). */
export function acceptsDocument(assetType: AssetType, kind: DocumentKind, has: (kind: DocumentKind) => boolean) {
  return REQUIRED_DOCUMENTS[assetType].includes(kind) || has(kind);
}

export const documentList = (kinds: readonly DocumentKind[]) =>
  kinds.map((k) => DOCUMENT_NAMES[k]).join(kinds.length === 2 ? ' and ' : ', ');

export type ValuationMethod = 'property-calculator' | 'startup-calculator' | 'owner-estimate';
export const VALUATION_METHODS: readonly ValuationMethod[] = [
  'property-calculator',
  'startup-calculator',
  'owner-estimate',
];
export const NETWORKS: readonly TokenTerms['network'][] = ['ethereum', 'polygon', 'base'];

export interface TokenTerms {
  /** 3–6 capital letters or digits. */
  symbol: string;
  name: string;
  totalSupply: number;
  decimals: number;
  /** NZD per token. */
  price: number;
  minInvestment: number;
  maxInvestment: number;
  network: 'ethereum' | 'polygon' | 'base';
  lockUpMonths: number;
  /** Platform fee on each investment, percent. */
  feePercent: number;
}

export interface AssetDrafted {
  type: 'AssetDrafted';
  data: {
    assetId: string;
    ownerId: string;
    name: string;
    description: string;
    assetType: AssetType;
    address: string | null;
    totalValue: number;
    tokenCount: number;
  };
}
export interface DocumentUploaded {
  type: 'DocumentUploaded';
  data: {
    assetId: string;
    ownerId: string;
    documentId: string;
    kind: DocumentKind;
    fileName: string;
    size: number;
    sha256: string;
  };
}
export interface AssetValued {
  type: 'AssetValued';
  data: { assetId: string; ownerId: string; value: number; method: ValuationMethod };
}
export interface TokenConfigured {
  type: 'TokenConfigured';
  data: { assetId: string; ownerId: string; terms: TokenTerms };
}
export interface TokenizationRequested {
  type: 'TokenizationRequested';
  data: { assetId: string; ownerId: string };
}
export interface TokenizationApproved {
  type: 'TokenizationApproved';
  data: { assetId: string; ownerId: string; approvedBy: string; terms: TokenTerms; value: number };
}
export interface TokenizationReturned {
  type: 'TokenizationReturned';
  data: { assetId: string; ownerId: string; returnedBy: string; reason: string };
}
export interface InvestorAdded {
  type: 'InvestorAdded';
  /** v2 names the person (`subjectId`, the investor id) whose key seals `personal`; v1 is upcast (upcasters.ts). */
  data: {
    assetId: string;
    ownerId: string;
    investorId: string;
    subjectId: string;
    tokens: number;
    personal: { name: string; email: string | null };
  };
}

export type AssetEvent =
  | AssetDrafted
  | DocumentUploaded
  | AssetValued
  | TokenConfigured
  | TokenizationRequested
  | TokenizationApproved
  | TokenizationReturned
  | InvestorAdded;

/** Field shapes shared by the events and the decider's own checks (with the form's messages). */
export const ASSET_FIELDS = {
  name: string({ nonEmpty: true, max: 120 }),
  description: string({ min: 10, max: 4000 }),
  assetType: oneOf(ASSET_TYPES),
  address: nullable(string({ max: 300 })),
  /** NZD. */
  value: number({ min: 1, max: 1e13 }),
  tokenCount: int({ min: 1, max: 1e12 }),
  kind: oneOf(DOCUMENT_KINDS),
  fileName: string({ nonEmpty: true, max: 200 }),
  size: int(),
  sha256: string({ max: 64, pattern: /^[0-9a-f]{64}$/ }),
  method: oneOf(VALUATION_METHODS),
  reason: string({ min: 5, max: 1000 }),
  investorName: string({ nonEmpty: true, min: 2, max: 120 }),
  investorEmail: nullable(string({ max: 254, pattern: /^[^@\s]+@[^@\s]+$/ })),
  tokens: int({ min: 1 }),
};

const positive = number({ min: Number.MIN_VALUE });
export const TERM_FIELDS = {
  symbol: string({ max: 6, pattern: /^[A-Z0-9]{3,6}$/ }),
  name: string({ nonEmpty: true, min: 2, max: 80 }),
  totalSupply: int({ min: 1 }),
  decimals: int({ max: 18 }),
  price: positive,
  minInvestment: positive,
  maxInvestment: positive,
  network: oneOf(NETWORKS),
  lockUpMonths: int({ max: 120 }),
  feePercent: number({ min: 0, max: 10 }),
};
const terms = object(TERM_FIELDS);
const owned = { assetId: id(), ownerId: id() };

export const assetEventSchemas = {
  AssetDrafted: object({
    ...owned,
    name: ASSET_FIELDS.name,
    description: ASSET_FIELDS.description,
    assetType: ASSET_FIELDS.assetType,
    address: ASSET_FIELDS.address,
    totalValue: ASSET_FIELDS.value,
    tokenCount: ASSET_FIELDS.tokenCount,
  }),
  DocumentUploaded: object({
    ...owned,
    documentId: id(),
    kind: ASSET_FIELDS.kind,
    fileName: ASSET_FIELDS.fileName,
    size: ASSET_FIELDS.size,
    sha256: ASSET_FIELDS.sha256,
  }),
  AssetValued: object({ ...owned, value: ASSET_FIELDS.value, method: ASSET_FIELDS.method }),
  TokenConfigured: object({ ...owned, terms }),
  TokenizationRequested: object(owned),
  TokenizationApproved: object({ ...owned, approvedBy: id(), terms, value: ASSET_FIELDS.value }),
  TokenizationReturned: object({ ...owned, returnedBy: id(), reason: ASSET_FIELDS.reason }),
  InvestorAdded: object({
    ...owned,
    investorId: id(),
    subjectId: id(),
    tokens: ASSET_FIELDS.tokens,
    personal: object({ name: ASSET_FIELDS.investorName, email: ASSET_FIELDS.investorEmail }),
  }),
} satisfies EventSchemas<AssetEvent>;

export const assetStream = (assetId: string) => `asset-${assetId}`;
