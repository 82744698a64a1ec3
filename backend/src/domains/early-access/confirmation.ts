import { newLinkToken, readLinkToken } from '../../platform/link-token.js';

/**
 * Confirmation links carry a link token (`platform/link-token.ts`) of the registration's id; the hash of its secret
 * is recorded in `ConfirmationMailSending`. Single use and expiry are decided by the register (decider.ts).
 */
export const newConfirmationToken = (registrationId: string) => newLinkToken(registrationId);

/** The registration and the hash to compare, or null for text that is not a token of ours. */
export function readConfirmationToken(token: string): { registrationId: string; tokenHash: string } | null {
  const read = readLinkToken(token);
  return read && { registrationId: read.id, tokenHash: read.tokenHash };
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
