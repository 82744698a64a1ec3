import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type {
  AppendResult,
  EventStore,
  EventToAppend,
  ExpectedRevision,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  StoreHealth,
  SubscribeOptions,
  Subscription,
} from '../event-store/event-store.js';
import type { IntegrityProgress, IntegrityReport } from '../event-store/integrity.js';
import { KeyedLock } from '../keyed-lock.js';
import type { Vault } from '../vault/vault.js';

/**
 * Privacy Act 2020, crypto-shredding. An event's personal data sits under `data.personal`, and
 * `data.subjectId` names the person it is about. This decorator of the event store encrypts that object with
 * the person's own key (AES-256-GCM, the subject id bound in as additional data) before it is stored, and
 * decrypts it on every read. Forgetting a person replaces their key in the vault with a tombstone: the stored
 * bytes do not change, so every hash chain still verifies and every non-personal fact still replays, but
 * their personal fields read as null from then on (and `data.personalForgotten` is true).
 */
export const SUBJECT_KEYS = 'subject-key';
const FORGOTTEN = 'forgotten';
const MAX_CACHED_KEYS = 10_000;

/** The stored form of `data.personal`: field names stay readable (they are not personal), values do not. */
export interface SealedPersonal {
  $sealed: 'aes-256-gcm';
  fields: string[];
  iv: string;
  tag: string;
  ciphertext: string;
}

type Key = Buffer | typeof FORGOTTEN;

export class PersonalDataProtection implements EventStore {
  private readonly keys = new Map<string, Key>();
  private readonly creating = new KeyedLock();

  constructor(
    readonly inner: EventStore,
    private readonly vault: Vault,
  ) {}

  get kind(): string {
    return this.inner.kind;
  }

  async append(streamId: string, events: readonly EventToAppend[], expected: ExpectedRevision): Promise<AppendResult> {
    return this.inner.append(streamId, await Promise.all(events.map((e) => this.seal(e))), expected);
  }

  async readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]> {
    const events = await this.inner.readStream(streamId, options);
    return options?.keepPersonalSealed ? events : Promise.all(events.map((e) => this.open(e)));
  }

  async readAll(options?: ReadAllOptions): Promise<RecordedEvent[]> {
    return Promise.all((await this.inner.readAll(options)).map((e) => this.open(e)));
  }

  subscribe(options: SubscribeOptions): Subscription {
    return this.inner.subscribe({ ...options, onEvent: async (event) => options.onEvent(await this.open(event)) });
  }

  headPosition(): Promise<number> {
    return this.inner.headPosition();
  }

  health(): Promise<StoreHealth> {
    return this.inner.health();
  }

  verifyIntegrity(onProgress?: IntegrityProgress): Promise<IntegrityReport | null> {
    return this.inner.verifyIntegrity(onProgress);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /**
   * Whether this person has been forgotten. `fresh` asks the vault rather than this process's cache of keys: another
   * replica may have deleted the key.
   */
  async isForgotten(subjectId: string, { fresh = false } = {}): Promise<boolean> {
    if (fresh && this.keys.get(subjectId) !== FORGOTTEN) this.keys.delete(subjectId);
    return (await this.key(subjectId)) === FORGOTTEN;
  }

  /** Deletes the person's key for good, leaving a tombstone so that nothing new is sealed for them either. */
  async forget(subjectId: string): Promise<void> {
    await this.creating.run(subjectId, async () => {
      await this.vault.put(SUBJECT_KEYS, subjectId, FORGOTTEN);
      this.remember(subjectId, FORGOTTEN);
    });
  }

  private async seal(event: EventToAppend): Promise<EventToAppend> {
    const found = personalOf(event.data);
    if (!found || isSealed(found.personal)) return event;
    const key = await this.keyFor(found.subjectId);
    const fields = Object.keys(found.personal);
    if (key === FORGOTTEN)
      return { ...event, data: { ...found.data, personal: redacted(fields), personalForgotten: true } };
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv);
    cipher.setAAD(Buffer.from(found.subjectId));
    const ciphertext = Buffer.concat([cipher.update(JSON.stringify(found.personal), 'utf8'), cipher.final()]);
    const sealed: SealedPersonal = {
      $sealed: 'aes-256-gcm',
      fields,
      iv: iv.toString('base64'),
      tag: cipher.getAuthTag().toString('base64'),
      ciphertext: ciphertext.toString('base64'),
    };
    return { ...event, data: { ...found.data, personal: sealed } };
  }

  private async open(event: RecordedEvent): Promise<RecordedEvent> {
    const found = personalOf(event.data);
    if (!found || !isSealed(found.personal)) return event;
    const sealed = found.personal;
    const key = await this.key(found.subjectId);
    if (key === null || key === FORGOTTEN)
      return { ...event, data: { ...found.data, personal: redacted(sealed.fields), personalForgotten: true } };
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'));
    decipher.setAAD(Buffer.from(found.subjectId));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    const plain = Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, 'base64')), decipher.final()]).toString(
      'utf8',
    );
    return { ...event, data: { ...found.data, personal: JSON.parse(plain) as unknown } };
  }

  /** The person's key, creating it on first use; serialised per person so two first events cannot race. */
  private async keyFor(subjectId: string): Promise<Key> {
    return (
      (await this.key(subjectId)) ??
      this.creating.run(subjectId, async () => {
        const existing = await this.key(subjectId);
        if (existing) return existing;
        const key = randomBytes(32);
        await this.vault.put(SUBJECT_KEYS, subjectId, key.toString('base64'));
        this.remember(subjectId, key);
        return key;
      })
    );
  }

  private async key(subjectId: string): Promise<Key | null> {
    const cached = this.keys.get(subjectId);
    if (cached) return cached;
    const stored = await this.vault.get(SUBJECT_KEYS, subjectId);
    if (stored === null) return null;
    const key: Key = stored === FORGOTTEN ? FORGOTTEN : Buffer.from(stored, 'base64');
    this.remember(subjectId, key);
    return key;
  }

  private remember(subjectId: string, key: Key): void {
    this.keys.delete(subjectId);
    this.keys.set(subjectId, key);
    if (this.keys.size > MAX_CACHED_KEYS) this.keys.delete(this.keys.keys().next().value!);
  }
}

function personalOf(
  data: unknown,
): { data: Record<string, unknown>; subjectId: string; personal: Record<string, unknown> } | null {
  if (typeof data !== 'object' || data === null) return null;
  const record = data as Record<string, unknown>;
  const { subjectId, personal } = record;
  if (typeof subjectId !== 'string' || typeof personal !== 'object' || personal === null) return null;
  return { data: record, subjectId, personal: personal as Record<string, unknown> };
}

function isSealed(personal: Record<string, unknown>): personal is Record<string, unknown> & SealedPersonal {
  return personal.$sealed === 'aes-256-gcm';
}

function redacted(fields: readonly string[]): Record<string, null> {
  return Object.fromEntries(fields.map((f) => [f, null]));
}

/** Whether a person has been forgotten (false when the store keeps no personal data apart, as in some unit tests). */
export async function isForgotten(store: EventStore, subjectId: string): Promise<boolean> {
  return store instanceof PersonalDataProtection ? store.isForgotten(subjectId) : false;
}
