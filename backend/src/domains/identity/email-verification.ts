/**
 * How long a link to confirm an account's address works: 24 hours. Longer than a reset link's hour, since it opens
 * no account (the person is signed in already) and mail is sometimes held for a while (greylisting, a phone left at
 * home); shorter than the register-interest link's 48 hours, since it carries privileges (the ADMIN_EMAILS role, the
 * early-access waiver) — and a fresh one is a click away on /profile.
 */
export const EMAIL_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/** A confirmation link: its token is an account link's (`account-link-token.ts`). */
export function emailLink(publicUrl: string, token: string): string {
  return `${publicUrl}/auth/verify-email?token=${encodeURIComponent(token)}`;
}

export function emailVerificationMail(link: string): { subject: string; text: string } {
  return {
    subject: 'Confirm your e-mail address for Kauri',
    text: [
      'Kia ora,',
      '',
      'Thank you for creating a Kauri account. Please confirm that this e-mail address is yours by opening this ' +
        'link within 24 hours; it works once:',
      '',
      link,
      '',
      'Until it is confirmed, nothing that belongs to this address (such as an early-access sign-on fee waiver) ' +
        'applies to the account. If you did not create an account, ignore this e-mail.',
      '',
    ].join('\n'),
  };
}
