import { createHash, randomBytes } from 'node:crypto';

/**
 * The token of a link sent by e-mail (a confirmation, a password reset): `<id>.<secret>`. The id (a UUID) finds
 * its stream without any index, and only the SHA-256 of the secret's 32 random bytes is recorded, so the log does
 * not hold a working link. Single use and expiry are each decider's to decide.
 */
const TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([\w-]{43})$/;

export function newLinkToken(id: string): { token: string; tokenHash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { token: `${id}.${secret}`, tokenHash: hashOf(secret) };
}

/** The id and the hash to compare, or null for text that is not a link token of ours. */
export function readLinkToken(token: string): { id: string; tokenHash: string } | null {
  const match = TOKEN.exec(token.trim());
  return match ? { id: match[1]!, tokenHash: hashOf(match[2]!) } : null;
}

function hashOf(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
