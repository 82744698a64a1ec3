import type { HttpReply } from './http.js';

/**
 * A download's name: one the app made (plain ASCII, sent as it is), or one a person uploaded (any characters: sent
 * percent-encoded, and the bytes are never sniffed for another type than the one they were stored with).
 */
export type DownloadName = { made: string } | { uploaded: string };

/** The headers of a file to save rather than show: its type and name (`attachment`). */
export function downloadHeaders(reply: HttpReply, contentType: string, name: DownloadName): HttpReply {
  reply.header('Content-Type', contentType);
  if ('made' in name) reply.header('Content-Disposition', `attachment; filename="${name.made}"`);
  else {
    reply.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name.uploaded)}`);
    reply.header('X-Content-Type-Options', 'nosniff');
  }
  return reply;
}

/** Answers a file to save: its headers (`downloadHeaders`), then its content. */
export function sendDownload(reply: HttpReply, contentType: string, name: DownloadName, body: Buffer | string): void {
  downloadHeaders(reply, contentType, name).send(body);
}
