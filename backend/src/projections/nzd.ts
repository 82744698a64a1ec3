/** Made once: a formatter per event was a large share of a projection's catch-up time. */
const WITH_CENTS = new Intl.NumberFormat('en-NZ', {
  style: 'currency',
  currency: 'NZD',
  currencyDisplay: 'narrowSymbol',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});
const WHOLE = new Intl.NumberFormat('en-NZ', {
  style: 'currency',
  currency: 'NZD',
  currencyDisplay: 'narrowSymbol',
  maximumFractionDigits: 0,
});
const COUNT = new Intl.NumberFormat('en-NZ');

/** NZD in words read by people (en-NZ): whole dollars stay whole ($15,000), cents show when there are any. */
export function nzd(amount: number | string): string {
  const value = typeof amount === 'string' ? Number(amount) : amount;
  return Math.round(value * 100) % 100 === 0 ? WHOLE.format(value) : WITH_CENTS.format(value);
}

export const count = (n: number) => COUNT.format(n);
