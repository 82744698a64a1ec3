import { ValidateBy, type ValidationOptions } from 'class-validator';
import { nzDate, nzEndOfDay } from '../nz-time.js';

/**
 * The one way a date comes in: ISO 8601 calendar dates (`2026-11-23`) or full date-times with their zone
 * (`2026-11-23T09:30:00Z`, `2026-11-23T22:30:00.5+13:00`), real calendar days, in a sensible range of years.
 * Nothing else — not week dates (`2026-W01`), basic format (`20261123`), bare years, or whatever `Date.parse`
 * guesses (`"42"` is not the year 2042).
 */
export interface DateRules {
  /** Only `YYYY-MM-DD` (a birthday, an expiry day). */
  dateOnly?: boolean;
  /** Years allowed, as written; defaults 2000 and 2100. */
  minYear?: number;
  maxYear?: number;
  /** Refuse a moment after now (judged when the request is validated). */
  notInFuture?: boolean;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;

export type DateProblem = 'format' | 'range' | 'future';

/** Why `text` is not an acceptable date under `rules`, or null when it is. */
export function dateProblem(text: unknown, rules: DateRules = {}, now = Date.now()): DateProblem | null {
  if (typeof text !== 'string') return 'format';
  const parts = (rules.dateOnly ? DATE : DATE_TIME).exec(text) ?? (rules.dateOnly ? null : DATE.exec(text));
  if (!parts) return 'format';
  const n = (group: number) => Number(parts[group] ?? 0); // absent parts (no time, Z for the zone) read as 0
  const [year, month, day] = [n(1), n(2), n(3)];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const dayOk = month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth;
  // hour, minute, second, and the zone's hours and minutes
  const timeOk = n(4) <= 23 && n(5) <= 59 && n(6) <= 59 && n(7) <= 14 && n(8) <= 59;
  if (!dayOk || !timeOk) return 'format';
  if (year < (rules.minYear ?? 2000) || year > (rules.maxYear ?? 2100)) return 'range';
  // A date alone is a New Zealand day: today there is not in the future, though midnight UTC of it may be.
  if (rules.notInFuture && (DATE.test(text) ? text > nzDate(new Date(now)) : Date.parse(text) > now)) return 'future';
  return null;
}

/** The canonical form of an accepted date: `toISOString()` (a date alone is midnight UTC). */
export function isoTime(text: string): string {
  return new Date(text).toISOString();
}

/**
 * "As of" an accepted date: a date alone is the end of that New Zealand day, or now while that day is today; a
 * date-time is its instant.
 */
export function asOfMoment(text: string, now: string): string {
  const end = DATE.test(text) ? nzEndOfDay(text) : null;
  if (!end) return isoTime(text);
  return end > now ? now : end;
}

/** The default explanation of a refusal, e.g. 'Dates must be YYYY-MM-DD or a date and time with its zone, …'. */
export function dateMessage(problem: DateProblem, rules: DateRules = {}): string {
  const shape = rules.dateOnly
    ? 'a date (YYYY-MM-DD)'
    : 'a date (YYYY-MM-DD) or a date and time with its zone (2026-11-23T09:30:00Z)';
  if (problem === 'future') return 'The date must not be in the future';
  return `The date must be ${shape}, in the years ${rules.minYear ?? 2000} to ${rules.maxYear ?? 2100}`;
}

/**
 * class-validator decorator for every date that comes in (query, body). `message` replaces the shape/range
 * explanation (a field's own spec text); `futureMessage` the 'not in the future' one.
 */
export function IsIsoDate(
  rules: DateRules = {},
  options: ValidationOptions & { futureMessage?: string } = {},
): PropertyDecorator {
  const { futureMessage, message, ...rest } = options;
  return ValidateBy(
    {
      name: 'isIsoDate',
      constraints: [rules],
      validator: {
        validate: (value: unknown) => dateProblem(value, rules) === null,
        defaultMessage: (args) => {
          const problem = dateProblem(args?.value, rules) ?? 'format';
          if (problem === 'future') return futureMessage ?? dateMessage(problem, rules);
          return typeof message === 'string' ? message : dateMessage(problem, rules);
        },
      },
    },
    rest,
  );
}
