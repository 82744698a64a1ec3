import { describe, expect, it } from '@jest/globals';
import { fromCents, toCents } from './money.js';

describe('NZD amounts as cents', () => {
  it('reads whole and decimal amounts, with commas grouping thousands', () => {
    expect(toCents('10')).toBe(1000);
    expect(toCents(' 10.5 ')).toBe(1050);
    expect(toCents('0.01')).toBe(1);
    expect(toCents('1,000')).toBe(100_000);
    expect(toCents('1,250,000.50')).toBe(125_000_050);
    expect(toCents(12.3)).toBe(1230);
    expect(toCents('9999999999999.99')).toBe(999_999_999_999_999);
  });

  it('refuses a comma that does not group thousands: a decimal comma is never read as 100 times the amount', () => {
    for (const wrong of ['10,00', '1,0,0', '1,00,000', ',100', '100,', '1,000,00', '12,3456'])
      expect({ wrong, cents: toCents(wrong) }).toEqual({ wrong, cents: null });
  });

  it('refuses what is not an amount', () => {
    for (const wrong of ['', '.5', '1.234', '-1', '1e3', '0x10', '1 000', '10000000000000', '10,000,000,000,000'])
      expect({ wrong, cents: toCents(wrong) }).toEqual({ wrong, cents: null });
  });

  it('refuses a number that is not whole cents, as it refuses such text: never rounded', () => {
    for (const wrong of [200.001, 0.005, 12.345, Number.NaN, Number.POSITIVE_INFINITY, -1, 1e21])
      expect({ wrong, cents: toCents(wrong) }).toEqual({ wrong, cents: null });
    expect([toCents(200.01), toCents(0.07), toCents(99_900), toCents(1_234_567.89)]).toEqual([
      20_001, 7, 9_990_000, 123_456_789,
    ]);
  });

  it('writes cents back as the amount they are', () => {
    expect([fromCents(1), fromCents(100_000), fromCents(125_000_050)]).toEqual(['0.01', '1000.00', '1250000.50']);
  });
});
