/**
 * Reference figures behind the valuation calculators — the only numbers the models use.
 *
 * As of: September 2025. Indicative figures, rounded, for a preliminary estimate only; they are not a
 * registered valuation. Sources:
 *  - Residential price per m² by region: REINZ House Price Index and QV House Price Index (2025 regional
 *    medians), divided by typical floor areas from Stats NZ building consents (new dwelling average ~150 m²).
 *  - Commercial and industrial price per m² relative to residential, and yields: Colliers NZ and CBRE NZ
 *    research (2025 prime/secondary yield surveys), JLL NZ office and industrial market reports.
 *  - Gross residential rental yields: MBIE Tenancy Services bond data (median rents, 2025) against the
 *    REINZ medians above.
 *  - Tokenization set-up costs: NZ law-firm and registered-valuer fee ranges published 2024–2025 and
 *    smart-contract audit market rates; the platform's own fees come from plans.ts.
 *  - Startup valuations: Angel Association NZ / PwC "Startup Investment Monitor" 2024 (pre-money medians
 *    by round), with revenue multiples from public SaaS/fintech/industrial comparables (2025).
 * Other countries use one national residential figure in local currency from the equivalent national
 * statistics (ABS/CoreLogic AU, URA SG, ONS UK, Census/NAR US, CREA CA).
 */

export const REFERENCE_DATE = '2025-09';

export const PROPERTY_TYPES = [
  'residential-house',
  'apartment',
  'duplex',
  'vacation-rental',
  'commercial-office',
  'retail-space',
  'warehouse',
  'mixed-use',
  'residential-development',
  'commercial-development',
  'land-development',
  'hotel-development',
  'agricultural-land',
  'industrial-facility',
  'healthcare-facility',
  'renewable-energy',
  'art-collection',
  'luxury-assets',
  'intellectual-property',
  'infrastructure',
] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];

export const CONDITIONS = ['excellent', 'good', 'average', 'needs-work'] as const;
export type Condition = (typeof CONDITIONS)[number];

export const AMENITIES = ['parking', 'pool', 'gym', 'garden', 'security', 'elevator'] as const;
export type Amenity = (typeof AMENITIES)[number];

/** NZ regions with their residential price per m² (NZD) and gross residential yield (%). */
export const NZ_REGIONS = {
  auckland: {
    name: 'Auckland',
    residentialPerSqm: 6_600,
    residentialYield: 3.6,
    keywords: ['auckland', 'north shore', 'manukau', 'waitakere', 'ponsonby', 'remuera', 'devonport', 'takapuna'],
  },
  wellington: {
    name: 'Wellington',
    residentialPerSqm: 5_700,
    residentialYield: 4.3,
    keywords: ['wellington', 'lower hutt', 'upper hutt', 'porirua', 'kapiti'],
  },
  canterbury: {
    name: 'Canterbury',
    residentialPerSqm: 4_500,
    residentialYield: 4.6,
    keywords: ['christchurch', 'canterbury', 'rolleston', 'rangiora', 'timaru'],
  },
  waikato: {
    name: 'Waikato',
    residentialPerSqm: 4_700,
    residentialYield: 4.4,
    keywords: ['hamilton', 'waikato', 'cambridge', 'taupo'],
  },
  bayOfPlenty: {
    name: 'Bay of Plenty',
    residentialPerSqm: 5_400,
    residentialYield: 4.0,
    keywords: ['tauranga', 'bay of plenty', 'rotorua', 'mount maunganui', 'whakatane'],
  },
  queenstownLakes: {
    name: 'Queenstown-Lakes',
    residentialPerSqm: 8_400,
    residentialYield: 3.3,
    keywords: ['queenstown', 'wanaka', 'arrowtown'],
  },
  otago: { name: 'Otago', residentialPerSqm: 4_200, residentialYield: 4.8, keywords: ['dunedin', 'otago', 'oamaru'] },
  nelson: {
    name: 'Nelson-Tasman',
    residentialPerSqm: 5_000,
    residentialYield: 4.2,
    keywords: ['nelson', 'tasman', 'richmond', 'marlborough', 'blenheim'],
  },
  northland: {
    name: 'Northland',
    residentialPerSqm: 4_300,
    residentialYield: 4.5,
    keywords: ['whangarei', 'northland', 'kerikeri', 'bay of islands'],
  },
  restOfNz: { name: 'Rest of New Zealand', residentialPerSqm: 4_100, residentialYield: 4.9, keywords: [] as string[] },
} as const;
export type NzRegion = keyof typeof NZ_REGIONS;

