import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * Shown as New Zealanders write a date (3 Dec 2026, never 12/03 that a browser set to the US reads the other way); also
 * understood when typed as 2026-12-03 or 3/12/2026.
 */
const DAY_FORMATS = ['D MMM YYYY', 'YYYY-MM-DD', 'D/M/YYYY'];
const MONTH_FORMATS = ['MMM YYYY', 'YYYY-MM', 'M/YYYY'];

export interface DateFieldProps {
  /** The date as the API takes it, `YYYY-MM-DD` (`YYYY-MM` for a month); empty for none. */
  value?: string | null;
  onChange?(value: string): void;
  /** A month rather than a day (a tax period). */
  month?: boolean;
  /** The latest that may be picked, as a value. */
  max?: string;
  /** What an empty field says ("Date" or "Month" unless told: "As of today" where empty means today). */
  placeholder?: string;
  /** From the form item (its label points at it), or a label of its own. */
  id?: string;
  'aria-label'?: string;
  width?: number;
}

/**
 * A calendar date or month in a form: antd's picker, its value the API's `YYYY-MM-DD` text (empty when cleared), so a
 * form keeps plain strings and the server's field messages apply as they are.
 */
export function DateField({
  value,
  onChange,
  month = false,
  max,
  placeholder,
  width = 170,
  ...labels
}: DateFieldProps) {
  const wire = month ? 'YYYY-MM' : 'YYYY-MM-DD';
  const later = (d: Dayjs) => max !== undefined && d.format(wire) > max;
  return (
    <DatePicker
      {...labels}
      picker={month ? 'month' : 'date'}
      format={month ? MONTH_FORMATS : DAY_FORMATS}
      placeholder={placeholder ?? (month ? 'Month' : 'Date')}
      value={value ? dayjs(value) : null}
      onChange={(d: Dayjs | null) => onChange?.(d ? d.format(wire) : '')}
      disabledDate={max !== undefined ? later : undefined}
      style={{ width }}
    />
  );
}
