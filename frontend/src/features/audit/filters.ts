/** The audit filters between the address (/audit?type=…) and the filter form. */
import dayjs, { type Dayjs } from 'dayjs';
import type { AuditFilter } from '../../api/types';
import { instantOfNzWallTime, nzWallTime } from '../../shared/format';

/**
 * The pickers show and take New Zealand wall-clock time, whatever zone the browser is in: a Dayjs here holds
 * the NZ wall time in its local fields (antd's pickers read only those), never the browser's own time.
 */
export function pickerValueOf(instant: string): Dayjs {
  return dayjs(nzWallTime(instant));
}

/** The instant a picked NZ wall time names (ISO 8601, UTC): what is sent to the server. */
export function instantOfPicked(picked: Dayjs): string {
  return instantOfNzWallTime(picked.format('YYYY-MM-DDTHH:mm:ss'));
}

/** The filter form's values. */
export interface FilterValues {
  stream?: string;
  type?: string;
  actor?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** The form's values for a filter from the address. */
export function filterValues(filter: AuditFilter): FilterValues {
  const at = (instant: string | undefined) => (instant ? pickerValueOf(instant) : null);
  const range: FilterValues['range'] = filter.from || filter.to ? [at(filter.from), at(filter.to)] : null;
  return { stream: filter.stream, type: filter.type, actor: filter.actor, range };
}

/** The filter for the form's values: text trimmed, blanks left out, the range as instants. */
export function filterOf(values: FilterValues): AuditFilter {
  const filter: AuditFilter = {
    stream: values.stream?.trim() || undefined,
    type: values.type || undefined,
    actor: values.actor?.trim() || undefined,
    from: values.range?.[0] ? instantOfPicked(values.range[0]) : undefined,
    to: values.range?.[1] ? instantOfPicked(values.range[1]) : undefined,
  };
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined));
}
