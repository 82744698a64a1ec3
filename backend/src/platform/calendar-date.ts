/**
 * A calendar date written YYYY-MM-DD that exists: `2027-06-30`, never `2027-02-30`, `2026-13-01` or `2026-00-10`.
 * Checked by its parts, not by `new Date(text).toISOString()`, which throws on a month 13 (a 500 where a 400 was due).
 */
export function isCalendarDate(text: string): boolean {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!parts) return false;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  const lastOfMonth = new Date(0);
  lastOfMonth.setUTCFullYear(year, month, 0); // day 0 of the next month (and years below 100 as written)
  return month >= 1 && month <= 12 && day >= 1 && day <= lastOfMonth.getUTCDate();
}

/**
 * Whole years from a date of birth to a calendar day (both YYYY-MM-DD): a birthday counts from that day, and one on
 * 29 February from 1 March in other years.
 */
export function ageOn(dateOfBirth: string, day: string): number {
  const years = Number(day.slice(0, 4)) - Number(dateOfBirth.slice(0, 4));
  return day.slice(5) < dateOfBirth.slice(5) ? years - 1 : years;
}
