import { isCalendarDate } from './calendar-date.js';

/**
 * A moment as the app shows every time: New Zealand's wall clock with its zone, '27 November 2026, 6:10 pm NZDT'
 * (the frontend's formatDateTime), for what the server writes for people to read (CSV exports).
 */
const PARTS = new Intl.DateTimeFormat('en-NZ', {
  timeZone: 'Pacific/Auckland',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
});

const ZONES = new Map([
  ['GMT+13', 'NZDT'],
  ['GMT+12', 'NZST'],
]);

export function nzDateTime(value: string | Date): string {
  const parts = new Map(PARTS.formatToParts(new Date(value)).map((p) => [p.type, p.value]));
  const hour = Number(parts.get('hour'));
  const clock = `${hour % 12 === 0 ? 12 : hour % 12}:${parts.get('minute')} ${hour < 12 ? 'am' : 'pm'}`;
  // Node's en-NZ zone names are NZDT and NZST; a build without them gives the offset.
  const zone = ZONES.get(parts.get('timeZoneName') ?? '') ?? parts.get('timeZoneName');
  return `${parts.get('day')} ${parts.get('month')} ${parts.get('year')}, ${clock} ${zone}`;
}

const DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Pacific/Auckland',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The New Zealand calendar date (YYYY-MM-DD) of a moment. */
export const nzDate = (value: string | Date): string => DAY.format(new Date(value));

const LONG_DAY = new Intl.DateTimeFormat('en-NZ', {
  timeZone: 'Pacific/Auckland',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** The New Zealand calendar day of a moment as people write it: 27 November 2026 (the frontend's formatDate). */
export const nzLongDate = (value: string | Date): string => LONG_DAY.format(new Date(value));

/**
 * The last millisecond of a New Zealand calendar date (YYYY-MM-DD), as an ISO instant: what "at the end of the
 * record date" means, summer time or not. Null for a date that does not exist.
 */
export function nzEndOfDay(date: string): string | null {
  if (!isCalendarDate(date)) return null;
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  const day = next.toISOString().slice(0, 10);
  // Midnight starting the next NZ day is at +13:00 (daylight time) or +12:00: the one that is that day there.
  for (const offset of ['+13:00', '+12:00']) {
    const midnight = new Date(`${day}T00:00:00${offset}`);
    if (nzDate(midnight) === day && nzDate(new Date(midnight.getTime() - 1)) === date)
      return new Date(midnight.getTime() - 1).toISOString();
  }
  return null;
}
