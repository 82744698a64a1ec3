import { createHash } from 'node:crypto';

/**
 * The pseudonymous key of an e-mail address (SHA-256 of its trimmed, lower-cased form): lets a rule or a
 * read model recognise "the same person" without keeping the address outside `data.personal`.
 */
export function emailKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}
