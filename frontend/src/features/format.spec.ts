import { describe, expect, it } from '@jest/globals';
import {
  formatCount,
  formatDate,
  formatMoney,
  formatPayment,
  formatPercent,
  formatTokenPrice,
  groupedWholeNumber,
  riskColor,
} from './format';

describe('formatMoney (spec §9: no decimals, US English grouping, the returned currency, USD when none)', () => {
  it('shows NZD as "$" with thousands grouped and no cents', () => {
    expect(formatMoney(1_250_000, 'NZD')).toBe('$1,250,000');
    expect(formatMoney(1_234_567.6, 'NZD')).toBe('$1,234,568');
    expect(formatMoney(-500, 'NZD')).toBe('-$500');
  });

  it('falls back to USD, and shows another currency by its own symbol', () => {
    expect(formatMoney(1_234_567.4)).toBe('$1,234,567');
    expect(formatMoney(0, 'EUR')).toBe('€0');
  });
});

describe('formatTokenPrice', () => {
  it('keeps cents for a token worth a dollar or more', () => {
    expect(formatTokenPrice(125, 'NZD')).toBe('$125.00');
    expect(formatTokenPrice(1, 'NZD')).toBe('$1.00');
  });

  it('keeps four significant digits below a dollar', () => {
    expect(formatTokenPrice(0.456789, 'NZD')).toBe('$0.4568');
    expect(formatTokenPrice(0.45)).toBe('$0.45');
  });
});

describe('formatPayment (en-NZ, NZD by default)', () => {
  it('keeps whole dollars whole and shows cents only when there are any', () => {
    expect(formatPayment(199)).toBe('$199');
    expect(formatPayment(5_000_000)).toBe('$5,000,000');
    expect(formatPayment(35_199.3)).toBe('$35,199.30');
    expect(formatPayment(0.3)).toBe('$0.30');
  });
});

describe('counts, percentages and risk colours', () => {
  it('groups counts and shows percentages (yield) to one decimal', () => {
    expect(formatCount(1_200_000)).toBe('1,200,000');
    expect(formatPercent(4.166)).toBe('4.2%');
    expect(formatPercent(75)).toBe('75.0%');
  });

  it('colours a risk level by the word it contains (spec §4), grey otherwise', () => {
    expect(riskColor('Low')).toBe('green');
    expect(riskColor('Medium-Low')).toBe('green');
    expect(riskColor('MEDIUM')).toBe('gold');
    expect(riskColor('High')).toBe('red');
    expect(riskColor('Unknown')).toBe('default');
  });

  it('groups whole numbers in inputs, and leaves an empty input empty', () => {
    expect(groupedWholeNumber.formatter(1000000)).toBe('1,000,000');
    expect(groupedWholeNumber.formatter('50000')).toBe('50,000');
    expect(groupedWholeNumber.formatter(999)).toBe('999');
    expect(groupedWholeNumber.formatter(undefined)).toBe('');
    expect(groupedWholeNumber.formatter('')).toBe('');
  });
});

describe('formatDate (as New Zealanders write it, in NZ time when asked)', () => {
  it('writes day, month name and year', () => {
    expect(formatDate('2025-08-15T00:00:00Z', 'UTC')).toBe('15 August 2025');
  });

  it('dates an instant by the NZ calendar, daylight saving included: 11:30 UTC on 22 December is the 23rd', () => {
    expect(formatDate('2026-12-22T11:30:00Z', 'Pacific/Auckland')).toBe('23 December 2026');
    expect(formatDate('2026-12-22T11:30:00Z', 'UTC')).toBe('22 December 2026');
  });

  it('and standard time in winter: midnight 1 July in Auckland is 12:00 UTC', () => {
    expect(formatDate('2026-06-30T11:59:00Z', 'Pacific/Auckland')).toBe('30 June 2026');
    expect(formatDate('2026-06-30T12:00:00Z', 'Pacific/Auckland')).toBe('1 July 2026');
  });

  it('reads a number as Unix seconds (the billing period end)', () => {
    expect(formatDate(1_798_000_000, 'Pacific/Auckland')).toBe('23 December 2026');
  });
});
