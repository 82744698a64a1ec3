/** The valuation models pinned by worked examples, and their promises checked over many inputs. */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { calculatePricing } from './pricing.js';
import { analyzeProperty, countryOf, regionOf, type PropertyInput } from './property-model.js';
import {
  AMENITIES,
  CONDITIONS,
  DISCLAIMER,
  INDUSTRIES,
  PROPERTY_TYPES,
  STARTUP_STAGES,
  type Condition,
} from './reference-data.js';
import { analyzeStartup } from './startup-model.js';

const aucklandHouse: PropertyInput = {
  propertyAddress: '12 Queen Street, Ponsonby',
  tokenCount: 1000,
  propertyPercentage: 50,
  propertyType: 'residential-house',
  location: 'Auckland',
  country: 'New Zealand',
  size: 200,
  condition: 'good',
  amenities: ['parking', 'garden'],
};

describe('property model — worked example: a 200 m² Auckland house in good condition, parking and garden, 50% in 1,000 tokens', () => {
  const result = analyzeProperty(aucklandHouse);

  it('values it at 200 m² × $6,600/m² × 1.00 (good) × 1.05 (amenities) = $1,386,000', () => {
    expect(result.propertyValue).toBe(1_386_000);
    expect(result.currency).toBe('NZD');
    expect(result.tokenizedValue).toBe(693_000);
    expect(result.tokenValue).toBe(693);
  });

  it('derives income from the Auckland gross yield of 3.6%', () => {
    expect(result.incomeProjections).toMatchObject({
      monthlyRental: 4158,
      tokenHolderShare: 2079,
      ownerRetainedIncome: 2079,
      distributionPerToken: 24.95,
      yieldPercentage: 3.6,
      fiveYearProjection: 132_451, // 24,948 growing 3% a year for five years
    });
    expect(result.incomeProjections!.years.map((y) => y.tokenHolderIncome)).toEqual([
      24_948, 25_696, 26_467, 27_261, 28_079,
    ]);
  });

  it('lists every cost and totals them', () => {
    expect(result.costs).toEqual([
      { description: 'Legal structuring and offer documents', amount: 13_040 },
      { description: 'Independent registered valuation', amount: 2_500 },
      { description: 'Smart contract development and audit', amount: 12_000 },
      { description: 'Compliance review and disclosure (FMC Act wholesale)', amount: 8_000 },
      { description: 'Custody and trustee set-up', amount: 5_000 },
      { description: 'Platform subscription (Professional, first month)', amount: 199 },
      { description: 'Payment processing (3.5% + $0.30 per transaction)', amount: 24_255.3 },
    ]);
    expect(result.totalCost).toBe(64_994.3);
  });

  it('says it is a preliminary estimate, and rates the risks', () => {
    expect(result.disclaimer).toBe(DISCLAIMER);
    expect(result.riskAnalysis).toContainEqual(expect.objectContaining({ category: 'Market', level: 'low' }));
    expect(result.riskAnalysis).toContainEqual(expect.objectContaining({ category: 'Regulatory', level: 'medium' }));
    expect(result.recommendations.length).toBeGreaterThan(1);
  });

  it('gives no income projection for an asset that earns none', () => {
    const art = analyzeProperty({ ...aucklandHouse, propertyType: 'art-collection' });
    expect(art.incomeProjections).toBeUndefined();
    expect(art.riskAnalysis).toContainEqual(expect.objectContaining({ category: 'Income', level: 'high' }));
  });
});

describe('property model — places', () => {
  it('finds the region in the location or the address, and the country by name or code', () => {
    expect(regionOf('Wellington')).toBe('wellington');
    expect(regionOf('', '5 Beach Rd, Mount Maunganui')).toBe('bayOfPlenty');
    expect(regionOf('Gore')).toBe('restOfNz');
    expect(countryOf('')).toBe('nz');
    expect(countryOf('Australia')).toBe('au');
    expect(countryOf('Narnia')).toBe('other');
    expect(analyzeProperty({ ...aucklandHouse, country: 'Narnia' }).currency).toBe('USD');
  });
});

const propertyInputs = fc.record({
  propertyAddress: fc.string({ minLength: 1, maxLength: 40 }),
  tokenCount: fc.integer({ min: 1, max: 10_000_000 }),
  propertyPercentage: fc.integer({ min: 1, max: 100 }),
  propertyType: fc.constantFrom(...PROPERTY_TYPES),
  location: fc.constantFrom('Auckland', 'Wellington', 'Queenstown', 'Gore', ''),
  country: fc.constantFrom('New Zealand', 'Australia', 'Singapore', 'us', ''),
  size: fc.integer({ min: 0, max: 100_000 }),
  condition: fc.constantFrom(...CONDITIONS),
  amenities: fc.uniqueArray(fc.constantFrom(...AMENITIES)),
});

