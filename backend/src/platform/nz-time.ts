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
