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

/** What is logged of one API request: no headers (they carry cookies and tokens), no body. */
export interface RequestLine {
  correlationId: string | undefined;
  method: string;
  url: string;
  status: number;
  /** Milliseconds from the request's arrival to its response's end. */
  responseTime: number;
}

/** Characters of request lines gathered before they are written (else every FLUSH_EVERY_MS). */
const WRITE_AT_CHARS = 8 * 1024;

/**
 * The one line per API request, on the same output and in the same shape as `createLogger`'s lines
 * (`{"level","time","service",…,"msg"}`), written by hand instead of through pino's general serialiser (about 7 % of
 * a signed-in read's CPU under load) and gathered here, then handed to the destination in one write every half second
 * (or once 8 kB are waiting) — not one `write` per line: a system call each, and sonic-boom measures the whole text it
 * holds on every write (`Buffer.byteLength` of up to 8 kB: 3–4 % of a signed-in read's CPU when it wrote in the
 * background). A 5xx is logged at error level. Written out at `close`, and at exit.
 * Written synchronously, as pino's own lines are: handed to a background write, each 8 kB text was still held when the
 * young generation was next collected, so V8 moved it to the old generation — under load 3.7 MB a second (300 bytes a
 * request) that only a full collection of the whole heap frees again, on 1,000,000 events about a second of the
 * collector's work every few minutes, and a thread-pool hand-off and wake-up for every write. Written at once it dies
 * young: the old generation grew 3.7 MB in 10 s of reads instead of 37 (1,000,000 events, 2026-11-29).
 * `dest`: the file descriptor written to, the process's stdout unless a test gives another.
 */
export function createRequestLog(level: string, dest = 1): { write(line: RequestLine): void; close(): void } {
  const threshold = pino.levels.values[level] ?? Number.POSITIVE_INFINITY; // 'silent' logs nothing
  const destination = pino.destination({ dest, sync: true });
  let gathered: string[] = [];
  let chars = 0;
  const handOver = () => {
    if (gathered.length === 0) return;
    const text = gathered.join('');
    gathered = [];
    chars = 0;
    destination.write(text);
  };
  const timer = setInterval(handOver, FLUSH_EVERY_MS);
  timer.unref();
  // What is gathered, and whatever the destination still holds (a write the output refused for a moment, EAGAIN).
  // Also at an exit without `close` (a crash), after pino's own handler, so the lines stay in order.
  const writeOut = () => {
    handOver();
    try {
      destination.flushSync();
    } catch {
      /* the output refuses it still: nothing more to do at exit */
    }
  };
  process.on('exit', writeOut);
  return {
    write({ correlationId, method, url, status, responseTime }) {
      const errored = status >= 500;
      const lineLevel = errored ? pino.levels.values.error! : pino.levels.values.info!;
      if (lineLevel < threshold) return;
      const id = correlationId === undefined ? '' : `"correlationId":${JSON.stringify(correlationId)},`;
      const line =
        `{"level":${lineLevel},"time":${Date.now()},"service":"kauri",${id}` +
        `"req":{"method":${JSON.stringify(method)},"url":${JSON.stringify(url)}},"res":{"status":${status}},` +
        `"responseTime":${responseTime},"msg":"${errored ? 'request errored' : 'request completed'}"}\n`;
      gathered.push(line);
      chars += line.length;
      if (chars >= WRITE_AT_CHARS) handOver();
    },
    close() {
      clearInterval(timer);
      process.off('exit', writeOut);
      // The file descriptor is the process's stdout, shared with other loggers: written out, not closed.
      writeOut();
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
