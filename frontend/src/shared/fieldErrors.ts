import type { FormInstance } from 'antd';
import { ApiError, describeError, errorTitle } from '../api/client';
import type { Toast } from './toast';

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

/**
 * A form's request refused: its field messages on the form's own fields, and the refusal in a toast (the server's
 * title, else `fallback`, and its message).
 */
export function showRefusal<T extends object>(
  form: FormInstance<T>,
  error: Error,
  fields: readonly string[],
  toast: Toast,
  fallback = 'Error',
): void {
  showFieldErrors(form, error, fields);
  toast.error(errorTitle(error, fallback), describeError(error));
}
