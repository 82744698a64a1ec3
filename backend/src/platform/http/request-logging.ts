import { randomUUID } from 'node:crypto';
import type { Logger } from '../logging.js';
import type { HttpReply, HttpRequest } from './http.js';
import { CORRELATION_ID } from './ids.js';
import type { KauriRequest } from './request-context.js';

/**
 * Gives the request its correlation id: the caller's `X-Correlation-Id` when well formed, else a new one, sent
 * back in the same header.
 */
export function correlate(req: HttpRequest, reply: HttpReply): void {
  const given = req.headers['x-correlation-id'];
  const correlationId = typeof given === 'string' && CORRELATION_ID.test(given) ? given : randomUUID();
  reply.header('x-correlation-id', correlationId);
  (req as KauriRequest).correlationId = correlationId;
}

/**
 * Logs one line per API request once its response is finished (an `onResponse` hook): method, path, status and
 * time — what operations need; headers carry cookies and tokens, so they are never logged. A 5xx is logged as
 * an error. The line is built once, from plain values, with no logger per request.
 */
export function requestLogging(logger: Logger): (req: HttpRequest, reply: HttpReply) => void {
  return (req, reply) => {
    const { url } = req.raw;
    if (url === undefined || !url.startsWith('/api')) return;
    const status = reply.statusCode;
    const line = {
      correlationId: (req as KauriRequest).correlationId,
      req: { method: req.method, url },
      res: { status },
      responseTime: reply.elapsedTime,
    };
    if (status >= 500) logger.error(line, 'request errored');
    else logger.info(line, 'request completed');
  };
}
