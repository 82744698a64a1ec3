import type { Plan } from '../api/types';

/** Making an Intl.NumberFormat costs far more than using one (a table of a dashboard formats hundreds): one each. */
const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

/**
 * Money as the spec shows it (docs/specification.md §9): no decimals, US English grouping, in the currency the server returned
 * (USD when it gave none). NZD shows as "$" — the narrow symbol — because Kauri is a New Zealand product.
 */
export function formatMoney(value: number, currency = 'USD'): string {
  return numberFormat('en-US', {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
  }).format(value);
}

/** A token price: cents are kept (a token may be worth $0.45). */
export function formatTokenPrice(value: number, currency = 'USD'): string {
  return numberFormat('en-US', {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    maximumSignificantDigits: value < 1 ? 4 : undefined,
    minimumFractionDigits: value < 1 ? undefined : 2,
    maximumFractionDigits: value < 1 ? undefined : 2,
  }).format(value);
}

export function formatCount(value: number): string {
  return numberFormat('en-US').format(value);
}

/** Yields and percentages to one decimal (docs/specification.md §9). */
export function formatPercent(value: number): string {
  return `${value.toFixed(1)}%`;
}

/** Risk badge colour (docs/specification.md §4): a level containing low is green, medium yellow, high red, anything else grey. */
export function riskColor(level: string): 'green' | 'gold' | 'red' | 'default' {
  const l = level.toLowerCase();
  if (l.includes('low')) return 'green';
  if (l.includes('medium')) return 'gold';
  if (l.includes('high')) return 'red';
  return 'default';
}

/** InputNumber props for whole amounts and counts: shown grouped (1,000,000); antd's default parser drops the commas. */
export const groupedWholeNumber = {
  precision: 0,
  formatter: (value: number | string | undefined) =>
    value === undefined || value === '' ? '' : String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ','),
} as const;

/** A payment amount: whole dollars stay whole ($199), cents are shown when there are any ($35,199.30). */
export function formatPayment(value: number, currency = 'NZD'): string {
  const cents = Math.round(value * 100) % 100 !== 0;
  return numberFormat('en-NZ', {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: cents ? 2 : 0,
    maximumFractionDigits: 2,
  }).format(value);
}

/**
 * Every date and time Kauri shows is New Zealand's (Pacific/Auckland), whatever zone the browser is in, and
 * in one format: "24 November 2026" for a day, "24 November 2026, 9:30 am NZDT" for a moment. Built from
 * Intl's parts rather than its whole string, which differs between ICU versions ("at" or ", ").
 */
export const NZ_TIME_ZONE = 'Pacific/Auckland';

/** Unix seconds (as billing's period end comes), an ISO string, or a Date. */
export type Instant = number | string | Date;

function toDate(value: Instant): Date {
  if (value instanceof Date) return value;
  return typeof value === 'number' ? new Date(value * 1000) : new Date(value);
}

type Part = Intl.DateTimeFormatPartTypes;
const partsFormatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock fields of an instant in a zone (months by name when `monthName`), hours 0–23. */
function partsIn(date: Date, timeZone: string, monthName = false): Map<Part, string> {
  const key = `${timeZone}|${monthName}`;
  let formatter = partsFormatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-NZ', {
      timeZone,
      day: 'numeric',
      month: monthName ? 'long' : 'numeric',
      year: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    partsFormatters.set(key, formatter);
  }
  return new Map(formatter.formatToParts(date).map((p) => [p.type, p.value]));
}

/** Minutes the zone's wall clock is ahead of UTC at that instant (+780 in NZ summer, +720 in winter). */
function offsetMinutes(epochMs: number, timeZone: string): number {
  const p = partsIn(new Date(epochMs), timeZone);
  const n = (t: Part) => Number(p.get(t));
  const wall = Date.UTC(n('year'), n('month') - 1, n('day'), n('hour'), n('minute'), n('second'));
  return Math.round((wall - Math.floor(epochMs / 1000) * 1000) / 60_000);
}

