import { describe, expect, it } from '@jest/globals';
import {
  formatCount,
  formatDate,
  formatMonth,
  formatDateTime,
  formatTime,
  instantOfNzWallTime,
  nzWallTime,
  nzZoneName,
  formatMoney,
  formatPayment,
  formatPercent,
  formatTokenPrice,
  groupedWholeNumber,
  riskColor,
} from './format';

describe('formatMoney (docs/specification.md §9: no decimals, US English grouping, the returned currency, USD when none)', () => {
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

  it('colours a risk level by the word it contains (docs/specification.md §4), grey otherwise', () => {
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

describe('formatMonth (a tax month as people write it)', () => {
  it('names the month and year, and leaves anything else as it is', () => {
    expect(formatMonth('2026-11')).toBe('November 2026');
    expect(formatMonth('2027-01')).toBe('January 2027');
    expect(formatMonth('2026-13')).toBe('2026-13');
  });
});

describe('formatDate (as New Zealanders write it, in NZ time)', () => {
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

  it('is in NZ time unless told otherwise, whatever zone the machine is in', () => {
    expect(formatDate('2026-12-22T11:30:00Z')).toBe('23 December 2026');
  });

  it('dates billing (Unix seconds) and the audit trail (ISO) alike for the same moment', () => {
    const moment = '2026-11-23T11:30:00Z';
    const seconds = Date.parse(moment) / 1000;
    expect(formatDate(seconds)).toBe('24 November 2026');
    expect(formatDateTime(moment).startsWith(formatDate(seconds))).toBe(true);
  });
});

describe('formatDateTime and formatTime (NZ time, zone shown)', () => {
  it('writes the moment with its NZ zone: summer is NZDT, winter NZST', () => {
    expect(formatDateTime('2026-11-23T11:30:05Z')).toBe('24 November 2026, 12:30 am NZDT');
    expect(formatDateTime('2026-11-23T11:30:05Z', { seconds: true })).toBe('24 November 2026, 12:30:05 am NZDT');
    expect(formatDateTime('2026-06-15T03:05:00Z')).toBe('15 June 2026, 3:05 pm NZST');
    expect(formatDateTime(new Date('2026-06-15T00:00:00Z'))).toBe('15 June 2026, 12:00 pm NZST');
  });

  it('writes a time of day on the 12-hour clock', () => {
    expect(formatTime('2026-06-15T00:00:00Z')).toBe('12:00 pm');
    expect(formatTime('2026-06-15T12:00:00Z', { seconds: true })).toBe('12:00:00 am');
    expect(formatTime('2026-06-15T10:59:59Z', { seconds: true })).toBe('10:59:59 pm');
  });

  it('crosses into daylight saving at 2 am NZST on the last Sunday of September (clocks go to 3 am)', () => {
    expect(formatDateTime('2026-09-26T13:59:59Z', { seconds: true })).toBe('27 September 2026, 1:59:59 am NZST');
    expect(formatDateTime('2026-09-26T14:00:00Z', { seconds: true })).toBe('27 September 2026, 3:00:00 am NZDT');
    expect(nzZoneName('2026-09-26T13:59:59Z')).toBe('NZST');
    expect(nzZoneName('2026-09-26T14:00:00Z')).toBe('NZDT');
  });

  it('leaves daylight saving at 3 am NZDT on the first Sunday of April (clocks go back to 2 am)', () => {
    expect(formatDateTime('2026-04-04T13:59:59Z', { seconds: true })).toBe('5 April 2026, 2:59:59 am NZDT');
    expect(formatDateTime('2026-04-04T14:00:00Z', { seconds: true })).toBe('5 April 2026, 2:00:00 am NZST');
  });
});

describe('NZ wall-clock time ⇄ instant (the audit pickers)', () => {
  it('shows an instant as its NZ wall time, in summer and winter', () => {
    expect(nzWallTime('2026-11-23T11:30:00Z')).toBe('2026-11-24T00:30:00');
    expect(nzWallTime('2026-06-30T12:00:00Z')).toBe('2026-07-01T00:00:00');
  });

  it('reads a picked NZ wall time as the instant it names', () => {
    expect(instantOfNzWallTime('2026-11-24T00:30:00')).toBe('2026-11-23T11:30:00.000Z');
    expect(instantOfNzWallTime('2026-07-01T00:00')).toBe('2026-06-30T12:00:00.000Z');
  });

  it('takes a time the clocks skip an hour on: 2:30 am on 27 September 2026 is 3:30 am NZDT', () => {
    expect(instantOfNzWallTime('2026-09-27T02:30:00')).toBe('2026-09-26T14:30:00.000Z');
    expect(formatDateTime(instantOfNzWallTime('2026-09-27T02:30:00'))).toBe('27 September 2026, 3:30 am NZDT');
  });

  it('takes the first of a time the clocks repeat: 2:30 am on 5 April 2026 is read as NZDT', () => {
    expect(instantOfNzWallTime('2026-04-05T02:30:00')).toBe('2026-04-04T13:30:00.000Z');
    expect(instantOfNzWallTime('2026-04-05T03:00:00')).toBe('2026-04-04T15:00:00.000Z');
  });

  it('round-trips every hour of a year that the clocks do not skip', () => {
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 3 * 3_600_000 + 61_000) {
      const wall = nzWallTime(new Date(t));
      const back = Date.parse(instantOfNzWallTime(wall));
      // The repeated hour in April maps to its first occurrence: an hour earlier, the same wall time.
      expect([t, t - 3_600_000]).toContain(back);
      expect(nzWallTime(new Date(back))).toBe(wall);
    }
  });

  it('refuses what is not a wall time', () => {
    expect(() => instantOfNzWallTime('tomorrow')).toThrow('Not a wall-clock time');
  });
});

describe('formatters reused across calls', () => {
  it('keep each currency and each precision apart, in any order', () => {
    const seen = [
      formatMoney(1_000, 'EUR'),
      formatTokenPrice(0.4567, 'NZD'),
      formatMoney(1_000, 'NZD'),
      formatTokenPrice(2, 'NZD'),
      formatMoney(1_000, 'EUR'),
      formatTokenPrice(0.4567, 'NZD'),
      formatPayment(35_199.3),
      formatPayment(199),
    ];
    expect(seen).toEqual(['€1,000', '$0.4567', '$1,000', '$2.00', '€1,000', '$0.4567', '$35,199.30', '$199']);
  });
});
