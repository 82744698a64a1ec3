import type { SerializedBody } from '../read-store/serialized-body.js';
import type { HttpReply, HttpRequest } from './http.js';

/** What Fastify sends a JSON body as, so a body serialized ahead of time goes out exactly as one serialized now. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/**
 * Whether `If-None-Match` names this tag (as RFC 9110 has it: weak comparison, a list of tags, or `*`): the
 * client's copy is current and the answer is 304 without a body.
 */
export function notModified(ifNoneMatch: string | string[] | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const given = Array.isArray(ifNoneMatch) ? ifNoneMatch.join(',') : ifNoneMatch;
  if (given.trim() === '*') return true;
  for (const tag of given.split(',')) {
    const trimmed = tag.trim();
    if ((trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === etag) return true;
  }
  return false;
}

/**
 * Answers a GET with a body serialized ahead of time: its tag in `ETag`, and 304 with no body when the client
 * already holds it. Returns what the handler returns (Fastify sends bytes as they are).
 */
export function sendSerialized(req: HttpRequest, reply: HttpReply, serialized: SerializedBody): Buffer | string {
  reply.header('etag', serialized.etag);
  if (notModified(req.headers['if-none-match'], serialized.etag)) {
    reply.code(304);
    return '';
  }
  reply.header('content-type', JSON_CONTENT_TYPE);
  return serialized.bytes;
}
