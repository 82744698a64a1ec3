import type { LoggerService } from '@nestjs/common';
import { pino, type Logger } from 'pino';

export type { Logger };

const options = (level: string) => ({
  level,
  base: { service: 'kauri' },
  redact: { paths: ['req.headers.authorization', 'req.headers.cookie', '*.password'], censor: '[redacted]' },
});

export function createLogger(level: string): Logger {
  return pino(options(level));
}

/** How long a request line may wait in the buffer before it is written. */
const FLUSH_EVERY_MS = 500;

/**
 * A logger for the one line per request: the same lines on the same output as `createLogger`'s, but gathered in a
 * buffer written every half second (or once 8 kB are waiting) instead of one write per line — under load those
 * writes cost more than answering the request. Flushed at `close` (and by pino at exit).
 */
export function createBufferedLogger(level: string): { logger: Logger; close(): void } {
  const destination = pino.destination({ dest: 1, sync: false, minLength: 8 * 1024 });
  const timer = setInterval(() => destination.flush(), FLUSH_EVERY_MS);
  timer.unref();
  return {
    // Its lines are built from plain values and never hold headers or passwords: nothing to redact.
    logger: pino({ ...options(level), redact: undefined }, destination),
    close() {
      clearInterval(timer);
      // The file descriptor is the process's stdout, shared with other loggers: written out, not closed.
      try {
        destination.flushSync();
      } catch {
        /* a write still under way: pino flushes it at exit */
      }
    },
  };
}

/** Routes Nest's own log lines through pino, so every line is structured. */
export class NestPinoLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    this.logger.info({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
  debug(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  verbose(message: unknown, context?: string) {
    this.logger.trace({ context }, String(message));
  }
}
