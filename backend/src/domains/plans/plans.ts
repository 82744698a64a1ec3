/**
 * The subscription plans of spec section 9 — one catalogue for pricing, billing and the limits the
 * owner workspace and offerings enforce. Amounts are NZD.
 *
 * Professional: the spec gives two sets of limits (plan card: up to $2M assets and 50 investors; billing
 * page: $5M and 100). We apply the plan card's everywhere, because it is what a customer reads when they
 * choose and pay, and a regulated platform must not sell more than it states at the point of sale.
 * The landing page's "5 asset tokens" is the number of tokenized assets.
 */
export type Tier = 'starter' | 'professional' | 'enterprise';
export const TIERS: readonly Tier[] = ['starter', 'professional', 'enterprise'];

export interface PlanLimits {
  /** Assets the owner may tokenize; null = unlimited. */
  maxAssets: number | null;
  /** Value of one asset, NZD; null = unlimited. */
  maxAssetValue: number | null;
  /** Investors holding tokens of one asset; null = unlimited. */
  maxInvestorsPerAsset: number | null;
}

export interface Plan {
  tier: Tier;
  name: string;
  /** 'one-time' (starter) is paid once and cannot be cancelled; 'monthly' renews. */
  billing: 'one-time' | 'monthly';
  price: number;
  mostPopular: boolean;
  limits: PlanLimits;
  features: readonly string[];
}

export const PLANS: Readonly<Record<Tier, Plan>> = {
  starter: {
    tier: 'starter',
    name: 'Starter',
    billing: 'one-time',
    price: 5000,
    mostPopular: false,
    limits: { maxAssets: 1, maxAssetValue: 500_000, maxInvestorsPerAsset: 10 },
    features: ['Up to $500k assets', '10 investors', 'Basic compliance checks'],
  },
  professional: {
    tier: 'professional',
    name: 'Professional',
    billing: 'monthly',
    price: 199,
    mostPopular: true,
    limits: { maxAssets: 5, maxAssetValue: 2_000_000, maxInvestorsPerAsset: 50 },
    features: [
      'Up to $2M assets',
      '50 investors',
      'Advanced compliance automation',
      'Priority support',
      'Multi-jurisdiction',
      'Custom legal templates',
      'Analytics dashboard',
    ],
  },
  enterprise: {
    tier: 'enterprise',
    name: 'Enterprise',
    billing: 'monthly',
    price: 999,
    mostPopular: false,
    limits: { maxAssets: null, maxAssetValue: null, maxInvestorsPerAsset: null },
    features: [
      'Unlimited asset value and investors',
      'Full compliance suite',
      '24/7 support',
      'White-label',
      'Custom integrations',
      'Advanced analytics',
      'Regulatory reporting',
      'API access',
    ],
  },
};

/** The terms' payment processing fee: 3.5% plus $0.30 per transaction. */
export const TRANSACTION_FEE = { percent: 3.5, fixed: 0.3 } as const;

/** Early bird: the first 100 registrations of interest waive the setup fee (see early-access/options.ts). */
export { FEE_FREE_PLACES } from '../early-access/options.js';