/** NZST or NZDT, from the offset (New Zealand has had only these two since 1974). */
export function nzZoneName(value: Instant = new Date()): string {
  return offsetMinutes(toDate(value).getTime(), NZ_TIME_ZONE) === 13 * 60 ? 'NZDT' : 'NZST';
}

/** A calendar date as New Zealanders write it: 23 December 2026 — the NZ date of that instant. */
export function formatDate(value: Instant, timeZone = NZ_TIME_ZONE): string {
  const p = partsIn(toDate(value), timeZone, true);
  return `${p.get('day')} ${p.get('month')} ${p.get('year')}`;
}

const MONTH = new Intl.DateTimeFormat('en-NZ', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** A calendar month (YYYY-MM, as the tax ledger keys it) as people write it: November 2026. */
export function formatMonth(period: string): string {
  return /^\d{4}-(0[1-9]|1[0-2])$/.test(period) ? MONTH.format(new Date(`${period}-01T00:00:00Z`)) : period;
}

/** A time of day on the 12-hour clock: 9:30 am, or 9:30:05 am with seconds. */
export function formatTime(value: Instant, { seconds = false } = {}): string {
  const p = partsIn(toDate(value), NZ_TIME_ZONE);
  const hour = Number(p.get('hour'));
  const clock = `${hour % 12 === 0 ? 12 : hour % 12}:${p.get('minute')}${seconds ? `:${p.get('second')}` : ''}`;
  return `${clock} ${hour < 12 ? 'am' : 'pm'}`;
}

/** A moment, with the zone shown: 24 November 2026, 9:30 am NZDT (seconds for the audit trail). */
export function formatDateTime(value: Instant, { seconds = false } = {}): string {
  return `${formatDate(value)}, ${formatTime(value, { seconds })} ${nzZoneName(value)}`;
}

/**
 * The NZ wall-clock time of an instant, as `YYYY-MM-DDTHH:mm:ss` without a zone: what a date picker showing
 * NZ time should show for it, whatever the browser's zone.
 */
export function nzWallTime(value: Instant): string {
  const p = partsIn(toDate(value), NZ_TIME_ZONE);
  const two = (t: Part) => p.get(t)!.padStart(2, '0');
  return `${p.get('year')}-${two('month')}-${two('day')}T${two('hour')}:${two('minute')}:${two('second')}`;
}

/**
 * The instant (ISO 8601, UTC) of a wall-clock time in New Zealand, given as `YYYY-MM-DDTHH:mm[:ss]`. Daylight
 * saving as Temporal's 'compatible' rule reads it: a time the clocks skip (2:30 am on the last Sunday of
 * September) is taken an hour on (3:30 am NZDT); a time they repeat (2:30 am on the first Sunday of April)
 * is the first of the two (NZDT).
 */
export function instantOfNzWallTime(wall: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?/.exec(wall);
  if (!m) throw new Error(`Not a wall-clock time: ${wall}`);
  const [, y, mo, d, h, mi, s = '0'] = m;
  const asUtc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const HOURS_14 = 14 * 3_600_000;
  const before = offsetMinutes(asUtc - HOURS_14, NZ_TIME_ZONE);
  const after = offsetMinutes(asUtc + HOURS_14, NZ_TIME_ZONE);
  const fits = [before, after]
    .map((offset) => asUtc - offset * 60_000)
    .filter((t) => offsetMinutes(t, NZ_TIME_ZONE) * 60_000 === asUtc - t);
  // None fits: the clocks skipped this time; the offset before the change carries it past the gap.
  const instant = fits.length > 0 ? Math.min(...fits) : asUtc - before * 60_000;
  return new Date(instant).toISOString();
}

/** A plan's price as its card and the billing page show it. */
export function planPrice(plan: Plan): string {
  return plan.billing === 'monthly' ? `${formatPayment(plan.price)}/month` : `${formatPayment(plan.price)} one-time`;
}
