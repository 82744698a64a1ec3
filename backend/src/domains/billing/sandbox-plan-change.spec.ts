import { oneMonthBefore, prorate } from './sandbox-provider.js';

describe('sandbox proration', () => {
  const end = Date.UTC(2026, 11, 15) / 1000; // 15 Dec 2026, a period that began 15 Nov (30 days)

  it('prorates the price difference for the unused part of the period, to the cent', () => {
    expect(oneMonthBefore(end)).toBe(Date.UTC(2026, 10, 15) / 1000);
    const halfway = new Date(Date.UTC(2026, 10, 30));
    expect(prorate('professional', 'enterprise', end, halfway)).toBe(400); // (999 - 199) × 15/30
    expect(prorate('enterprise', 'professional', end, halfway)).toBe(-400);
    expect(prorate('professional', 'enterprise', end, new Date(Date.UTC(2026, 11, 16)))).toBe(0); // period over
    expect(prorate('professional', 'enterprise', null, halfway)).toBe(0);
  });
});
