import { ArgumentsHost, Catch, HttpException, NotFoundException, type ExceptionFilter } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { Logger } from 'pino';
import { DomainError } from '../errors.js';
import { WrongExpectedRevisionError } from '../event-store/event-store.js';
import { type HttpReply, pathOf } from './http.js';
import { INVALID_JSON, TOO_LARGE } from './input-limits.js';
import { methodNotAllowed } from './methods.js';
import { storeUnreachable } from '../store-unreachable.js';
import type { KauriRequest } from './request-context.js';

export class FieldError {
  @ApiProperty() field: string;
  @ApiProperty() message: string;
}

/** The body of every refused request (4xx), in the specification's words (the OpenAPI document's ErrorBody). */
export class ErrorBody {
  @ApiProperty() message: string;
  @ApiPropertyOptional({ description: "A short title for the toast, when there is one (e.g. 'Subscription Required')" })
  title?: string;
  @ApiPropertyOptional({ type: [FieldError] }) errors?: FieldError[];
  @ApiPropertyOptional({
    description:
      "A card payment the payer's bank asks them to authenticate (3D Secure): the payment's client secret, for Stripe.js's handleNextAction",
  })
  clientSecret?: string;
}

export const STORE_UNREACHABLE = 'The service is briefly unavailable. Please try again in a moment.';

/**
 * Every refused request answers 4xx `{ message, errors? }` with the specification's texts; a store out of reach,
 * 503; anything else is a bug, logged with the correlation id and answered with a 500 that leaks nothing.
 */
@Catch()
export class ErrorsFilter implements ExceptionFilter {
  constructor(
    private readonly logger: Logger,
    /** The methods routes answer at a path (methods.ts), so that a path known for others answers 405, not 404. */
    private readonly allowedAt: (path: string) => string[] = () => [],
  ) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const reply = host.switchToHttp().getResponse<HttpReply>();
    const req = host.switchToHttp().getRequest<KauriRequest>();
    // The router's 404 (the app itself never throws NotFoundException).
    const allowed = exception instanceof NotFoundException ? this.allowedAt(pathOf(req.raw as { url: string })) : [];
    if (allowed.length > 0) reply.header('allow', allowed.join(', '));
    const [status, body] = this.toResponse(allowed.length > 0 ? methodNotAllowed(req.method, allowed) : exception);
    // A DomainError's 502/503 is a decided answer about a dependency (a provider, the limits' store), not a bug.
    if (status >= 500 && (exception instanceof DomainError || storeUnreachable(exception)))
      this.logger.warn({ err: exception, correlationId: req.correlationId }, 'dependency unavailable');
    else if (status >= 500) this.logger.error({ err: exception, correlationId: req.correlationId }, 'unhandled error');
    // A body that stopped arriving (408) leaves the connection in an unknown state: it is closed after the answer.
    if (status === 408) reply.header('connection', 'close');
    // Attempt limits that could not be counted (their store is down) refuse for a moment: rate-limit.ts.
    // A store out of reach is usually back within seconds (a failover, a blip).
    if (status === 503) reply.header('Retry-After', storeUnreachable(exception) ? '5' : '60');
    reply.status(status).send(body);
  }

  private toResponse(exception: unknown): [number, ErrorBody] {
    if (exception instanceof DomainError) {
      return [
        exception.status,
        {
          message: exception.message,
          ...(exception.title && { title: exception.title }),
          ...(exception.errors && { errors: exception.errors }),
          ...(exception.clientSecret && { clientSecret: exception.clientSecret }),
        },
      ];
    }
    if (exception instanceof WrongExpectedRevisionError) {
      return [409, { message: 'This record was changed by someone else at the same time. Please try again.' }];
    }
    if (exception instanceof HttpException) {
      if (exception.cause instanceof SyntaxError) return [400, { message: INVALID_JSON }];
      if (exception.getStatus() === 413) return [413, { message: TOO_LARGE }];
      const response = exception.getResponse();
      if (typeof response === 'object' && response && 'message' in response && typeof response.message === 'string') {
        const { message, errors } = response as ErrorBody;
        return [exception.getStatus(), { message, ...(errors && { errors }) }];
      }
      return [exception.getStatus(), { message: exception.message }];
    }
    // Fastify's own refusals (a body over its limit, a malformed URL or Content-Length) carry a 4xx statusCode;
    // their texts are for developers, not people.
    const statusCode = (exception as { statusCode?: unknown } | null)?.statusCode;
    if (exception instanceof Error && typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
      if (statusCode === 413) return [413, { message: TOO_LARGE }];
      return [statusCode, { message: exception.message }];
    }
    if (storeUnreachable(exception)) return [503, { message: STORE_UNREACHABLE }];
    return [500, { message: 'Something went wrong on our side. Please try again later.' }];
  }
}
