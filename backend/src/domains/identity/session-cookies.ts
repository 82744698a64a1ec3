import { clearCookie, type HttpReply, isSecure, setCookie } from '../../platform/http/http.js';
import type { IdentityRequest, StartedSession } from './identity.service.js';
import { CSRF_COOKIE, csrfTokenFor, SESSION_ABSOLUTE_MS, SESSION_COOKIE } from './session-secrets.js';

function cookieOptions(req: IdentityRequest) {
  // Secure honours X-Forwarded-Proto from a proxy TRUST_PROXY names (the loopback by default).
  return { sameSite: 'lax' as const, secure: isSecure(req), path: '/' };
}

/** The session cookie (HttpOnly) and its CSRF cookie, for a session started by a browser sign-in. */
export function setSessionCookies(req: IdentityRequest, reply: HttpReply, session: StartedSession): void {
  const maxAge = SESSION_ABSOLUTE_MS;
  setCookie(reply, SESSION_COOKIE, session.token, { ...cookieOptions(req), httpOnly: true, maxAge });
  // Readable by the page's script, which echoes it in X-CSRF-Token.
  setCookie(reply, CSRF_COOKIE, csrfTokenFor(session.token), { ...cookieOptions(req), httpOnly: false, maxAge });
}

/** Expires both cookies, with the attributes they were set with. */
export function clearSessionCookies(req: IdentityRequest, reply: HttpReply): void {
  clearCookie(reply, SESSION_COOKIE, { ...cookieOptions(req), httpOnly: true });
  clearCookie(reply, CSRF_COOKIE, cookieOptions(req));
}
