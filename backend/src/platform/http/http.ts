import { serialize, type SerializeOptions } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The HTTP types the app uses, in one place: controllers and guards import these, never the server library, so
 * the HTTP layer (Fastify, through Nest's adapter) can change without touching every domain.
 */
export type HttpRequest = FastifyRequest;
export type HttpReply = FastifyReply;

/** A request header as one string (the first value of a repeated one), or undefined. */
export function headerOf(req: { headers: FastifyRequest['headers'] }, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The path of the request, without the query string (as sent, not decoded). */
export function pathOf(req: { url: string }): string {
  const q = req.url.indexOf('?');
  return q === -1 ? req.url : req.url.slice(0, q);
}

/**
 * Whether the request came over TLS: on a TLS socket, or through a trusted proxy that says so in
 * X-Forwarded-Proto (Fastify's `trustProxy`: the proxies `TRUST_PROXY` names, the loopback by default).
 */
export function isSecure(req: HttpRequest): boolean {
  return req.protocol === 'https';
}

/**
 * Redirects with 302 to a path of this app, answering as before (Express' `res.redirect`): a short page saying so
 * for a browser, a line of text for other clients, and `Vary: Accept`.
 */
export function redirect(req: HttpRequest, reply: HttpReply, url: string): void {
  const accept = req.headers.accept ?? '*/*';
  const escaped = url.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  reply.code(302).header('location', url).header('vary', 'Accept');
  if (/text\/html/i.test(accept))
    reply
      .type('text/html; charset=utf-8')
      .send(
        `<!DOCTYPE html><head><title>Found</title></head><body><p>Found. Redirecting to <a href="${escaped}">${escaped}</a></p></body>`,
      );
  else if (/text\/plain|text\/\*|\*\/\*/i.test(accept))
    reply.type('text/plain; charset=utf-8').send(`Found. Redirecting to ${url}`);
  else reply.send();
}

export interface CookieOptions {
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: 'lax' | 'strict' | 'none';
  path?: string;
  /** Milliseconds; sent as Max-Age (seconds) and Expires. */
  maxAge?: number;
}

/**
 * Adds a Set-Cookie header: `name=value; Max-Age; Path (default /); Expires; HttpOnly; Secure; SameSite`, the same
 * attributes in the same order as before (Express' `res.cookie`), so browsers and tests see identical cookies.
 */
export function setCookie(reply: HttpReply, name: string, value: string, options: CookieOptions): void {
  const { maxAge, ...rest } = options;
  const attributes: SerializeOptions = { ...rest, path: rest.path ?? '/' };
  if (maxAge !== undefined) {
    attributes.expires = new Date(Date.now() + maxAge);
    attributes.maxAge = Math.floor(maxAge / 1000);
  }
  // Fastify appends every Set-Cookie value rather than replacing the previous one.
  reply.header('set-cookie', serialize(name, value, attributes));
}

/** Expires a cookie at once (Expires in 1970), with the attributes it was set with. */
export function clearCookie(reply: HttpReply, name: string, options: Omit<CookieOptions, 'maxAge'>): void {
  const attributes: SerializeOptions = { path: '/', ...options, expires: new Date(1) };
  reply.header('set-cookie', serialize(name, '', attributes));
}
