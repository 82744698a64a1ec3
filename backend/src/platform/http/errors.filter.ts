import { ArgumentsHost, Catch, HttpException, type ExceptionFilter } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { Response } from 'express';
import type { Logger } from 'pino';
import { DomainError } from '../errors.js';
import { WrongExpectedRevisionError } from '../event-store/event-store.js';
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
}

/**
 * Every refused request answers 4xx `{ message, errors? }` with the specification's texts; anything else is a
 * bug, logged with the correlation id and answered with a 500 that leaks nothing.
 */
@Catch()
export class ErrorsFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const req = host.switchToHttp().getRequest<KauriRequest>();
    const [status, body] = this.toResponse(exception);
    if (status >= 500) this.logger.error({ err: exception, correlationId: req.correlationId }, 'unhandled error');
    res.status(status).json(body);
  }

  private toResponse(exception: unknown): [number, ErrorBody] {
    if (exception instanceof DomainError) {
      return [
        exception.status,
        {
          message: exception.message,
          ...(exception.title && { title: exception.title }),
          ...(exception.errors && { errors: exception.errors }),
        },
      ];
    }
    if (exception instanceof WrongExpectedRevisionError) {
      return [409, { message: 'This record was changed by someone else at the same time. Please try again.' }];
    }
    if (exception instanceof HttpException) {
      // Express' body parser errors arrive wrapped; their own texts are for developers, not people.
      if (exception.cause instanceof SyntaxError) return [400, { message: 'The request body is not valid JSON' }];
      if (exception.getStatus() === 413) return [413, { message: 'The request is too large' }];
      const response = exception.getResponse();
      if (typeof response === 'object' && response && 'message' in response && typeof response.message === 'string') {
        const { message, errors } = response as ErrorBody;
        return [exception.getStatus(), { message, ...(errors && { errors }) }];
      }
      return [exception.getStatus(), { message: exception.message }];
    }
    return [500, { message: 'Something went wrong on our side. Please try again later.' }];
  }
}
