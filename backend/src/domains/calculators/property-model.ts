import { PLANS, TRANSACTION_FEE } from '../plans/plans.js';
import {
  AMENITY_UPLIFT,
  ANNUAL_RENT_GROWTH,
  ASSET_CLASSES,
  CONDITION_FACTORS,
  COUNTRIES,
  DISCLAIMER,
  NZ_REGIONS,
  REFERENCE_DATE,
  TOKENIZATION_COSTS,
  type Amenity,
  type Condition,
  type CountryCode,
  type NzRegion,
  type PropertyType,
} from './reference-data.js';

export interface PropertyInput {
  propertyAddress: string;
  tokenCount: number;
  propertyPercentage: number;
  propertyType: PropertyType;
  location?: string;
  country?: string;
  /** Floor (or land) area in m²; 0 or absent: the asset class's typical size. */
  size?: number;
  condition: Condition;
  amenities?: Amenity[];
}

export interface Cost {
  description: string;
  amount: number;
}

export interface Risk {
  level: 'low' | 'medium' | 'high';
  category: string;
  description: string;
}

export interface IncomeProjections {
  monthlyRental: number;
  ownerRetainedIncome: number;
  tokenHolderShare: number;
  fiveYearProjection: number;
  distributionPerToken: number;
  yieldPercentage: number;
  /** Token holders' income year by year (the five-year chart). */
  years: { year: number; tokenHolderIncome: number }[];
}

export interface PropertyAnalysis {
  propertyValue: number;
  tokenValue: number;
  currency: string;
  tokenCount: number;
  propertyPercentage: number;
  tokenizedValue: number;
  costs: Cost[];
  totalCost: number;
  riskAnalysis: Risk[];
  recommendations: string[];
  incomeProjections?: IncomeProjections;
  /** How the value was reached, line by line, so the estimate can be checked. */
  basis: string[];
  disclaimer: string;
  referenceDate: string;
}

const dollars = (value: number) => Math.round(value);
const cents = (value: number) => Math.round(value * 100) / 100;
/** Token prices keep cents, or four significant digits below a dollar so a tiny price never shows as 0. */
export const tokenPrice = (value: number) => (value >= 1 ? cents(value) : Number(value.toPrecision(4)));
const money = (value: number, currency: string) => `${currency} ${Math.round(value).toLocaleString('en-US')}`;

/** Which country the free-text field names (unknown → 'other'; empty → New Zealand, the platform's home). */
export function countryOf(country: string | undefined): CountryCode {
  const text = (country ?? '').trim().toLowerCase();
  if (!text) return 'nz';
  for (const [code, info] of Object.entries(COUNTRIES) as [CountryCode, (typeof COUNTRIES)[CountryCode]][]) {
    if (info.keywords.some((keyword) => text === keyword || (keyword.length > 3 && text.includes(keyword))))
      return code;
  }
  return 'other';
}

/** Which NZ region a free-text location (or the address) is in: the first region whose place names it mentions. */
export function regionOf(...texts: (string | undefined)[]): NzRegion {
  const text = texts.filter(Boolean).join(' ').toLowerCase();
  for (const [region, info] of Object.entries(NZ_REGIONS) as [NzRegion, (typeof NZ_REGIONS)[NzRegion]][]) {
    if (info.keywords.some((keyword) => text.includes(keyword))) return region;
  }
  return 'restOfNz';
}

/** The platform's own fees for one asset: the Professional set-up month plus the terms' transaction fee. */
function platformCosts(tokenizedValue: number): Cost[] {
  return [
    {
      description: `Platform subscription (${PLANS.professional.name}, first month)`,
      amount: PLANS.professional.price,
    },
    {
      description: `Payment processing (${TRANSACTION_FEE.percent}% + $${TRANSACTION_FEE.fixed.toFixed(2)} per transaction)`,
      amount: cents((tokenizedValue * TRANSACTION_FEE.percent) / 100 + TRANSACTION_FEE.fixed),
    },
  ];
}

