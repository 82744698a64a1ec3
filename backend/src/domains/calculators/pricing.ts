import { PLANS, TRANSACTION_FEE, type Tier } from '../plans/plans.js';

export interface PricingResult {
  tier: Tier;
  setupFee: number;
  /** True when the early-access waiver removed the set-up fee. */
  setupFeeWaived: boolean;
  /** The plan's price and how it is billed, so the first payment can be named for what it is. */
  planPrice: number;
  planBilling: 'one-time' | 'monthly';
  platformFeePercent: number;
  platformFee: number;
  total: number;
}

/**
 * What tokenizing an asset of `assetValue` costs on a plan: the set-up fee is the plan's first payment
 * (Starter's one-time price, or the first month of a monthly plan) — waived for the first 100 early-access
 * registrants — and the platform fee is the terms' payment processing fee, 3.5% + $0.30 per transaction.
 */
export function calculatePricing(assetValue: number, tier: Tier, earlyAccessWaiver: boolean): PricingResult {
  const setupFee = earlyAccessWaiver ? 0 : PLANS[tier].price;
  const platformFee = Math.round(((assetValue * TRANSACTION_FEE.percent) / 100 + TRANSACTION_FEE.fixed) * 100) / 100;
  return {
    tier,
    setupFee,
    setupFeeWaived: earlyAccessWaiver,
    planPrice: PLANS[tier].price,
    planBilling: PLANS[tier].billing,
    platformFeePercent: TRANSACTION_FEE.percent,
    platformFee,
    total: Math.round((setupFee + platformFee) * 100) / 100,
  };
}
