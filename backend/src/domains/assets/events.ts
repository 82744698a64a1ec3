/**
 * Events of one asset, in the stream `asset-<assetId>`: from the owner's draft to an approved tokenization.
 * Personal data stays out: the owner is named by id, investors added off-platform carry a name the owner
 * typed (erasable with the owner's key later, like every personal field, under `personal`).
 * `TokenizationApproved` is where on-chain minting will hang: it carries the approved token terms, so a
 * minting process can subscribe to it and record `TokensMinted` in the same stream.
 */
export type AssetType = 'property' | 'business' | 'startup';
export const ASSET_TYPES: readonly AssetType[] = ['property', 'business', 'startup'];

export type DocumentKind = 'property-deed' | 'valuation-report';
export const DOCUMENT_KINDS: readonly DocumentKind[] = ['property-deed', 'valuation-report'];
export const DOCUMENT_NAMES: Record<DocumentKind, string> = { 'property-deed': 'Property Deed', 'valuation-report': 'Valuation Report' };

export type ValuationMethod = 'property-calculator' | 'startup-calculator' | 'owner-estimate';

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
  data: { assetId: string; ownerId: string; name: string; description: string; assetType: AssetType; address: string | null; totalValue: number; tokenCount: number };
}
export interface DocumentUploaded {
  type: 'DocumentUploaded';
  data: { assetId: string; ownerId: string; documentId: string; kind: DocumentKind; fileName: string; size: number; sha256: string };
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
  data: { assetId: string; ownerId: string; investorId: string; subjectId: string; tokens: number; personal: { name: string; email: string | null } };
}

export type AssetEvent = AssetDrafted | DocumentUploaded | AssetValued | TokenConfigured | TokenizationRequested | TokenizationApproved | TokenizationReturned | InvestorAdded;

export const assetStream = (assetId: string) => `asset-${assetId}`;
