import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../errors.js';
import { type HttpReply, type HttpRequest, pathOf } from './http.js';

/** The methods any route of this app may answer; OPTIONS is answered for every path that has one of them. */
const ROUTED = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * What `Allow` says for a path (RFC 9110 section 10.2.1): the methods a route answers there, then OPTIONS; empty for a
 * path no route answers. A wildcard route (the pages' catch-all, the Swagger UI's files) counts only where
 * `wildcardServes` says it answers: the pages' catch-all matches /api/… too, and answers it with a 404.
 */
export function allowedMethods(
  server: FastifyInstance,
  wildcardServes: (path: string) => boolean,
): (path: string) => string[] {
  return (path) => {
    const routed = ROUTED.filter((method) => {
      const found = server.findRoute({ method, url: path });
      return found !== null && (found.params['*'] === undefined || wildcardServes(path));
    });
    return routed.length === 0 ? [] : [...routed, 'OPTIONS'];
  };
}

/** A method no route of this path answers (RFC 9110 section 15.5.6): 405 naming the method, with `Allow`. */
export function methodNotAllowed(method: string, allowed: readonly string[]): DomainError {
  const message = `${method} is not allowed at this address; it allows ${allowed.join(', ')}`;
  return new DomainError(message, 405, [{ field: 'method', message }]);
}

/**
 * OPTIONS of any path: 204 with `Allow` where a route answers, else the 404 every unknown path gets. No
 * Access-Control-* header is sent, so a browser's preflight from another origin still fails: the API stays
 * same-origin.
 */
export function answerOptions(allowedAt: (path: string) => string[]) {
  return (req: HttpRequest, reply: HttpReply) => {
    const allowed = allowedAt(pathOf(req.raw as { url: string }));
    if (allowed.length === 0) return reply.callNotFound();
    return reply.code(204).header('allow', allowed.join(', ')).send();
  };
}

export const MALFORMED_REQUEST = 'The request is not valid HTTP';
export const REQUEST_TOO_SLOW = 'The request took too long to arrive';
export const HEADERS_TOO_LARGE = 'The request headers are too large';

/**
 * Node's refusals of a request it could not read (an unknown method such as FOO, a malformed request line or
 * header, headers over the limit, a request that took longer than `requestTimeout`), answered as every other
 * refusal is — `{ message }` with the security headers — instead of Fastify's `{ error, message: 'Client Error' }`.
 * There is no request object yet, so the answer is written on the socket, which is then closed.
 */
export function clientErrorHandler(securityHeaders: Readonly<Record<string, string>>) {
  return (error: Error & { code?: string }, socket: Socket): void => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, reason, message] =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', REQUEST_TOO_SLOW]
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'Request Header Fields Too Large', HEADERS_TOO_LARGE]
          : [400, 'Bad Request', MALFORMED_REQUEST];
    const body = JSON.stringify({ message });
    const headers = {
      'x-correlation-id': randomUUID(),
      ...securityHeaders,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    };
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    if (socket.writable) socket.write(`HTTP/1.1 ${status} ${reason}\r\n${head.join('')}\r\n${body}`);
    socket.destroy(error);
  };
}
