import { formatCount } from '../format';

/**
 * What a supply change does to everyone else's share, in words the owner and the admin read before deciding.
 * Issuing N of S dilutes every existing holder by N / (S + N); cancelling N (from the owner's retained tokens)
 * raises every other holder's share by S / (S − N) − 1.
 */
export function dilutionText(supply: number, delta: number): string | null {
  if (!Number.isSafeInteger(delta) || delta === 0 || supply <= 0 || supply + delta < 1) return null;
  const tokens = formatCount(Math.abs(delta));
  if (delta > 0) return `Issuing ${tokens} dilutes existing holders by ${percent(delta / (supply + delta))}`;
  return `Cancelling ${tokens} raises every other holder's share by ${percent(supply / (supply + delta) - 1)}`;
}

const percent = (fraction: number) => `${(Math.round(fraction * 1000) / 10).toFixed(1)} %`;

/** Today's calendar date in New Zealand (YYYY-MM-DD): the latest day a cap table can be replayed as of. */
export function nzToday(now: Date = new Date()): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(now);
}
