/** The calculators and pricing over HTTP on the real app: shapes, the spec's messages, the early-access waiver. */
import { nzDate } from '../../platform/nz-time.js';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer } from '../../testing/api.js';
import { registerInterest } from '../../testing/interest.js';
import { signUp } from '../../testing/users.js';
import { PROPERTY_REQUIRED, STARTUP_REQUIRED } from '../../messages.js';

describe('calculators API', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('analyses a property with the spec result shape', async () => {
    const res = await server.api.post('/api/calculator/analyze', {
      propertyAddress: '1 Lambton Quay',
      tokenCount: '2000',
      propertyPercentage: 40,
      propertyType: 'apartment',
      location: 'Wellington',
      country: 'New Zealand',
      size: 80,
      condition: 'excellent',
      amenities: ['elevator', 'security'],
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(
      expect.arrayContaining([
        'propertyValue',
        'tokenValue',
        'currency',
        'tokenCount',
        'propertyPercentage',
        'tokenizedValue',
        'costs',
        'totalCost',
        'riskAnalysis',
        'recommendations',
        'incomeProjections',
      ]),
    );
    expect(res.body.currency).toBe('NZD');
    expect(res.body.tokenCount).toBe(2000);
    expect(res.body.incomeProjections.yieldPercentage).toBe(5.1);
    // Same input, same output.
    const again = await server.api.post('/api/calculator/analyze', {
      propertyAddress: '1 Lambton Quay',
      tokenCount: 2000,
      propertyPercentage: 40,
      propertyType: 'apartment',
      location: 'Wellington',
      country: 'New Zealand',
      size: 80,
      condition: 'excellent',
      amenities: ['elevator', 'security'],
    });
    expect(again.body).toEqual(res.body);
  });

  it("refuses a property form without its required fields, in the spec's words", async () => {
    const res = await server.api.post('/api/calculator/analyze', { propertyAddress: '', tokenCount: 1000 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(PROPERTY_REQUIRED);
    const percentage = await server.api.post('/api/calculator/analyze', {
      propertyAddress: 'x',
      tokenCount: 10,
      propertyPercentage: 101,
      propertyType: 'apartment',
      condition: 'good',
    });
    expect(percentage.status).toBe(400);
    expect(percentage.body.message).toBe('Property percentage must be between 1 and 100');
    const duplicate = await server.api.post('/api/calculator/analyze', {
      propertyAddress: 'x',
      tokenCount: 10,
      propertyPercentage: 10,
      propertyType: 'apartment',
      condition: 'good',
      amenities: ['pool', 'pool'],
    });
    expect(duplicate.status).toBe(400);
  });

  it('analyses a startup, and refuses one below the minimums', async () => {
    const ok = await server.api.post('/api/calculator/analyze-startup', {
      companyName: 'Kea Labs',
      tokenCount: 1_000_000,
      fundingGoal: 1_000_000,
      industry: 'fintech',
      businessStage: 'pre-seed',
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      fundingGoal: 1_000_000,
      currency: 'NZD',
      tokenValue: 1,
      projectedReturns: { timeToLiquidity: '7-10 years' },
    });
    expect(ok.body.companyValuation).toBeGreaterThan(0);

    // Optional numbers left empty are not given: the same analysis, not "Revenue must be a number".
    for (const empty of ['', '  ', null]) {
      const blank = await server.api.post('/api/calculator/analyze-startup', {
        companyName: 'Kea Labs',
        tokenCount: 1_000_000,
        fundingGoal: 1_000_000,
        industry: 'fintech',
        businessStage: 'pre-seed',
        revenue: empty,
        employees: empty,
        foundedYear: empty,
      });
      expect([blank.status, blank.body.companyValuation]).toEqual([200, ok.body.companyValuation]);
    }

    const missing = await server.api.post('/api/calculator/analyze-startup', {
      tokenCount: 1_000_000,
      fundingGoal: 1_000_000,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(STARTUP_REQUIRED);
    const small = await server.api.post('/api/calculator/analyze-startup', {
      companyName: 'K',
      tokenCount: 999,
      fundingGoal: 49_999,
      industry: 'saas',
      businessStage: 'seed',
      foundedYear: 1899,
    });
    expect(small.status).toBe(400);
    expect(small.body.errors.map((e: { field: string }) => e.field).sort()).toEqual([
      'foundedYear',
      'fundingGoal',
      'tokenCount',
    ]);
    // Too large for any valuation to mean anything (1e308 gave a null valuation: Infinity), and next year.
    const large = await server.api.post('/api/calculator/analyze-startup', {
      companyName: 'K',
      tokenCount: 1_000_000,
      fundingGoal: 1_000_000,
      industry: 'saas',
      businessStage: 'seed',
      revenue: 1e308,
      employees: 1e9,
      foundedYear: Number(nzDate(new Date()).slice(0, 4)) + 1,
    });
    expect([large.status, large.body.errors]).toEqual([
      400,
      [
        { field: 'revenue', message: 'Revenue is too large' },
        { field: 'employees', message: 'Employees is too large' },
        { field: 'foundedYear', message: 'Founded year cannot be in the future' },
      ],
    ]);
  });

  it('prices a plan, refuses a non-positive value, and waives the set-up fee for a signed-in early-access registrant', async () => {
    const anonymous = await server.api.post('/api/pricing/calculate', { assetValue: 1_000_000, tier: 'professional' });
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toEqual({
      tier: 'professional',
      setupFee: 199,
      setupFeeWaived: false,
      planPrice: 199,
      planBilling: 'monthly',
      platformFeePercent: 3.5,
      platformFee: 35_000.3,
      total: 35_199.3,
    });
    expect((await server.api.post('/api/pricing/calculate', { assetValue: 0, tier: 'starter' })).body.message).toBe(
      'Asset value must be a number above 0',
    );
    expect((await server.api.post('/api/pricing/calculate', { assetValue: 10, tier: 'gold' })).status).toBe(400);

    const email = 'early.bird@example.nz';
    await registerInterest(server, { email });
    const earlyBird = await signUp(server, { email, verifyEmail: true });
    await server.engine.caughtUp();
    const waived = await earlyBird.post('/api/pricing/calculate', { assetValue: 1_000_000, tier: 'professional' });
    expect(waived.body).toMatchObject({ setupFee: 0, setupFeeWaived: true, total: 35_000.3 });

    const latecomer = await signUp(server, { email: 'late@example.nz' });
    expect(
      (await latecomer.post('/api/pricing/calculate', { assetValue: 1_000_000, tier: 'professional' })).body
        .setupFeeWaived,
    ).toBe(false);
  });
});
