import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { Config } from '../config.js';

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

const strictTransportSecurity = helmet.strictTransportSecurity({ maxAge: 365 * 24 * 60 * 60, includeSubDomains: true });

/**
 * Whether the request may have come over TLS: on a TLS socket, or with a proxy's X-Forwarded-Proto. Without
 * either, `req.secure` is false whatever the trust settings, and working that out (parsing the peer's address
 * for `trust proxy`) is skipped.
 */
function overTls(req: Request): boolean {
  return req.headers['x-forwarded-proto'] !== undefined || (req.socket as { encrypted?: boolean }).encrypted === true;
}

/**
 * Security headers on every response (helmet): the CSP above, nosniff, a referrer policy that sends only the
 * origin to other sites, and HSTS when configured (`HSTS=true`) or when the request came over TLS (through
 * a proxy on the loopback, as `trust proxy` allows) — a plain-HTTP deployment must not pin itself to HTTPS.
 */
export function securityHeaders(config: Pick<Config, 'stripe' | 'hsts'>): RequestHandler[] {
  return [
    helmet({
      contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      xFrameOptions: { action: 'deny' },
      strictTransportSecurity: false,
    }),
    (req: Request, res: Response, next: NextFunction) =>
      config.hsts || (overTls(req) && req.secure) ? strictTransportSecurity(req, res, next) : next(),
  ];
}