/** Other markets: one national figure, in local currency. */
export const COUNTRIES = {
  nz: { name: 'New Zealand', currency: 'NZD', keywords: ['nz', 'new zealand', 'aotearoa'] },
  au: {
    name: 'Australia',
    currency: 'AUD',
    residentialPerSqm: 6_900,
    residentialYield: 3.8,
    keywords: ['au', 'australia'],
  },
  sg: {
    name: 'Singapore',
    currency: 'SGD',
    residentialPerSqm: 17_500,
    residentialYield: 3.2,
    keywords: ['sg', 'singapore'],
  },
  uk: {
    name: 'United Kingdom',
    currency: 'GBP',
    residentialPerSqm: 3_800,
    residentialYield: 5.0,
    keywords: ['uk', 'united kingdom', 'england', 'scotland', 'wales', 'great britain'],
  },
  us: {
    name: 'United States',
    currency: 'USD',
    residentialPerSqm: 2_500,
    residentialYield: 6.0,
    keywords: ['us', 'usa', 'united states', 'america'],
  },
  ca: { name: 'Canada', currency: 'CAD', residentialPerSqm: 5_200, residentialYield: 4.4, keywords: ['ca', 'canada'] },
  other: { name: 'Other', currency: 'USD', residentialPerSqm: 2_500, residentialYield: 5.5, keywords: [] as string[] },
} as const;
export type CountryCode = keyof typeof COUNTRIES;

/**
 * How each property type is valued relative to residential land and buildings of the region:
 * `perSqm` multiplies the region's residential price per m² (null: not valued by floor area, see `baseValue`),
 * `yieldSpread` adds to the region's residential yield (null: produces no rental income),
 * `typicalSize` stands in when no size is given, `risk` is the asset class's market risk.
 */
export interface AssetClass {
  perSqm: number | null;
  baseValue: number | null;
  typicalSize: number;
  yieldSpread: number | null;
  risk: 'low' | 'medium' | 'high';
  label: string;
}

export const ASSET_CLASSES: Readonly<Record<PropertyType, AssetClass>> = {
  'residential-house': {
    perSqm: 1.0,
    baseValue: null,
    typicalSize: 160,
    yieldSpread: 0,
    risk: 'low',
    label: 'residential house',
  },
  apartment: { perSqm: 1.15, baseValue: null, typicalSize: 75, yieldSpread: 0.8, risk: 'low', label: 'apartment' },
  duplex: { perSqm: 0.95, baseValue: null, typicalSize: 200, yieldSpread: 0.4, risk: 'low', label: 'duplex' },
  'vacation-rental': {
    perSqm: 1.05,
    baseValue: null,
    typicalSize: 140,
    yieldSpread: 1.5,
    risk: 'medium',
    label: 'vacation rental',
  },
  'commercial-office': {
    perSqm: 0.95,
    baseValue: null,
    typicalSize: 800,
    yieldSpread: 2.6,
    risk: 'medium',
    label: 'commercial office',
  },
  'retail-space': {
    perSqm: 1.0,
    baseValue: null,
    typicalSize: 400,
    yieldSpread: 2.9,
    risk: 'medium',
    label: 'retail space',
  },
  warehouse: { perSqm: 0.45, baseValue: null, typicalSize: 2_000, yieldSpread: 1.9, risk: 'low', label: 'warehouse' },
  'mixed-use': {
    perSqm: 1.0,
    baseValue: null,
    typicalSize: 600,
    yieldSpread: 2.0,
    risk: 'medium',
    label: 'mixed-use building',
  },
  'residential-development': {
    perSqm: 0.7,
    baseValue: null,
    typicalSize: 1_200,
    yieldSpread: null,
    risk: 'high',
    label: 'residential development',
  },
  'commercial-development': {
    perSqm: 0.65,
    baseValue: null,
    typicalSize: 2_000,
    yieldSpread: null,
    risk: 'high',
    label: 'commercial development',
  },
  'land-development': {
    perSqm: 0.12,
    baseValue: null,
    typicalSize: 10_000,
    yieldSpread: null,
    risk: 'high',
    label: 'development land',
  },
  'hotel-development': {
    perSqm: 0.8,
    baseValue: null,
    typicalSize: 3_000,
    yieldSpread: null,
    risk: 'high',
    label: 'hotel development',
  },
  'agricultural-land': {
    perSqm: 0.006,
    baseValue: null,
    typicalSize: 1_000_000,
    yieldSpread: -1.0,
    risk: 'medium',
    label: 'agricultural land',
  },
  'industrial-facility': {
    perSqm: 0.5,
    baseValue: null,
    typicalSize: 3_000,
    yieldSpread: 1.7,
    risk: 'medium',
    label: 'industrial facility',
  },
  'healthcare-facility': {
    perSqm: 1.1,
    baseValue: null,
    typicalSize: 1_000,
    yieldSpread: 1.8,
    risk: 'low',
    label: 'healthcare facility',
  },
  'renewable-energy': {
    perSqm: 0.08,
    baseValue: null,
    typicalSize: 50_000,
    yieldSpread: 3.5,
    risk: 'medium',
    label: 'renewable energy project',
  },
  'art-collection': {
    perSqm: null,
    baseValue: 750_000,
    typicalSize: 0,
    yieldSpread: null,
    risk: 'high',
    label: 'art collection',
  },
  'luxury-assets': {
    perSqm: null,
    baseValue: 1_000_000,
    typicalSize: 0,
    yieldSpread: null,
    risk: 'high',
    label: 'luxury assets',
  },
  'intellectual-property': {
    perSqm: null,
    baseValue: 1_500_000,
    typicalSize: 0,
    yieldSpread: 6.0,
    risk: 'high',
    label: 'intellectual property',
  },
  infrastructure: {
    perSqm: null,
    baseValue: 10_000_000,
    typicalSize: 0,
    yieldSpread: 2.5,
    risk: 'low',
    label: 'infrastructure',
  },
};

