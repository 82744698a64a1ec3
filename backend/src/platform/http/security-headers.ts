import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { Config } from '../config.js';
import { type HttpReply, type HttpRequest, isSecure } from './http.js';

/** Stripe.js and its Payment Element (https://docs.stripe.com/security/guide#content-security-policy). */
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

/** The Content-Security-Policy directives for this configuration: Stripe's origins only when Stripe is on. */
export function contentSecurityPolicy(config: Pick<Config, 'stripe'>): Record<string, string[]> {
  const stripe = config.stripe ? STRIPE : { script: [], frame: [], connect: [], img: [] };
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...stripe.script],
    // antd writes its CSS-in-JS styles into <style> elements and style attributes at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', ...stripe.img],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...stripe.connect],
    'frame-src': stripe.frame.length ? stripe.frame : ["'none'"],
    'frame-ancestors': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
  };
}

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The headers helmet sets with these options, worked out once: none of them depends on the request, so running
 * helmet's middleware on every request would only redo the same work.
 */
function helmetHeaders(config: Pick<Config, 'stripe'>): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => {},
  };
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: false,
  });
  let failed: unknown;
  middleware({} as IncomingMessage, res as unknown as ServerResponse, (error?: unknown) => (failed = error));
  if (failed) throw failed;
  return headers;
}

/** Sets the security headers on a reply; `plainHttp` is what it sets on a request over plain HTTP. */
export interface SecurityHeaders {
  (req: HttpRequest, reply: HttpReply): void;
  readonly plainHttp: Readonly<Record<string, string>>;
}

/**
 * Security headers on every response (helmet): the CSP above, nosniff, a referrer policy that sends only the
 * origin to other sites, and HSTS when configured (`HSTS=true`) or when the request came over TLS (through
 * a proxy on the loopback, as `trustProxy` allows) — a plain-HTTP deployment must not pin itself to HTTPS.
 * Returns what sets them on a reply (the edge hook calls it for every request, errors and 404s included).
 */
export function securityHeaders(config: Pick<Config, 'stripe' | 'hsts'>): SecurityHeaders {
  const fixed = helmetHeaders(config);
  const withHsts = { ...fixed, 'strict-transport-security': HSTS };
  const plainHttp = config.hsts ? withHsts : fixed;
  const set = (req: HttpRequest, reply: HttpReply) => {
    reply.headers(config.hsts || (overTls(req) && isSecure(req)) ? withHsts : fixed);
  };
  return Object.assign(set, { plainHttp });
}

/**
 * Whether a request may have come over TLS: without X-Forwarded-Proto or a TLS socket it is plain HTTP, with no
 * need to ask who the peer is.
 */
export function overTls(req: Pick<IncomingMessage, 'headers' | 'socket'>): boolean {
  return req.headers['x-forwarded-proto'] !== undefined || (req.socket as { encrypted?: boolean }).encrypted === true;
}
