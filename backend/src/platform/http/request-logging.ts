import { randomUUID } from 'node:crypto';
import type { RequestLine } from '../logging.js';
import type { HttpReply, HttpRequest } from './http.js';
import { CORRELATION_ID } from './ids.js';
import type { KauriRequest } from './request-context.js';

/**
 * Gives the request its correlation id: the caller's `X-Correlation-Id` when well formed, else a new one, sent
 * back in the same header.
 */
export function correlate(req: HttpRequest, reply: HttpReply): void {
  const correlationId = correlationIdOf(req.headers['x-correlation-id']);
  reply.header('x-correlation-id', correlationId);
  (req as KauriRequest).correlationId = correlationId;
}

/** The caller's `X-Correlation-Id` when well formed, else a new one. */
export function correlationIdOf(given: string | string[] | undefined): string {
  return typeof given === 'string' && CORRELATION_ID.test(given) ? given : randomUUID();
}

/**
 * Logs one line per API request once its response is finished (an `onResponse` hook): method, path, status and
 * time — what operations need; headers carry cookies and tokens, so they are never logged.
 */
export function requestLogging(log: { write(line: RequestLine): void }): (req: HttpRequest, reply: HttpReply) => void {
  return (req, reply) => {
    const { url } = req.raw;
    if (url === undefined || !url.startsWith('/api')) return;
    log.write({
      correlationId: (req as KauriRequest).correlationId,
      method: req.method,
      url,
      status: reply.statusCode,
      responseTime: reply.elapsedTime,
    });
  };
}
