import { describe, expect, it } from '@jest/globals';
import { maximumCredits, NO_PROFILE, percentOf, taxYearOf, withholding, type TaxStanding } from './tax.js';
import { ratesOn, TAX_RATES } from './tax-rates.js';

const rates = ratesOn('2026-11-30')!;
const resident = (rwtRate: TaxStanding['rwtRate'], irdNumber: string | null = '049091850'): TaxStanding => ({
  residency: 'resident',
  irdNumber,
  rwtRate,
  treatyCountry: null,
});
const nonResident = (treatyCountry: string | null): TaxStanding => ({
  residency: 'non-resident',
  irdNumber: null,
  rwtRate: null,
  treatyCountry,
});

describe('withholding tax per line (the dated rate table)', () => {
  // gross 1,000.00; a fully imputed dividend carries 28/72 of it: 388.88 (rounded down to the cent).
  it.each<[string, Parameters<typeof withholding>[0], number, number, TaxStanding, string, number]>([
    ['RWT on an unimputed dividend: 33 %', 'dividend', 100_000, 0, resident('17.5'), 'RWT', 33_000],
    [
      'RWT on a fully imputed dividend: 33 % of 1,388.88 less 388.88',
      'dividend',
      100_000,
      38_888,
      resident(null),
      'RWT',
      6_945,
    ],
    ['RWT on a half-imputed dividend', 'dividend', 100_000, 19_444, resident('39'), 'RWT', 19_973],
    ['RWT on a dividend without an IRD number: still 33 %', 'dividend', 100_000, 0, NO_PROFILE, 'RWT', 33_000],
    ['RWT on interest at 10.5 %', 'interest', 100_000, 0, resident('10.5'), 'RWT', 10_500],
    ['RWT on interest at 17.5 %', 'interest', 100_000, 0, resident('17.5'), 'RWT', 17_500],
    ['RWT on interest at 30 %', 'interest', 100_000, 0, resident('30'), 'RWT', 30_000],
    ['RWT on interest at 33 %', 'interest', 100_000, 0, resident('33'), 'RWT', 33_000],
    ['RWT on interest at 39 %', 'interest', 100_000, 0, resident('39'), 'RWT', 39_000],
    [
      'RWT on interest without an IRD number: non-declaration 45 %',
      'interest',
      100_000,
      0,
      resident('10.5', null),
      'RWT',
      45_000,
    ],
    ['RWT on interest with no profile: 45 %', 'interest', 100_000, 0, NO_PROFILE, 'RWT', 45_000],
    ['NRWT on an unimputed dividend: 30 %', 'dividend', 100_000, 0, nonResident(null), 'NRWT', 30_000],
    ['NRWT under a treaty: 15 %', 'dividend', 100_000, 0, nonResident('GB'), 'NRWT', 15_000],
    ['NRWT, a country without a treaty: 30 %', 'dividend', 100_000, 0, nonResident('BR'), 'NRWT', 30_000],
    ['NRWT on a fully imputed dividend: 0 %', 'dividend', 100_000, 38_889, nonResident(null), 'NRWT', 0],
    [
      'NRWT on a half-imputed dividend: 30 % of the unimputed 500.02',
      'dividend',
      100_000,
      19_444,
      nonResident(null),
      'NRWT',
      15_001,
    ],
    ['NRWT on interest: 15 %', 'interest', 100_000, 0, nonResident('US'), 'NRWT', 15_000],
    ['rent: nothing withheld', 'rent', 100_000, 0, resident('39'), 'none', 0],
    ['other income: nothing withheld', 'other', 100_000, 0, nonResident(null), 'none', 0],
    ['rounding half up to the cent: 10.5 % of 0.05', 'interest', 5, 0, resident('10.5'), 'RWT', 1],
  ])('%s', (_, kind, gross, credits, holder, taxKind, tax) => {
    const result = withholding(kind, gross, credits, holder, rates);
    expect(result.taxKind).toBe(taxKind);
    expect(result.tax).toBe(tax);
    expect(result.tax).toBeLessThanOrEqual(gross);
  });

  it('the maximum imputation ratio is 28/72', () => {
    expect(maximumCredits(100_000, rates)).toBe(38_888);
    expect(maximumCredits(72, rates)).toBe(28);
  });

  it('exact on amounts past 2^53 cents × rate', () => {
    expect(percentOf(99_999_999_999_999, 3300)).toBe(33_000_000_000_000);
    expect(percentOf(99_999_999_999_999, 1050)).toBe(10_500_000_000_000);
  });

  it('rates are dated: none before the table starts, and the table is ordered', () => {
    expect(ratesOn('2021-03-31')).toBeNull();
    expect(ratesOn('2021-04-01')).toBe(TAX_RATES[0]);
    const dates = TAX_RATES.map((r) => r.effectiveFrom);
    expect([...dates].sort()).toEqual(dates);
  });

  it.each([
    ['2026-03-31', 2026],
    ['2026-04-01', 2027],
    ['2027-01-15', 2027],
  ])('the tax year of %s ends in %s', (date, year) => {
    expect(taxYearOf(date)).toBe(year);
  });
});
