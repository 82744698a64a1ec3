import { createHmac, randomBytes } from 'node:crypto';
import { parse as parseCookies } from 'cookie';
import { headerOf, type HttpReply, type HttpRequest, isSecure, setCookie } from '../../platform/http/http.js';
import { sameSecret } from './session-secrets.js';

/**
 * The device cookie: set when someone signs in (password or external provider) or sets a new password with a reset
 * link (which proves the mailbox), it lets that browser past the
 * account-wide limit on failed sign-ins, so guessing from many addresses cannot lock the owner out.
 *
 * Value: `<device id>.<tag>.<tag>…` — a random device id (16 bytes), and for each account signed in from this
 * browser (newest first, at most `MAX_ACCOUNTS`) a tag = HMAC-SHA-256(vault secret `device-cookie`, device id +
 * account id), cut to 128 bits. The cookie names no account: a tag is checked against the account being signed in
 * to, so only a tag made by this server for that account on this device counts.
 */
export const DEVICE_COOKIE = 'kauri.device';
/** Sent with the sign-in calls only (login, the provider's callback). */
export const DEVICE_COOKIE_PATH = '/api';
export const DEVICE_COOKIE_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;
export const MAX_ACCOUNTS = 5;

const PART = /^[\w-]{22}$/;

export class DeviceCookie {
  constructor(private readonly secret: () => Promise<Buffer>) {}

  /** The device id when `value` carries a valid tag for `userId`; null otherwise. */
  async deviceFor(value: string | undefined, userId: string): Promise<string | null> {
    const parsed = parse(value);
    if (!parsed) return null;
    const expected = await this.tag(parsed.device, userId);
    // Every tag is compared, so the time taken says nothing about which one matched.
    let found = false;
    for (const tag of parsed.tags) found = sameSecret(tag, expected) || found;
    return found ? parsed.device : null;
  }

  /** The device id when this request's device cookie is valid for `userId`; null otherwise. */
  deviceOf(req: HttpRequest, userId: string): Promise<string | null> {
    return this.deviceFor(parseCookies(headerOf(req, 'cookie') ?? '')[DEVICE_COOKIE], userId);
  }

  /** Sets this browser's device cookie, remembering that `userId` signed in from it. */
  async set(req: HttpRequest, reply: HttpReply, userId: string): Promise<void> {
    const value = await this.remember(parseCookies(headerOf(req, 'cookie') ?? '')[DEVICE_COOKIE], userId);
    setCookie(reply, DEVICE_COOKIE, value, {
      httpOnly: true,
      sameSite: 'lax',
      // Over TLS (also X-Forwarded-Proto from a proxy TRUST_PROXY names).
      secure: isSecure(req),
      path: DEVICE_COOKIE_PATH,
      maxAge: DEVICE_COOKIE_MAX_AGE_MS,
    });
  }

  /** The cookie's new value with `userId` remembered first (the same device id when the cookie had one). */
  async remember(value: string | undefined, userId: string): Promise<string> {
    const parsed = parse(value) ?? { device: randomBytes(16).toString('base64url'), tags: [] };
    const tag = await this.tag(parsed.device, userId);
    const others = parsed.tags.filter((t) => !sameSecret(t, tag));
    return [parsed.device, tag, ...others].slice(0, 1 + MAX_ACCOUNTS).join('.');
  }

  private async tag(device: string, userId: string): Promise<string> {
    return createHmac('sha256', await this.secret())
      .update(`${DEVICE_COOKIE}\n${device}\n${userId}`)
      .digest()
      .subarray(0, 16)
      .toString('base64url');
  }
}

function parse(value: string | undefined): { device: string; tags: string[] } | null {
  const [device, ...tags] = (value ?? '').split('.');
  if (!device || !PART.test(device) || tags.length > MAX_ACCOUNTS || !tags.every((t) => PART.test(t))) return null;
  return { device, tags };
}
