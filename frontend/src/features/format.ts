/**
 * Money as the spec shows it (§9): no decimals, US English grouping, in the currency the server returned
 * (USD when it gave none). NZD shows as "$" — the narrow symbol — because Kauri is a New Zealand product.
 */
export function formatMoney(value: number, currency = 'USD'): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
  }).format(value);
}

/** A token price: cents are kept (a token may be worth $0.45). */
export function formatTokenPrice(value: number, currency = 'USD'): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    maximumSignificantDigits: value < 1 ? 4 : undefined,
    minimumFractionDigits: value < 1 ? undefined : 2,
    maximumFractionDigits: value < 1 ? undefined : 2,
  }).format(value);
}

export function formatCount(value: number): string {
  return new Intl.NumberFormat('en-US').format(value);
}

/** Yields and percentages to one decimal (spec §9). */
export function formatPercent(value: number): string {
  return `${value.toFixed(1)}%`;
}

/** Risk badge colour (spec §4): a level containing low is green, medium yellow, high red, anything else grey. */
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
  return new Intl.NumberFormat('en-NZ', {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: cents ? 2 : 0,
    maximumFractionDigits: 2,
  }).format(value);
}

/**
 * A calendar date as New Zealanders write it: 23 December 2026. Accepts Unix seconds or an ISO string; in
 * the browser's time zone unless one is given (the audit screen dates legal deadlines in NZ time).
 */
export function formatDate(value: number | string, timeZone?: string): string {
  const date = typeof value === 'number' ? new Date(value * 1000) : new Date(value);
  return new Intl.DateTimeFormat('en-NZ', { day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(date);
}
