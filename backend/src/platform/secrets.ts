import { randomBytes } from 'node:crypto';
import type { Vault } from './vault/vault.js';

/**
 * Server-side secrets (HMAC keys), kept in the vault under the namespace `secret` and created on first use:
 * nothing to configure, and they live and are backed up with the data they protect. Creation goes through
 * `putIfAbsent`, so two processes starting at once agree on one value.
 */
export const SECRETS_NAMESPACE = 'secret';

export type SecretName =
  /** Keys e-mail addresses in events and stream names (email-key.ts). */
  | 'email-key'
  /** Signs the pending-sign-in cookie of the external provider (identity/oidc.ts). */
  | 'oidc-state'
  /** Tags the device cookie of a browser that signed in to an account (identity/device-cookie.ts). */
  | 'device-cookie';

export class Secrets {
  private readonly loaded = new Map<SecretName, Promise<Buffer>>();

  constructor(private readonly vault: Vault) {}

  /** 32 random bytes, the same for every process on this data. */
  key(name: SecretName): Promise<Buffer> {
    let found = this.loaded.get(name);
    if (!found) {
      found = this.vault
        .putIfAbsent(SECRETS_NAMESPACE, name, randomBytes(32).toString('base64'))
        .then((stored) => Buffer.from(stored, 'base64'));
      // A vault failure is not remembered: the next call tries again.
      found.catch(() => this.loaded.delete(name));
      this.loaded.set(name, found);
    }
    return found;
  }
}