describe('property model — promises that hold for every input', () => {
  const rank: Record<Condition, number> = { 'needs-work': 0, average: 1, good: 2, excellent: 3 };

  it('a better condition never lowers the value', () => {
    fc.assert(
      fc.property(propertyInputs, fc.constantFrom(...CONDITIONS), fc.constantFrom(...CONDITIONS), (input, a, b) => {
        const [worse, better] = rank[a] <= rank[b] ? [a, b] : [b, a];
        return (
          analyzeProperty({ ...input, condition: better }).propertyValue >=
          analyzeProperty({ ...input, condition: worse }).propertyValue
        );
      }),
    );
  });

  it('the token count never changes the total value', () => {
    fc.assert(
      fc.property(propertyInputs, fc.integer({ min: 1, max: 10_000_000 }), (input, tokens) => {
        const a = analyzeProperty(input);
        const b = analyzeProperty({ ...input, tokenCount: tokens });
        return (
          a.propertyValue === b.propertyValue && a.tokenizedValue === b.tokenizedValue && a.totalCost === b.totalCost
        );
      }),
    );
  });

  it('more area never lowers the value, and an extra amenity never lowers it either', () => {
    fc.assert(
      fc.property(propertyInputs, fc.integer({ min: 1, max: 1000 }), (input, extra) => {
        const sized = { ...input, size: Math.max(1, input.size) };
        const bigger =
          analyzeProperty({ ...sized, size: sized.size + extra }).propertyValue >= analyzeProperty(sized).propertyValue;
        const missing = AMENITIES.find((a) => !input.amenities.includes(a));
        const moreAmenities =
          !missing ||
          analyzeProperty({ ...input, amenities: [...input.amenities, missing] }).propertyValue >=
            analyzeProperty(input).propertyValue;
        return bigger && moreAmenities;
      }),
    );
  });

  it('is deterministic, and the costs always add up to the total', () => {
    fc.assert(
      fc.property(propertyInputs, (input) => {
        const a = analyzeProperty(input);
        expect(analyzeProperty(input)).toEqual(a);
        const sum = Math.round(a.costs.reduce((s, c) => s + c.amount, 0) * 100) / 100;
        return sum === a.totalCost && a.tokenizedValue <= a.propertyValue;
      }),
    );
  });
});

describe('startup model — worked example: a seed SaaS company, $500k revenue, 10 people, founded 2021, raising $1M in 1M tokens', () => {
  const result = analyzeStartup(
    {
      companyName: 'Kea Labs',
      tokenCount: 1_000_000,
      fundingGoal: 1_000_000,
      industry: 'saas',
      businessStage: 'seed',
      revenue: 500_000,
      employees: 10,
      foundedYear: 2021,
    },
    2026,
  );

  it('blends the scorecard ($4M × 1.25 × 1.05 × 1.10 = $5,775,000) 70/30 with revenue × 8 ($4,000,000)', () => {
    expect(result.companyValuation).toBe(5_242_500);
    expect(result.tokenValue).toBe(1);
    expect(result.equityOffered).toBe(16);
    expect(result.currency).toBe('NZD');
  });

  it('projects growth for the stage and industry, and prices the costs', () => {
    expect(result.projectedReturns).toEqual({
      expectedGrowthRate: 45,
      timeToLiquidity: '5-8 years',
      potentialReturns: '2.8x - 6.4x over 5 years',
    });
    expect(result.totalCost).toBe(85_199.3);
    expect(result.riskAnalysis).toContainEqual(expect.objectContaining({ category: 'Revenue', level: 'low' }));
    expect(result.disclaimer).toBe(DISCLAIMER);
  });

  it('is deterministic and never negative', () => {
    fc.assert(
      fc.property(
        fc.record({
          companyName: fc.string({ minLength: 1 }),
          tokenCount: fc.integer({ min: 1000, max: 100_000_000 }),
          fundingGoal: fc.integer({ min: 50_000, max: 100_000_000 }),
          industry: fc.constantFrom(...INDUSTRIES),
          businessStage: fc.constantFrom(...STARTUP_STAGES),
          revenue: fc.integer({ min: 0, max: 100_000_000 }),
          employees: fc.integer({ min: 0, max: 1000 }),
          foundedYear: fc.integer({ min: 1900, max: 2026 }),
        }),
        (input) => {
          const a = analyzeStartup(input, 2026);
          expect(analyzeStartup(input, 2026)).toEqual(a);
          return a.companyValuation > 0 && a.tokenValue > 0 && a.equityOffered >= 0 && a.equityOffered < 100;
        },
      ),
    );
  });
});

describe('pricing', () => {
  it('charges the plan price as set-up fee plus 3.5% + $0.30 of the asset value', () => {
    expect(calculatePricing(1_000_000, 'professional', false)).toEqual({
      tier: 'professional',
      setupFee: 199,
      setupFeeWaived: false,
      planPrice: 199,
      planBilling: 'monthly',
      platformFeePercent: 3.5,
      platformFee: 35_000.3,
      total: 35_199.3,
    });
    expect(calculatePricing(500_000, 'starter', false)).toMatchObject({
      setupFee: 5000,
      planPrice: 5000,
      planBilling: 'one-time',
    });
  });

  it('waives the set-up fee for an early-access registrant', () => {
    expect(calculatePricing(1_000_000, 'enterprise', true)).toMatchObject({
      setupFee: 0,
      setupFeeWaived: true,
      total: 35_000.3,
    });
  });
});
