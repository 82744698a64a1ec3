import { describe, expect, it } from '@jest/globals';
import type { PricingResult, PropertyAnalysis, StartupAnalysis } from '../../api/types';
import {
  canPrice,
  incomeFigures,
  pricingRows,
  propertyFigures,
  propertyRequest,
  startupFigures,
  startupRequest,
  startupReturns,
  type PropertyForm,
} from './display';

const propertyForm: PropertyForm = {
  propertyAddress: '  123 Queen Street, Auckland ',
  location: 'Auckland',
  country: 'New Zealand',
  tokenCount: 1000.9,
  propertyPercentage: 50,
  size: null,
  propertyType: 'apartment',
  condition: 'good',
};

describe('the property calculator', () => {
  it('builds the request: address trimmed, whole token count, empty size as 0, the chosen amenities', () => {
    expect(propertyRequest(propertyForm, ['pool', 'gym'])).toEqual({
      propertyAddress: '123 Queen Street, Auckland',
      location: 'Auckland',
      country: 'New Zealand',
      tokenCount: 1000,
      propertyPercentage: 50,
      size: 0,
      propertyType: 'apartment',
      condition: 'good',
      amenities: ['pool', 'gym'],
    });
  });

  it('sends empty optional text as empty strings', () => {
    const { location, country, ...rest } = propertyForm;
    expect(propertyRequest(rest, [])).toMatchObject({ location: '', country: '' });
    expect([location, country]).toEqual(['Auckland', 'New Zealand']);
  });

  it.each([
    ['a blank address', { propertyAddress: '   ' }],
    ['no token count', { tokenCount: null }],
    ['a token count of 0', { tokenCount: 0 }],
    ['no property percentage', { propertyPercentage: null }],
    ['no property type', { propertyType: undefined }],
    ['no condition', { condition: undefined }],
  ])('asks for the required fields with %s (Missing Information)', (_, change) => {
    expect(propertyRequest({ ...propertyForm, ...change }, [])).toBeNull();
  });

  const analysis: PropertyAnalysis = {
    propertyValue: 1_250_000,
    tokenValue: 0.456789,
    currency: 'NZD',
    tokenCount: 1000,
    propertyPercentage: 50,
    tokenizedValue: 625_000,
    costs: [],
    totalCost: 35_199.4,
    riskAnalysis: [],
    recommendations: [],
    basis: [],
    disclaimer: '',
    referenceDate: '2026-01-01',
  };

  it('shows the headline figures in the returned currency, a token price to four significant digits', () => {
    expect(propertyFigures(analysis)).toEqual([
      { title: 'Property Value', value: '$1,250,000' },
      { title: 'Tokenized Value', value: '$625,000' },
      { title: 'Token Value', value: '$0.4568' },
      { title: 'Total Cost', value: '$35,199' },
    ]);
    const inEuro = propertyFigures({ ...analysis, currency: 'EUR' });
    expect(inEuro[0]).toEqual({ title: 'Property Value', value: '€1,250,000' });
  });

  it('shows income projections with the yield to one decimal, and none for a property without income', () => {
    expect(incomeFigures(analysis)).toBeNull();
    const income = incomeFigures({
      ...analysis,
      incomeProjections: {
        monthlyRental: 4200,
        ownerRetainedIncome: 2100,
        tokenHolderShare: 2100,
        fiveYearProjection: 126_000,
        distributionPerToken: 25.2,
        yieldPercentage: 4.032,
        years: [],
      },
    });
    expect(income).toEqual({
      figures: [
        { title: 'Monthly Rental', value: '$4,200' },
        { title: 'Owner Retained', value: '$2,100' },
        { title: 'Token Holder Share', value: '$2,100' },
        { title: 'Yield', value: '4.0%' },
      ],
      fiveYears: '$126,000',
      perToken: '$25.20',
    });
  });
});

