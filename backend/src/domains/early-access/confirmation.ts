import { createHash, randomBytes } from 'node:crypto';

/**
 * Confirmation links carry `<registrationId>.<secret>`: the id finds the registration without any index, and
 * only the SHA-256 of the 32 random bytes of the secret is recorded (in `ConfirmationMailSending`), so the log
 * does not hold a working link. Single use and expiry are decided by the register (decider.ts).
 */
const TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([\w-]{43})$/;

export function newConfirmationToken(registrationId: string): { token: string; tokenHash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { token: `${registrationId}.${secret}`, tokenHash: hashOf(secret) };
}

/** The registration and the hash to compare, or null for text that is not a token of ours. */
export function readConfirmationToken(token: string): { registrationId: string; tokenHash: string } | null {
  const match = TOKEN.exec(token.trim());
  return match ? { registrationId: match[1]!, tokenHash: hashOf(match[2]!) } : null;
}

export function confirmationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/register-interest/confirm?token=${encodeURIComponent(token)}`;
}

export function confirmationMail(firstName: string, link: string): { subject: string; text: string } {
  return {
    subject: 'Confirm your registration of interest in Kauri',
    text: [
      `Kia ora ${firstName},`,
      '',
      'Thank you for registering your interest in Kauri. Please confirm your e-mail address by opening this link ' +
        'within 48 hours:',
      '',
      link,
      '',
      'Your registration counts toward the first 100 registrations, whose sign-on fees are waived, once it is ' +
        'confirmed.',
      '',
      'If you did not register, ignore this e-mail: nothing more will happen.',
      '',
    ].join('\n'),
  };
}

function hashOf(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