/** Condition of the asset: multiplies the value. Ordered so a better condition is never worth less. */
export const CONDITION_FACTORS: Readonly<Record<Condition, number>> = {
  excellent: 1.1,
  good: 1.0,
  average: 0.92,
  'needs-work': 0.8,
};

/** Value uplift per amenity (fractions), from listing-price premiums. */
export const AMENITY_UPLIFT: Readonly<Record<Amenity, number>> = {
  parking: 0.03,
  pool: 0.04,
  gym: 0.02,
  garden: 0.02,
  security: 0.015,
  elevator: 0.02,
};

/** Rent growth assumed in the five-year projection (RBNZ inflation target mid-point plus ~1 %). */
export const ANNUAL_RENT_GROWTH = 0.03;

/** One-off costs of tokenizing an asset (NZD), before the platform's own fees. */
export const TOKENIZATION_COSTS = {
  legalStructuring: { base: 12_000, ofValue: 0.0015, max: 60_000 },
  valuationReport: { ofValue: 0.001, min: 2_500, max: 15_000 },
  smartContract: { base: 12_000 },
  complianceAndDisclosure: { base: 8_000 },
  custodyAndTrusteeSetup: { base: 5_000 },
} as const;

export const STARTUP_STAGES = ['idea', 'pre-seed', 'seed', 'series-a', 'series-b', 'growth'] as const;
export type StartupStage = (typeof STARTUP_STAGES)[number];

export const INDUSTRIES = [
  'technology',
  'fintech',
  'healthcare',
  'e-commerce',
  'saas',
  'biotech',
  'energy',
  'real-estate',
  'manufacturing',
  'other',
] as const;
export type Industry = (typeof INDUSTRIES)[number];

/** Scorecard starting point: median NZ pre-money valuation by stage (NZD), growth and time to liquidity. */
export const STAGES: Readonly<
  Record<
    StartupStage,
    {
      medianPreMoney: number;
      revenueWeight: number;
      growthRate: number;
      timeToLiquidity: string;
      risk: 'low' | 'medium' | 'high';
    }
  >
> = {
  idea: { medianPreMoney: 500_000, revenueWeight: 0, growthRate: 60, timeToLiquidity: '8-10 years', risk: 'high' },
  'pre-seed': {
    medianPreMoney: 1_500_000,
    revenueWeight: 0,
    growthRate: 50,
    timeToLiquidity: '7-10 years',
    risk: 'high',
  },
  seed: { medianPreMoney: 4_000_000, revenueWeight: 0.3, growthRate: 40, timeToLiquidity: '5-8 years', risk: 'medium' },
  'series-a': {
    medianPreMoney: 15_000_000,
    revenueWeight: 0.5,
    growthRate: 30,
    timeToLiquidity: '4-7 years',
    risk: 'medium',
  },
  'series-b': {
    medianPreMoney: 45_000_000,
    revenueWeight: 0.7,
    growthRate: 25,
    timeToLiquidity: '3-5 years',
    risk: 'low',
  },
  growth: {
    medianPreMoney: 120_000_000,
    revenueWeight: 0.8,
    growthRate: 15,
    timeToLiquidity: '2-4 years',
    risk: 'low',
  },
};

/** Scorecard industry adjustment and the revenue multiple of listed comparables. */
export const INDUSTRY_FACTORS: Readonly<
  Record<Industry, { scorecard: number; revenueMultiple: number; growthAdjustment: number }>
> = {
  saas: { scorecard: 1.25, revenueMultiple: 8, growthAdjustment: 5 },
  fintech: { scorecard: 1.2, revenueMultiple: 6, growthAdjustment: 5 },
  technology: { scorecard: 1.15, revenueMultiple: 5, growthAdjustment: 3 },
  biotech: { scorecard: 1.15, revenueMultiple: 7, growthAdjustment: 3 },
  healthcare: { scorecard: 1.1, revenueMultiple: 4, growthAdjustment: 2 },
  energy: { scorecard: 1.05, revenueMultiple: 3, growthAdjustment: 0 },
  'e-commerce': { scorecard: 1.0, revenueMultiple: 2, growthAdjustment: 0 },
  'real-estate': { scorecard: 0.9, revenueMultiple: 3, growthAdjustment: -5 },
  manufacturing: { scorecard: 0.85, revenueMultiple: 1.5, growthAdjustment: -5 },
  other: { scorecard: 0.9, revenueMultiple: 2, growthAdjustment: -3 },
};

export const STARTUP_COSTS = {
  legalStructuring: 20_000,
  smartContract: 12_000,
  complianceAndDisclosure: 10_000,
  financialReview: 8_000,
} as const;

/** The spec's disclaimer (section 9): results are preliminary estimates. */
export const DISCLAIMER =
  'Results are preliminary estimates; final costing follows due diligence and verified documents.';
