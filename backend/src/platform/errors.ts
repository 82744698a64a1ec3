/** One field's refusal, as listed in a 4xx answer's `errors`. */
export interface FieldError {
  field: string;
  message: string;
}

/** A business rule refused a command, or a request was invalid. Maps to a 4xx `{ message, errors? }`. */
export class DomainError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 401 | 402 | 403 | 404 | 408 | 409 | 413 | 415 | 422 | 429 | 502 = 409,
    readonly errors?: FieldError[],
    /** A short title for a toast (the spec's, e.g. 'Investment Too Small'). */
    readonly title?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const notFound = (what = 'Not found') => new DomainError(what, 404);
export const forbidden = (why = 'You do not have permission to do that') => new DomainError(why, 403);
