/**
 * "Token price now", decided once (issue 28) and used by every view that prices tokens (asset page, cap table,
 * investors list, the investor's holdings): the asset's latest accepted valuation — else the owner's figure at
 * drafting — divided by its current supply (the register's, after every approved supply change). The owner's token
 * terms' `price` is the offer price the terms were set at; it is shown as such and never as the price now.
 */
export function tokenPriceNow(value: number, supply: number): number | null {
  return supply > 0 && Number.isFinite(value) ? value / supply : null;
}