export function tokenizationCosts(value: number): Cost[] {
  const c = TOKENIZATION_COSTS;
  const clamp = (x: number, min: number, max: number) => Math.min(max, Math.max(min, x));
  return [
    {
      description: 'Legal structuring and offer documents',
      amount: dollars(Math.min(c.legalStructuring.max, c.legalStructuring.base + value * c.legalStructuring.ofValue)),
    },
    {
      description: 'Independent registered valuation',
      amount: dollars(clamp(value * c.valuationReport.ofValue, c.valuationReport.min, c.valuationReport.max)),
    },
    { description: 'Smart contract development and audit', amount: c.smartContract.base },
    { description: 'Compliance review and disclosure (FMC Act wholesale)', amount: c.complianceAndDisclosure.base },
    { description: 'Custody and trustee set-up', amount: c.custodyAndTrusteeSetup.base },
  ];
}

/**
 * Property valuation and tokenization analysis. Deterministic: value = area × regional price per m² ×
 * asset-class factor × condition factor × (1 + amenity uplifts); income = value × gross yield.
 */
export function analyzeProperty(input: PropertyInput): PropertyAnalysis {
  const assetClass = ASSET_CLASSES[input.propertyType];
  const countryCode = countryOf(input.country);
  const country = COUNTRIES[countryCode];
  const region = countryCode === 'nz' ? NZ_REGIONS[regionOf(input.location, input.propertyAddress)] : null;
  const residentialPerSqm = region
    ? region.residentialPerSqm
    : (country as { residentialPerSqm: number }).residentialPerSqm;
  const residentialYield = region
    ? region.residentialYield
    : (country as { residentialYield: number }).residentialYield;
  const amenities = [...new Set(input.amenities ?? [])];
  const amenityUplift = amenities.reduce((sum, amenity) => sum + AMENITY_UPLIFT[amenity], 0);
  const size = input.size && input.size > 0 ? input.size : assetClass.typicalSize;
  const basis: string[] = [];

  let baseValue: number;
  if (assetClass.perSqm !== null) {
    const perSqm = residentialPerSqm * assetClass.perSqm;
    baseValue = size * perSqm;
    basis.push(
      `${size.toLocaleString('en-US')} m² × ${money(perSqm, country.currency)}/m² (${assetClass.label}, ${region ? region.name : country.name})`,
    );
  } else {
    // Not valued by area: a reference value for the class, scaled to the market's price level.
    baseValue = (assetClass.baseValue ?? 0) * (residentialPerSqm / NZ_REGIONS.restOfNz.residentialPerSqm);
    basis.push(
      `Reference value for ${assetClass.label} in ${region ? region.name : country.name}: ${money(baseValue, country.currency)}`,
    );
  }
  const conditionFactor = CONDITION_FACTORS[input.condition];
  basis.push(`Condition ${input.condition}: × ${conditionFactor}`);
  if (amenities.length) basis.push(`Amenities (${amenities.join(', ')}): + ${(amenityUplift * 100).toFixed(1)}%`);

  const propertyValue = dollars(baseValue * conditionFactor * (1 + amenityUplift));
  const tokenizedValue = dollars((propertyValue * input.propertyPercentage) / 100);
  const tokenValue = tokenPrice(tokenizedValue / input.tokenCount);
  const costs = [...tokenizationCosts(tokenizedValue), ...platformCosts(tokenizedValue)];
  const totalCost = cents(costs.reduce((sum, cost) => sum + cost.amount, 0));

  let incomeProjections: IncomeProjections | undefined;
  if (assetClass.yieldSpread !== null) {
    const grossYield = residentialYield + assetClass.yieldSpread;
    const monthlyRental = (propertyValue * grossYield) / 100 / 12;
    const share = input.propertyPercentage / 100;
    const years = [1, 2, 3, 4, 5].map((year) => ({
      year,
      tokenHolderIncome: dollars(monthlyRental * 12 * share * (1 + ANNUAL_RENT_GROWTH) ** (year - 1)),
    }));
    incomeProjections = {
      monthlyRental: dollars(monthlyRental),
      ownerRetainedIncome: dollars(monthlyRental * (1 - share)),
      tokenHolderShare: dollars(monthlyRental * share),
      fiveYearProjection: years.reduce((sum, y) => sum + y.tokenHolderIncome, 0),
      distributionPerToken: cents((monthlyRental * 12 * share) / input.tokenCount),
      yieldPercentage: Math.round(grossYield * 10) / 10,
      years,
    };
    basis.push(
      `Gross yield ${grossYield.toFixed(1)}% (${region ? region.name : country.name} residential ${residentialYield}% ${assetClass.yieldSpread >= 0 ? '+' : '−'} ${Math.abs(assetClass.yieldSpread)}% for ${assetClass.label})`,
    );
  }

  const riskAnalysis = propertyRisks(
    input,
    assetClass.risk,
    assetClass.label,
    tokenValue,
    countryCode,
    incomeProjections,
  );
  return {
    propertyValue,
    tokenValue,
    currency: country.currency,
    tokenCount: input.tokenCount,
    propertyPercentage: input.propertyPercentage,
    tokenizedValue,
    costs,
    totalCost,
    riskAnalysis,
    recommendations: propertyRecommendations(
      input,
      riskAnalysis,
      tokenValue,
      totalCost,
      tokenizedValue,
      country.currency,
    ),
    incomeProjections,
    basis,
    disclaimer: DISCLAIMER,
    referenceDate: REFERENCE_DATE,
  };
}

