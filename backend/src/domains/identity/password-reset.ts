import { createHash, randomBytes } from 'node:crypto';

/**
 * Reset links carry `<userId>.<secret>`: the id finds the account's stream without any index, and only the
 * SHA-256 of the 32 random bytes of the secret is recorded (`PasswordResetRequested`), so the log does not hold
 * a working link. Single use, the newest link only, and the expiry are decided by the user's decider.
 */
const TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([\w-]{43})$/;

/** How long a reset link works. */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;

export function newResetToken(userId: string): { token: string; tokenHash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { token: `${userId}.${secret}`, tokenHash: hashOf(secret) };
}

/** The account and the hash to compare, or null for text that is not a reset token of ours. */
export function readResetToken(token: string): { userId: string; tokenHash: string } | null {
  const match = TOKEN.exec(token.trim());
  return match ? { userId: match[1]!, tokenHash: hashOf(match[2]!) } : null;
}

export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/auth/reset-password?token=${encodeURIComponent(token)}`;
}

export function resetMail(link: string): { subject: string; text: string } {
  return {
    subject: 'Reset your Kauri password',
    text: [
      'Kia ora,',
      '',
      'Someone (we hope you) asked to reset the password of the Kauri account for this e-mail address. Open this ' +
        'link within 1 hour to choose a new password; it works once:',
      '',
      link,
      '',
      'Resetting signs you out everywhere. If you did not ask, ignore this e-mail: your password stays as it is.',
      '',
    ].join('\n'),
  };
}

function hashOf(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
