/** How long a reset link works. */
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;

/** A reset link: its token is an account link's (`account-link-token.ts`). */
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
