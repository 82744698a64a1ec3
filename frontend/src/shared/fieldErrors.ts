import type { FormInstance } from 'antd';
import { ApiError } from '../api/client';

/** Puts a refused request's field messages (docs/design.md §4) on the form's own fields; true when any landed. */
export function showFieldErrors<T extends object>(
  form: FormInstance<T>,
  error: Error,
  fields: readonly string[],
): boolean {
  if (!(error instanceof ApiError)) return false;
  const known = error.fieldErrors.filter((e) => fields.includes(e.field));
  form.setFields(known.map((e) => ({ name: e.field as never, errors: [e.message] })));
  return known.length > 0;
}
