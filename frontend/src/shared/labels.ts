/**
 * The words a screen shows for the server's stored values (one mapping per kind, here only): a page never shows
 * 'polygon', 'pending' or 'kyc' as they are stored.
 */
import type { Activity, Asset, ComplianceCheck, TokenTerms } from '../api/types';

/** A value the mapping does not know yet (a newer server): its words, capitalised, rather than nothing. */
const fallback = (value: string) => (value.charAt(0).toUpperCase() + value.slice(1)).replace(/[-_]/g, ' ');
const labelOf =
  <K extends string>(labels: Record<K, string>) =>
  (value: K | string): string =>
    Object.hasOwn(labels, value) ? labels[value as K] : fallback(value);

export const assetTypeLabel = labelOf<Asset['assetType']>({
  property: 'Property',
  business: 'Business',
  startup: 'Startup',
});

export const networkLabel = labelOf<TokenTerms['network']>({
  polygon: 'Polygon',
  ethereum: 'Ethereum',
  base: 'Base',
});

export const checkStatusLabel = labelOf<ComplianceCheck['status']>({
  passed: 'Passed',
  pending: 'Pending',
  failed: 'Failed',
  expired: 'Expired',
});

/** The tag colour of a compliance check's status. */
export const checkColors: Record<ComplianceCheck['status'], string> = {
  passed: 'green',
  pending: 'gold',
  failed: 'red',
  expired: 'volcano',
};

/** What an activity is about, after its date in Recent Activity. */
export const activityTypeLabel = labelOf<Activity['type']>({
  kyc: 'Verification',
  asset: 'Asset',
  investor: 'Investor',
  compliance: 'Compliance',
});

/** A wholesale certification's state, as the admin's table shows it. */
export const verificationStatusLabel = labelOf<'pending' | 'verified' | 'rejected' | 'expired' | 'revoked'>({
  pending: 'Pending',
  verified: 'Verified',
  rejected: 'Rejected',
  expired: 'Expired',
  revoked: 'Revoked by the investor',
});

export const offeringStatusLabel = labelOf<'active' | 'closed'>({ active: 'Active', closed: 'Closed' });

/** A read model's state on /admin/operations. */
export const projectionStatusLabel = labelOf<'starting' | 'catching-up' | 'live' | 'failed' | 'rebuilding'>({
  starting: 'Starting',
  'catching-up': 'Catching up',
  live: 'Live',
  failed: 'Failed',
  rebuilding: 'Rebuilding',
});
