/**
 * NZD amounts as integer cents, so prices × tokens are exact (no floating point in money). A comma only groups
 * thousands (1,250,000.50): "10,00" (a decimal comma) or "1,0,0" is refused, never read as 1000 or 100.
 */
export function toCents(amount: string | number): number | null {
  // A number is read as written, as text is: 200.001 is not whole cents (toFixed would round it to 200.00).
  const text = typeof amount === 'number' ? amount.toFixed(2) : amount.trim();
  if (typeof amount === 'number' && Number(text) !== amount) return null;
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const whole = match[1]!.replace(/,/g, '');
  if (whole.length > 13) return null;
  return Number(whole) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** The most one payment may be, in cents (NZD 1,000,000,000,000.00): a distribution, a transfer's price in all. */
export const MAX_PAYMENT_CENTS = 100_000_000_000_000;

export function fromCents(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

export const formatNzd = (cents: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'NZD',
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: cents % 100 ? 2 : 0,
    maximumFractionDigits: 2,
  }).format(cents / 100);

const NZD_TEXT = new Intl.NumberFormat('en-NZ', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Cents as messages write NZD after the currency code: 185,000.00 (en-NZ). */
export const nzdText = (cents: number) => NZD_TEXT.format(cents / 100);
