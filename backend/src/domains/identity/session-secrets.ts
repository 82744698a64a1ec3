import { createHmac, hash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Session cookies and bearer tokens are 32 random bytes; only their SHA-256 is recorded (events, read model),
 * so neither the log nor a read-model dump lets anyone sign in.
 *
 * Lifetimes: a cookie session ends after 12 hours without use (extended as it is used, at most every 6 hours,
 * so activity costs one event per 6 hours) and 7 days after sign-in whatever happens. A bearer token from
 * /api/auth/callback lasts TOKEN_TTL_SECONDS (default 3600, the spec's lifetime) and is not extended.
 */
export const SESSION_COOKIE = 'kauri.sid';
export const CSRF_COOKIE = 'kauri.csrf';
export const CSRF_HEADER = 'x-csrf-token';
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** Extend an idle deadline only when less than this is left of it. */
export const SESSION_EXTEND_WHEN_LEFT_MS = SESSION_IDLE_MS / 2;

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** 32 random bytes in base64url: 43 characters of A–Z, a–z, 0–9, '-' and '_'. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** Whether `token` has the shape `newToken` gives: anything else is no session's, wherever it was issued. */
export function isWellFormedToken(token: string): boolean {
  return TOKEN_SHAPE.test(token);
}

export function tokenHash(token: string): string {
  // One-shot: hashed on every signed-in request.
  return hash('sha256', token, 'hex');
}

/**
 * The CSRF token of a session: derived from the session token (HMAC), so it cannot be set by another site
 * or a sibling domain that can plant cookies — a plain double-submit could be — and needs no storage.
 */
export function csrfTokenFor(sessionToken: string): string {
  return createHmac('sha256', sessionToken).update('kauri.csrf').digest('base64url');
}

export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
