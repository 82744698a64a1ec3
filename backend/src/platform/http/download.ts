import { CONTENT_TYPES, type FileKind } from '../uploads.js';
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
    const saved = savedName(name.uploaded, contentType);
    reply.header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(saved)}`);
    reply.header('X-Content-Type-Options', 'nosniff');
  }
  return reply;
}

/** Answers a file to save: its headers (`downloadHeaders`), then its content. */
export function sendDownload(reply: HttpReply, contentType: string, name: DownloadName, body: Buffer | string): void {
  downloadHeaders(reply, contentType, name).send(body);
}

/**
 * The name an uploaded file is saved under: the person's own, ending in the extension of the type it was stored as
 * (appended when it does not). A PDF uploaded as `invoice.html` is saved as `invoice.html.pdf`, so the computer that
 * saves it opens it as what it was checked to be, never as a page.
 */
export function savedName(uploaded: string, contentType: string): string {
  const kind = (Object.keys(CONTENT_TYPES) as FileKind[]).find((k) => CONTENT_TYPES[k] === contentType);
  if (!kind) return uploaded;
  const endings = kind === 'jpg' ? ['.jpg', '.jpeg'] : [`.${kind}`];
  return endings.some((ending) => uploaded.toLowerCase().endsWith(ending)) ? uploaded : `${uploaded}.${kind}`;
}
