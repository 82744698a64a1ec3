import { createHash } from 'node:crypto';

/** An answer serialized ahead of time, with an entity tag (a quoted string) made from its text. */
export interface SerializedBody {
  /**
   * The JSON text in UTF-8, sent as it is by both the Nest path and the hot path (`hot-reads.ts`): no text copied
   * behind the headers or encoded again per request. Shared: never written to.
   */
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
    bytes: Buffer.from(body),
    etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`,
  });
}
