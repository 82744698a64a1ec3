/**
 * The calculators' logic without the forms (docs/specification.md §2, §3, §5, §9): which inputs are required, how the form's
 * values become the request, and how an answer is shown. The components only lay these out.
 */
import type {
  Amenity,
  PricingResult,
  PropertyAnalysis,
  PropertyInput,
  StartupAnalysis,
  StartupInput,
  Tier,
} from '../../api/types';
import { formatMoney, formatPercent, formatTokenPrice } from '../format';

/** One figure of a result, as a titled statistic. */
export interface Figure {
  title: string;
  value: string;
}

/** The property form as antd holds it: numbers are null when empty, the selects undefined until chosen. */
export type PropertyForm = Omit<
  PropertyInput,
  'amenities' | 'tokenCount' | 'propertyPercentage' | 'size' | 'propertyType' | 'condition' | 'location' | 'country'
> & {
  location?: string;
  country?: string;
  tokenCount: number | null;
  propertyPercentage: number | null;
  size: number | null;
  propertyType?: PropertyInput['propertyType'];
  condition?: PropertyInput['condition'];
};

/**
 * The property request, or null when a required field is missing ('Missing Information', PROPERTY_REQUIRED).
 * The address is trimmed and the token count read as a whole number; optional text and size default to
 * empty and 0.
 */
export function propertyRequest(form: PropertyForm, amenities: Amenity[]): PropertyInput | null {
  const address = form.propertyAddress?.trim();
  const { tokenCount, propertyPercentage, propertyType, condition } = form;
  if (!address || !tokenCount || !propertyPercentage || !propertyType || !condition) return null;
  return {
    propertyAddress: address,
    tokenCount: Math.trunc(tokenCount),
    propertyPercentage,
    propertyType,
    location: form.location ?? '',
    country: form.country ?? '',
    size: form.size ?? 0,
    condition,
    amenities,
  };
}

export type StartupForm = Partial<{ [K in keyof StartupInput]: StartupInput[K] | null }>;

/** A whole number, or undefined when the field is empty. */
const whole = (n: number | null | undefined) => (n == null ? undefined : Math.trunc(n));

/**
 * The startup request, or null when the name, industry or stage is missing (STARTUP_REQUIRED). Numbers are
 * whole; an empty token count or funding goal is sent as 0 (the server answers with the spec's minimums),
 * the optional ones stay unset.
 */
export function startupRequest(form: StartupForm): StartupInput | null {
  const companyName = form.companyName?.trim();
  const { industry, businessStage } = form;
  if (!companyName || !industry || !businessStage) return null;
  return {
    companyName,
    tokenCount: whole(form.tokenCount) ?? 0,
    fundingGoal: whole(form.fundingGoal) ?? 0,
    industry,
    businessStage,
    revenue: whole(form.revenue),
    employees: whole(form.employees),
    foundedYear: whole(form.foundedYear),
    description: form.description || undefined,
    useOfFunds: form.useOfFunds || undefined,
  };
}

/** The property result's headline figures, in the currency the server answered. */
export function propertyFigures(result: PropertyAnalysis): Figure[] {
  const money = (value: number) => formatMoney(value, result.currency);
  return [
    { title: 'Property Value', value: money(result.propertyValue) },
    { title: 'Tokenized Value', value: money(result.tokenizedValue) },
    { title: 'Token Value', value: formatTokenPrice(result.tokenValue, result.currency) },
    { title: 'Total Cost', value: money(result.totalCost) },
  ];
}

/** The rental income figures (yield to one decimal), or null for a property without income projections. */
export interface IncomeFigures {
  figures: Figure[];
  fiveYears: string;
  perToken: string;
}

export function incomeFigures(result: PropertyAnalysis): IncomeFigures | null {
  const income = result.incomeProjections;
  if (!income) return null;
  const money = (value: number) => formatMoney(value, result.currency);
  return {
    figures: [
      { title: 'Monthly Rental', value: money(income.monthlyRental) },
      { title: 'Owner Retained', value: money(income.ownerRetainedIncome) },
      { title: 'Token Holder Share', value: money(income.tokenHolderShare) },
      { title: 'Yield', value: formatPercent(income.yieldPercentage) },
    ],
    fiveYears: money(income.fiveYearProjection),
    perToken: formatTokenPrice(income.distributionPerToken, result.currency),
  };
}

/** The startup result's headline figures. */
export function startupFigures(result: StartupAnalysis): Figure[] {
  return [
    { title: 'Company Valuation', value: formatMoney(result.companyValuation, result.currency) },
    { title: 'Funding Goal', value: formatMoney(result.fundingGoal, result.currency) },
    { title: 'Token Value', value: formatTokenPrice(result.tokenValue, result.currency) },
    { title: 'Equity Offered', value: formatPercent(result.equityOffered) },
  ];
}

/** The startup result's projected returns. */
export function startupReturns(result: StartupAnalysis): Figure[] {
  const returns = result.projectedReturns;
  return [
    { title: 'Expected Growth', value: `${returns.expectedGrowthRate}% per year` },
    { title: 'Time to Liquidity', value: returns.timeToLiquidity },
    { title: 'Potential Returns', value: returns.potentialReturns },
    { title: 'Total Cost', value: formatMoney(result.totalCost, result.currency) },
  ];
}

export const pricingTiers: { value: Tier; label: string }[] = [
  { value: 'starter', label: 'Starter ($5,000 one-time)' },
  { value: 'professional', label: 'Professional ($199/month)' },
  { value: 'enterprise', label: 'Enterprise ($999/month)' },
];

/** The pricing calculator asks only for a number above 0 (docs/specification.md §5). */
export function canPrice(assetValue: number | null): assetValue is number {
  return assetValue !== null && Number.isFinite(assetValue) && assetValue > 0;
}

/**
 * The pricing result's rows, in NZD; `waived` marks the first payment the early-access offer waives. The first
 * payment is named for what it is: Starter's one-time sign-on (setup) fee, or a monthly plan's first month —
 * never a "setup fee" for what is a monthly subscription.
 */
export function pricingRows(result: PricingResult): (Figure & { waived?: boolean })[] {
  const firstPayment =
    result.planBilling === 'one-time'
      ? 'Setup Fee (one-time)'
      : `First Month (${formatMoney(result.planPrice, 'NZD')}/month)`;
  return [
    { title: firstPayment, value: formatMoney(result.setupFee, 'NZD'), waived: result.setupFeeWaived },
    { title: 'Platform Fee', value: `${result.platformFeePercent}% + $0.30 per transaction` },
    { title: 'Platform Fee Amount', value: formatMoney(result.platformFee, 'NZD') },
    { title: 'Total', value: formatMoney(result.total, 'NZD') },
  ];
}