describe('the startup calculator', () => {
  it('builds the request with whole numbers; empty required numbers become 0, empty optional ones stay unset', () => {
    expect(
      startupRequest({
        companyName: ' Kea Labs Ltd ',
        industry: 'saas',
        businessStage: 'seed',
        tokenCount: null,
        fundingGoal: 250_000.75,
        revenue: 120_000.5,
        employees: null,
        foundedYear: 2021,
        description: '',
        useOfFunds: 'Hiring',
      }),
    ).toEqual({
      companyName: 'Kea Labs Ltd',
      industry: 'saas',
      businessStage: 'seed',
      tokenCount: 0,
      fundingGoal: 250_000,
      revenue: 120_000,
      employees: undefined,
      foundedYear: 2021,
      description: undefined,
      useOfFunds: 'Hiring',
    });
  });

  it.each([
    ['a blank company name', { companyName: ' ', industry: 'saas', businessStage: 'seed' }],
    ['no industry', { companyName: 'Kea', businessStage: 'seed' }],
    ['no business stage', { companyName: 'Kea', industry: 'saas' }],
  ] as const)('asks for the required fields with %s', (_, form) => {
    expect(startupRequest(form)).toBeNull();
  });

  const startup: StartupAnalysis = {
    companyValuation: 4_000_000,
    tokenValue: 1,
    fundingGoal: 1_000_000,
    currency: 'NZD',
    costs: [],
    totalCost: 45_000,
    riskAnalysis: [],
    projectedReturns: { expectedGrowthRate: 35, timeToLiquidity: '5-7 years', potentialReturns: '3-5x' },
    recommendations: [],
    equityOffered: 25,
    basis: [],
    disclaimer: '',
    referenceDate: '2025-01-01',
  };

  it('shows the valuation, funding goal, token value and equity offered', () => {
    expect(startupFigures(startup)).toEqual([
      { title: 'Company Valuation', value: '$4,000,000' },
      { title: 'Funding Goal', value: '$1,000,000' },
      { title: 'Token Value', value: '$1.00' },
      { title: 'Equity Offered', value: '25.0%' },
    ]);
  });

  it('shows the projected returns as the server words them', () => {
    expect(startupReturns(startup)).toEqual([
      { title: 'Expected Growth', value: '35% per year' },
      { title: 'Time to Liquidity', value: '5-7 years' },
      { title: 'Potential Returns', value: '3-5x' },
      { title: 'Total Cost', value: '$45,000' },
    ]);
  });
});

describe('the pricing calculator', () => {
  it('asks only for an asset value above 0 (docs/specification.md §5)', () => {
    expect(canPrice(null)).toBe(false);
    expect(canPrice(0)).toBe(false);
    expect(canPrice(-1)).toBe(false);
    expect(canPrice(Number.NaN)).toBe(false);
    expect(canPrice(1)).toBe(true);
  });

  it("names a monthly plan's first payment as its first month, not a setup fee (marked when early access waives it)", () => {
    const result: PricingResult = {
      tier: 'professional',
      setupFee: 0,
      setupFeeWaived: true,
      planPrice: 199,
      planBilling: 'monthly',
      platformFeePercent: 3.5,
      platformFee: 35_000.3,
      total: 35_000.3,
    };
    expect(pricingRows(result)).toEqual([
      { title: 'First Month ($199/month)', value: '$0', waived: true },
      { title: 'Platform Fee', value: '3.5% + $0.30 per transaction' },
      { title: 'Platform Fee Amount', value: '$35,000' },
      { title: 'Total', value: '$35,000' },
    ]);
    const charged = pricingRows({ ...result, setupFee: 199, setupFeeWaived: false, total: 35_199.3 });
    expect(charged[0]).toEqual({ title: 'First Month ($199/month)', value: '$199', waived: false });
  });

  it("names Starter's one-time payment its sign-on (setup) fee (docs/specification.md §1, §9)", () => {
    const starter: PricingResult = {
      tier: 'starter',
      setupFee: 5000,
      setupFeeWaived: false,
      planPrice: 5000,
      planBilling: 'one-time',
      platformFeePercent: 3.5,
      platformFee: 350.3,
      total: 5350.3,
    };
    expect(pricingRows(starter)[0]).toEqual({ title: 'Setup Fee (one-time)', value: '$5,000', waived: false });
  });
});
