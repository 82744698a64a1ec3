import { createHash } from 'node:crypto';

/** An answer serialized ahead of time, with an entity tag (a quoted string) made from its text. */
export interface SerializedBody {
  readonly body: string;
  /** `body` as UTF-8, for the hot path (`hot-reads.ts`), which sends it as it is: no text copied or encoded again. */
  readonly bytes: Buffer;
  readonly etag: string;
}

/**
 * Serializes an answer once, for sending many times (`platform/http/serialized.ts` sends it). The tag hashes the
 * text, not a read model's generation: replicas holding the same document give the same tag, and different
 * documents never share one.
 */
export function serialized(value: unknown): SerializedBody {
  const body = JSON.stringify(value);
  return Object.freeze({
    body,
    bytes: Buffer.from(body),
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
  });
}
