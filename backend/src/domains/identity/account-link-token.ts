import { newLinkToken, readLinkToken } from '../../platform/link-token.js';

/**
 * The token of a link mailed to an account's holder (an address confirmation, a password reset): a link token
 * (`platform/link-token.ts`) of the account's id, so the link finds the user's stream. Only the hash of its secret
 * is recorded, in the request (`EmailVerificationRequested`, `PasswordResetRequested`); the user's decider compares
 * it with that request's alone, and decides single use, the newest link only, and the expiry.
 */
export const newAccountLinkToken = (userId: string) => newLinkToken(userId);

/** The account and the hash to compare, or null for text that is not an account link's token of ours. */
export function readAccountLinkToken(token: string): { userId: string; tokenHash: string } | null {
  const read = readLinkToken(token);
  return read && { userId: read.id, tokenHash: read.tokenHash };
}
