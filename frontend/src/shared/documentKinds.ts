import type { Asset, AssetType, DocumentKind } from '../api/types';

/** The documents step per asset type (the server's REQUIRED_DOCUMENTS, domains/assets/events.ts). */
export const DOCUMENTS: Record<DocumentKind, { title: string; what: string }> = {
  'property-deed': {
    title: 'Property Deed',
    what: 'The record of title showing you own the property.',
  },
  'valuation-report': {
    title: 'Valuation Report',
    what: 'A registered valuer’s report, dated within the last 12 months.',
  },
  'financial-statements': {
    title: 'Financial Statements',
    what: 'The business’s last two years of annual accounts (profit and loss, balance sheet).',
  },
  'company-constitution': {
    title: 'Company Constitution',
    what: 'The company’s constitution as registered with the Companies Office.',
  },
  'shareholder-register': {
    title: 'Shareholder Register',
    what: 'The current share register: who holds which shares.',
  },
};

export const REQUIRED_DOCUMENTS: Record<AssetType, readonly DocumentKind[]> = {
  property: ['property-deed', 'valuation-report'],
  business: ['financial-statements', 'valuation-report'],
  startup: ['company-constitution', 'shareholder-register'],
};
const LEGACY: readonly DocumentKind[] = ['property-deed', 'valuation-report'];

/**
 * The document cards an asset shows: its type's; an asset documented before the kinds depended on the type
 * (a deed and a valuation report, whatever it is) keeps showing those.
 */
export function documentKindsFor(asset: Pick<Asset, 'assetType' | 'documents'>): readonly DocumentKind[] {
  const has = new Set(asset.documents.map((d) => d.kind));
  return LEGACY.every((k) => has.has(k)) ? LEGACY : REQUIRED_DOCUMENTS[asset.assetType];
}

export function documentsComplete(asset: Pick<Asset, 'assetType' | 'documents'>): boolean {
  const has = new Set(asset.documents.map((d) => d.kind));
  return documentKindsFor(asset).every((k) => has.has(k));
}
