/** The audit filters between the address (/audit?type=…) and the filter form. */
import dayjs, { type Dayjs } from 'dayjs';
import type { AuditFilter } from '../../api/types';

/** The filter form's values. */
export interface FilterValues {
  stream?: string;
  type?: string;
  actor?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** The form's values for a filter from the address. */
export function filterValues(filter: AuditFilter): FilterValues {
  const at = (instant: string | undefined) => (instant ? dayjs(instant) : null);
  const range: FilterValues['range'] = filter.from || filter.to ? [at(filter.from), at(filter.to)] : null;
  return { stream: filter.stream, type: filter.type, actor: filter.actor, range };
}

/** The filter for the form's values: text trimmed, blanks left out, the range as instants. */
export function filterOf(values: FilterValues): AuditFilter {
  const filter: AuditFilter = {
    stream: values.stream?.trim() || undefined,
    type: values.type || undefined,
    actor: values.actor?.trim() || undefined,
    from: values.range?.[0]?.toISOString(),
    to: values.range?.[1]?.toISOString(),
  };
  return Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined));
}
