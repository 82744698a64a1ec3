import { Param, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { Matches, type ValidationOptions } from 'class-validator';
import { DomainError } from '../errors.js';

/**
 * Ids are checked at the edge against the shape the app makes them in, before anything looks them up: an id
 * such as `constructor` or `__proto__` never reaches a handler. A well-formed id that names nothing is still
 * the handler's own 404.
 */

/** Users, assets, offerings, investments, verifications, registrations: `randomUUID()`, lower-case v4. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** An asset's uploaded document. */
export const DOCUMENT_ID = /^doc_[0-9a-f]{32}$/;
/** A wholesale investor's evidence. */
export const EVIDENCE_ID = /^evd_[0-9a-f]{32}$/;
/** A request's correlation id: the `X-Correlation-Id` a client sent, or a UUID. */
export const CORRELATION_ID = /^[\w-]{8,100}$/;
/** A stream: `<aggregate>-<id>` (`offering-…`, `email-…`, `interest-register-prelaunch`). */
export const STREAM_ID = /^[a-z]+(?:-[a-z]+)*-[\w.:-]{1,200}$/;

export const INVALID_ID = 'Invalid id';

/** Passes a path parameter of the given shape through; anything else is a 400 naming the parameter. */
export class IdPipe implements PipeTransform<unknown, string> {
  constructor(private readonly shape: RegExp = UUID) {}

  transform(value: unknown, { data }: ArgumentMetadata): string {
    if (typeof value === 'string' && this.shape.test(value)) return value;
    throw new DomainError(INVALID_ID, 400, [{ field: data ?? 'id', message: INVALID_ID }]);
  }
}

/** A checked path id: `@IdParam() id`, `@IdParam('offeringId') offeringId`, `@IdParam('documentId', DOCUMENT_ID)`. */
export const IdParam = (name = 'id', shape: RegExp = UUID) => Param(name, new IdPipe(shape));

/** The same check for an id in a request body, with the DTO's own message. */
export const IsId = (options?: ValidationOptions) => Matches(UUID, options);
