/**
 * The vault port: a small key/value store for secrets that must never be written into an event and must be
 * deletable for good (password hashes, per-person encryption keys). It lives beside the event store — the
 * same PostgreSQL database (pglite/postgres), or MongoDB when the events are in EventStoreDB — so a backup of
 * one is a backup of the other. Every adapter passes `vault.contract.ts`.
 *
 * Values are strings (encode binary as base64). `namespace` separates users of the vault ('password',
 * 'subject-key', …); keys are opaque ids (a user id, a subject id), never personal data.
 */
export interface Vault {
  readonly kind: string;
  get(namespace: string, key: string): Promise<string | null>;
  /** Inserts or replaces. */
  put(namespace: string, key: string, value: string): Promise<void>;
  /**
   * Stores `value` only when the key is absent, and answers the value now stored: of concurrent first writes
   * (even from several processes) exactly one wins and every caller gets the winner's value.
   */
  putIfAbsent(namespace: string, key: string, value: string): Promise<string>;
  /** Removes for good; deleting a missing key is a no-op. */
  delete(namespace: string, key: string): Promise<void>;
  /** Releases what the vault opened itself (an SQL vault shares the event store's connection and closes nothing). */
  close(): Promise<void>;
}

/** Unit tests and the memory event store. */
export class MemoryVault implements Vault {
  readonly kind = 'memory';
  private readonly entries = new Map<string, string>();

  async get(namespace: string, key: string): Promise<string | null> {
    return this.entries.get(`${namespace}\u0000${key}`) ?? null;
  }

  async put(namespace: string, key: string, value: string): Promise<void> {
    this.entries.set(`${namespace}\u0000${key}`, value);
  }

  async putIfAbsent(namespace: string, key: string, value: string): Promise<string> {
    const id = `${namespace}\u0000${key}`;
    if (!this.entries.has(id)) this.entries.set(id, value);
    return this.entries.get(id)!;
  }

  async delete(namespace: string, key: string): Promise<void> {
    this.entries.delete(`${namespace}\u0000${key}`);
  }

  async close(): Promise<void> {}
}