function propertyRisks(
  input: PropertyInput,
  marketRisk: Risk['level'],
  label: string,
  tokenValue: number,
  country: CountryCode,
  income: IncomeProjections | undefined,
): Risk[] {
  const risks: Risk[] = [
    { level: marketRisk, category: 'Market', description: `Price risk typical of ${label} assets.` },
    {
      level: 'medium',
      category: 'Regulatory',
      description:
        'Offers are limited to wholesale investors (FMC Act 2013, Schedule 1); each investor must be verified before investing.',
    },
  ];
  if (input.condition === 'needs-work')
    risks.push({
      level: 'high',
      category: 'Condition',
      description: 'The asset needs work: repair costs and vacancy reduce returns until it is done.',
    });
  else if (input.condition === 'average')
    risks.push({
      level: 'medium',
      category: 'Condition',
      description: 'Average condition: budget for maintenance over the holding period.',
    });
  risks.push(
    tokenValue < 1
      ? {
          level: 'medium',
          category: 'Token Structure',
          description: 'A token price under $1 makes holdings hard to value and trade; fewer tokens would help.',
        }
      : {
          level: 'low',
          category: 'Token Structure',
          description: 'The token price suits fractional wholesale ownership.',
        },
  );
  if (input.propertyPercentage > 75)
    risks.push({
      level: 'medium',
      category: 'Control',
      description: 'More than 75% is tokenized: the owner keeps little stake, so investors may want governance rights.',
    });
  if (!income)
    risks.push({
      level: 'high',
      category: 'Income',
      description: 'The asset produces no regular income; returns depend on resale or completion.',
    });
  if (country !== 'nz')
    risks.push({
      level: 'medium',
      category: 'Jurisdiction',
      description: 'Outside New Zealand: local securities law and tax apply in addition to NZ rules.',
    });
  return risks;
}

function propertyRecommendations(
  input: PropertyInput,
  risks: Risk[],
  tokenValue: number,
  totalCost: number,
  tokenizedValue: number,
  currency: string,
): string[] {
  const recommendations = ['Commission a registered valuation before launch: this estimate is preliminary.'];
  if (tokenValue < 1)
    recommendations.push(
      `Reduce the token count so each token is worth at least $1 (now ${currency} ${tokenValue.toFixed(2)}).`,
    );
  if (tokenValue > 10_000)
    recommendations.push('Increase the token count so wholesale investors can take smaller positions.');
  if (input.condition === 'needs-work' || input.condition === 'average')
    recommendations.push('Complete repairs before tokenizing: condition is the largest lever on the value.');
  if (risks.some((r) => r.category === 'Control'))
    recommendations.push('Consider tokenizing 75% or less, or grant token holders voting rights on major decisions.');
  if (totalCost > tokenizedValue * 0.1)
    recommendations.push('Set-up costs exceed 10% of the tokenized value: tokenize a larger share or a larger asset.');
  if (!(input.amenities ?? []).length)
    recommendations.push('List the amenities (parking, security…) — they support the valuation.');
  recommendations.push('Verify your investors as wholesale before any offer is made.');
  return recommendations;
}
