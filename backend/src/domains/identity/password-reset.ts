import { newLinkToken, readLinkToken } from '../../platform/link-token.js';

/** How long a reset link works. */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;

/**
 * Reset links carry a link token (`platform/link-token.ts`) of the account's id; the hash of its secret is recorded
 * in `PasswordResetRequested`. Single use, the newest link only, and the expiry are decided by the user's decider.
 */
export const newResetToken = (userId: string) => newLinkToken(userId);

/** The account and the hash to compare, or null for text that is not a reset token of ours. */
export function readResetToken(token: string): { userId: string; tokenHash: string } | null {
  const read = readLinkToken(token);
  return read && { userId: read.id, tokenHash: read.tokenHash };
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
