/** One field's refusal, as listed in a 4xx answer's `errors`. */
export interface FieldError {
  field: string;
  message: string;
}

/** A business rule refused a command, or a request was invalid. Maps to a 4xx `{ message, errors? }`. */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 401 | 402 | 403 | 404 | 405 | 408 | 409 | 413 | 415 | 422 | 429 | 502 | 503 = 409,
    readonly errors?: FieldError[],
    /** A short title for a toast (the spec's, e.g. 'Investment Too Small'). */
    readonly title?: string,
    /** A payment the payer's bank asks them to authenticate: the secret their browser does it with (Stripe.js). */
    readonly clientSecret?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const notFound = (what = 'Not found') => new DomainError(what, 404);
export const forbidden = (why = 'You do not have permission to do that') => new DomainError(why, 403);

/**
 * Refuses with every field that failed at once, never only the first: `checks` holds a FieldError for each
 * failed check and false (or null) for each that passed, so a rule reads `bad && { field, message }`.
 * The message is the first failure's; returns when nothing failed.
 */
export function requireValidFields(
  checks: readonly (FieldError | false | null | undefined)[],
  options: { status?: 400 | 422; title?: string } = {},
): void {
  const errors = checks.filter((check): check is FieldError => !!check);
  if (errors.length > 0) throw new DomainError(errors[0]!.message, options.status ?? 400, errors, options.title);
}
