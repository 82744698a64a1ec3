import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Logger } from '../logging.js';
import { CORRELATION_ID } from './ids.js';
import type { KauriRequest } from './request-context.js';

/**
 * Gives each request its correlation id (the caller's `X-Correlation-Id` when well formed, else a new one, sent
 * back in the same header) and logs one line per API request when its response is finished: method, path, status
 * and time — what operations need; headers carry cookies and tokens, so they are never logged. A 5xx is logged as
 * an error. The line is built once, from plain values, with no logger per request.
 */
export function requestLogging(logger: Logger): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    const given = req.headers['x-correlation-id'];
    const correlationId = typeof given === 'string' && CORRELATION_ID.test(given) ? given : randomUUID();
    res.setHeader('x-correlation-id', correlationId);
    (req as KauriRequest).correlationId = correlationId;
    if (!req.url.startsWith('/api')) return next();
    const started = performance.now();
    const { method, url } = req;
    res.once('finish', () => {
      const status = res.statusCode;
      const line = { correlationId, req: { method, url }, res: { status }, responseTime: performance.now() - started };
      if (status >= 500) logger.error(line, 'request errored');
      else logger.info(line, 'request completed');
    });
    next();
  };
}
