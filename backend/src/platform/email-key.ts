import { createHash, createHmac } from 'node:crypto';
import type { Secrets } from './secrets.js';

/**
 * The pseudonymous key of an e-mail address: lets a rule or a read model recognise "the same person" without
 * keeping the address outside `data.personal`. It is an HMAC-SHA-256 of the trimmed, lower-cased address (NFKC:
 * compatibility forms such as full-width letters are the letters) with a secret from the vault, so a copy of the log
 * alone cannot be searched for a known address — which an unkeyed hash allowed, even after the person was forgotten.
 */
export function normaliseEmail(email: string): string {
  // NFKC first: a full-width `ｄ` is the letter `d` (an outside probe registered `ｄupx@…` beside `dupx@…`).
  return email.normalize('NFKC').trim().toLowerCase();
}

/**
 * Invisible, format, control, private-use, unassigned and separator characters, and whatever Unicode says to
 * ignore when rendering (zero-width space, joiners, variation selectors, the Hangul filler): none belongs in an
 * address a person reads and types, and each makes a second address that looks like the first.
 */
const HIDDEN_IN_EMAIL = /[\p{C}\p{Z}\p{Default_Ignorable_Code_Point}]/u;

/**
 * Whether an address is written in plain characters: what is typed (trimmed) is what `normaliseEmail` keys it by,
 * apart from letter case — no full-width or other compatibility letters (`ＡＤＭＩＮ@…` keys as `admin@…`, and the
 * Kelvin sign `K` as `k`), nothing invisible. Everything that attaches to an address (the ADMIN_EMAILS role, the
 * early-access waiver, the account itself) is found by its key, while mail goes to the address as typed: an address
 * that is not plain would let whoever proves one mailbox collect what belongs to another (found by an outside probe).
 * Every e-mail that makes an identity or asks for a link is held to it (`IsPlainEmail`, the deciders).
 */
export function isPlainEmail(email: string): boolean {
  const typed = email.trim();
  if (HIDDEN_IN_EMAIL.test(typed)) return false;
  const lower = typed.toLowerCase();
  return typed.normalize('NFKC') === typed && lower.normalize('NFKC') === lower && normaliseEmail(typed) === lower;
}

/** The keyed key, given the secret (pure: deciders' tests and the EmailKeys service share it). */
export function keyedEmailKey(secret: Buffer, email: string): string {
  return createHmac('sha256', secret).update(normaliseEmail(email)).digest('hex');
}

/**
 * The unkeyed SHA-256 used before keyed keys: still found in events and stream names written before, so
 * lookups fall back to it; never written any more.
 */
export function legacyEmailKey(email: string): string {
  return createHash('sha256').update(normaliseEmail(email)).digest('hex');
}

export interface EmailKeyPair {
  /** What new events and stream names carry. */
  key: string;
  /** What events written before keyed keys carry. */
  legacy: string;
}

/** E-mail keys with the vault's `email-key` secret. */
export class EmailKeys {
  constructor(private readonly secrets: Secrets) {}

  async of(email: string): Promise<string> {
    return keyedEmailKey(await this.secrets.key('email-key'), email);
  }

  async pair(email: string): Promise<EmailKeyPair> {
    return { key: await this.of(email), legacy: legacyEmailKey(email) };
  }
}
