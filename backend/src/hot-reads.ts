import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Authentication } from './domains/identity/identity.service.js';
import { JSON_CONTENT_TYPE } from './platform/http/serialized.js';
import { readAfterOf } from './platform/http/read-your-writes.js';
import { correlationIdOf } from './platform/http/request-logging.js';
import { overTls } from './platform/http/security-headers.js';
import type { RequestLine } from './platform/logging.js';
import type { SerializedBody } from './platform/read-store/serialized-body.js';
import { SESSION_COOKIE } from './domains/identity/session-secrets.js';

/** What the hot reads answer with: the same functions the Nest path's controllers, guard and hooks use. */
export interface HotReadSources {
  /** `GET /api/early-access`' bytes and tag (EarlyAccessQueries.serialized). */
  earlyAccess(): Promise<SerializedBody>;
  /** The signed-in user when the guard would let the request in at once with no side effect, else null. */
  signedInAtOnce(headers: IncomingMessage['headers']): Promise<Authentication | null>;
  /** `GET /api/holdings`' answer for one investor, as UTF-8 (HoldingsRead). */
  holdings(userId: string): Promise<Buffer>;
  /** The security headers of a response to a plain-HTTP request. */
  securityHeaders: Readonly<Record<string, string>>;
  /** The request log's line (as the `onResponse` hook writes it). */
  log(line: RequestLine): void;
}

type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

const EARLY_ACCESS = '/api/early-access';
const HOLDINGS = '/api/holdings';

/**
 * The two hot reads (issue 33) answered below Nest and Fastify: `GET /api/early-access` (every landing-page visit)
 * and a signed-in `GET /api/holdings`. Fastify's and Nest's per-request path (eight `onRequest` hooks, routing,
 * the request and reply objects, guards, the response controller) cost more than the reads themselves, so for
 * these two a request that is plain in every way is answered here, with the same functions the Nest path uses —
 * the session check (`IdentityService.signedInAtOnce`), the answers (`EarlyAccessQueries`, `HoldingsRead`), the
 * correlation id, the security headers and the request log line. Anything else is handed to Fastify untouched, and
 * the Nest path decides it: another method (HEAD too), another spelling of the path, a query string, a body,
 * `X-Read-After`, `If-None-Match`, a request that may have come over TLS (HSTS), an `Authorization` header, a
 * session that is unknown, expired, revoked or due for extension, a replica behind a sign-out, a failed read.
 * So the hot path never refuses anyone: it only answers what the Nest path would answer with 200, identically
 * (`hot-reads.api.spec.ts` compares both for the same state).
 */
export class HotReads {
  /** Off: every request goes to Fastify (the equivalence test compares both paths; off while the app closes). */
  enabled = true;
  /** Requests answered here (tests check that the hot path, not only Nest, answered). */
  answered = 0;

  /**
   * The security headers as name, value, name, value…: Node's `writeHead` takes a flat list for far less than an
   * object, whose every entry it checks and stores one by one (a bare node:http server sending these headers went
   * from 39,000–44,000 to 58,000–62,000 requests a second that way, 2026-11-28).
   */
  private readonly securityHeaders: readonly string[];

  constructor(private readonly sources: HotReadSources) {
    this.securityHeaders = Object.entries(sources.securityHeaders).flat();
  }

  /** Puts the hot reads in front of the server's own request handler (Fastify's), which gets everything else. */
  install(server: Server): void {
    const handlers = server.listeners('request') as RequestHandler[];
    if (handlers.length !== 1) throw new Error(`expected one request handler on the server, found ${handlers.length}`);
    const next = handlers[0]!;
    server.removeListener('request', next);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      if (!this.enabled || !this.plain(req)) return next.call(server, req, res);
      const started = performance.now();
      this.answer(req, res, started).then(
        (answered) => {
          if (!answered) next.call(server, req, res);
        },
        // A read that failed: the Nest path answers (and reports) it as it would any other.
        () => next.call(server, req, res),
      );
    });
  }

  /** A GET of exactly one of the two paths with nothing the edge hook or the guard would act on. */
  private plain(req: IncomingMessage): boolean {
    if (req.method !== 'GET' || (req.url !== EARLY_ACCESS && req.url !== HOLDINGS)) return false;
    const { headers } = req;
    return (
      (headers['content-length'] === undefined || headers['content-length'] === '0') &&
      headers['transfer-encoding'] === undefined &&
      headers['if-none-match'] === undefined &&
      readAfterOf(req) === null &&
      !overTls(req)
    );
  }

  /** Answers the request and says true, or says false having sent nothing (then Fastify gets it). */
  private async answer(req: IncomingMessage, res: ServerResponse, started: number): Promise<boolean> {
    const { headers } = req;
    if (req.url === EARLY_ACCESS) {
      // The guard runs on every route: a request naming a session or a bearer token is let in (or not, or has its
      // session extended) by it, so only one it would let in at once as it is is answered here.
      const mayNameSession = headers.authorization !== undefined || (headers.cookie?.includes(SESSION_COOKIE) ?? false);
      if (mayNameSession && !(await this.sources.signedInAtOnce(headers))) return false;
      const { bytes, etag } = await this.sources.earlyAccess();
      this.send(req, res, started, bytes, etag);
      return true;
    }
    const signedIn = await this.sources.signedInAtOnce(headers);
    if (!signedIn) return false;
    const body = await this.sources.holdings(signedIn.actor.userId);
    this.send(req, res, started, body, null);
    return true;
  }

  /** Sends 200 with the headers the Nest path sends, in its order, and writes the request's log line. */
  private send(req: IncomingMessage, res: ServerResponse, started: number, body: Buffer, etag: string | null): void {
    if (res.headersSent || res.destroyed) return;
    const correlationId = correlationIdOf(req.headers['x-correlation-id']);
    const headers = ['x-correlation-id', correlationId, ...this.securityHeaders];
    if (etag !== null) headers.push('etag', etag);
    headers.push('content-type', JSON_CONTENT_TYPE, 'content-length', String(body.length));
    res.writeHead(200, headers);
    res.end(body);
    this.answered++;
    this.sources.log({
      correlationId,
      method: 'GET',
      url: req.url!,
      status: 200,
      responseTime: performance.now() - started,
    });
  }
}
