import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { applyDecorators } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { DomainError } from './errors.js';

/** File kinds recognised by their first bytes — never by the name or the declared type, which anyone can set. */
export type FileKind = 'pdf' | 'doc' | 'docx' | 'jpg' | 'png';

const SIGNATURES: Record<FileKind, Buffer> = {
  pdf: Buffer.from('%PDF-'),
  doc: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), // OLE compound file (Word 97–2003)
  docx: Buffer.from([0x50, 0x4b, 0x03, 0x04]), // a ZIP container (Office Open XML)
  jpg: Buffer.from([0xff, 0xd8, 0xff]),
  png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
};
const HEAD = Math.max(...Object.values(SIGNATURES).map((s) => s.length));

export const CONTENT_TYPES: Record<FileKind, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  jpg: 'image/jpeg',
  png: 'image/png',
};

export interface ReceivedFile {
  bytes: Buffer;
  size: number;
  sha256: string;
  kind: FileKind;
}

export interface UploadRules {
  maxBytes: number;
  kinds: readonly FileKind[];
  /** The refusal for a file of another kind, e.g. 'Documents must be PDF files'. */
  wrongKind: string;
  /** The refusal for a file over the limit, e.g. 'Documents must be at most 10MB'. */
  tooLarge: string;
  /** The whole body must arrive within `totalMs`, with no pause longer than `idleMs` (defaults: 60 s and 15 s). */
  timeouts?: { totalMs: number; idleMs: number };
}

export const UPLOAD_TIMEOUTS = { totalMs: 60_000, idleMs: 15_000 };
export const UPLOAD_TOO_SLOW = 'The upload took too long; please try again';
export const UPLOAD_STALLED = 'The upload stopped arriving; please try again';

/** The content types a file upload may declare: its kinds', or generic bytes (a browser's type for an unknown file). */
export function uploadContentTypes(kinds: readonly FileKind[]): string[] {
  return [...new Set(kinds.map((k) => CONTENT_TYPES[k])), 'application/octet-stream'];
}

/**
 * The refusal of a body that is not a file (JSON, a form, text, HTML, multipart): the file kinds in the words of
 * the spec, then the content types to send them with.
 */
export function notAFile(rules: Pick<UploadRules, 'kinds' | 'wrongKind'>): DomainError {
  const accepted = uploadContentTypes(rules.kinds).join(', ');
  const message = `${rules.wrongKind}, sent as the request body itself with one of these content types: ${accepted}`;
  return new DomainError(message, 415, [{ field: 'file', message }]);
}

const UPLOAD_ROUTE = 'kauriUpload';

/**
 * A handler that takes one file as its raw body, received with these rules: documented as such in the OpenAPI
 * document, and known to the edge hook (`uploadRulesOf`), which refuses a body of any other type with
 * `notAFile` before the handler runs.
 */
export const TakesFile = (rules: UploadRules) =>
  applyDecorators(
    ApiConsumes(...uploadContentTypes(rules.kinds)),
    ApiBody({ schema: { type: 'string', format: 'binary' } }),
    RouteConfig({ [UPLOAD_ROUTE]: rules }),
  );

/** The upload rules of the route a request reached (`TakesFile`), or null for a route that takes JSON or nothing. */
export function uploadRulesOf(req: FastifyRequest): UploadRules | null {
  const config = req.routeOptions.config as { [UPLOAD_ROUTE]?: UploadRules } | undefined;
  return config?.[UPLOAD_ROUTE] ?? null;
}

function kindOf(head: Buffer, kinds: readonly FileKind[]): FileKind | null {
  return (
    kinds.find(
      (k) => head.length >= SIGNATURES[k].length && head.subarray(0, SIGNATURES[k].length).equals(SIGNATURES[k]),
    ) ?? null
  );
}

type UploadRequest = IncomingMessage & { res?: ServerResponse; _body?: boolean };

/**
 * Reads a file sent as the raw request body. Refused at once: a body a parser already consumed (a JSON or form
 * content type) or any other non-file content type (415, naming the accepted ones), a declared length over
 * the limit. Refused while reading: first bytes that are not one of the allowed kinds, a body that grows past
 * the limit. A body that takes longer than the timeouts allow is answered 408 and its connection closed (a
 * stalled client would otherwise hold it, and a shutdown, open). The caller stores nothing unless the whole
 * file passed.
 */
export function receiveFile(req: UploadRequest, rules: UploadRules): Promise<ReceivedFile> {
  const fileError = (message: string, status: 408 | 413 | 415) =>
    new DomainError(message, status, [{ field: 'file', message }]);
  const tooLarge = () => fileError(rules.tooLarge, 413);
  const wrongKind = () => fileError(rules.wrongKind, 415);
  const accepted = uploadContentTypes(rules.kinds);
  const declaredType = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (req._body || req.readableEnded || (declaredType !== '' && !accepted.includes(declaredType)))
    return Promise.reject(notAFile(rules));
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > rules.maxBytes) return Promise.reject(tooLarge());
  const { totalMs, idleMs } = rules.timeouts ?? UPLOAD_TIMEOUTS;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const hash = createHash('sha256');
    let size = 0;
    let kind: FileKind | null = null;
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(total);
      clearTimeout(idle);
      fn();
    };
    const refuse = (error: DomainError) =>
      settle(() => {
        req.removeAllListeners('data');
        req.pause();
        // Refused mid-body (too slow, too large, not a file it takes): the rest of the body is never read, so the
        // connection cannot carry another request — it is closed after the answer, not reset under the next one.
        if (req.res && !req.res.headersSent) req.res.setHeader('Connection', 'close');
        reject(error);
      });
    const total = setTimeout(() => refuse(fileError(UPLOAD_TOO_SLOW, 408)), totalMs);
    const idle = setTimeout(() => refuse(fileError(UPLOAD_STALLED, 408)), idleMs);
    req.on('data', (chunk: Buffer) => {
      if (settled) return;
      idle.refresh();
      size += chunk.length;
      if (size > rules.maxBytes) return refuse(tooLarge());
      chunks.push(chunk);
      hash.update(chunk);
      if (kind === null && size >= HEAD) {
        kind = kindOf(Buffer.concat(chunks, HEAD), rules.kinds);
        if (kind === null) refuse(wrongKind());
      }
    });
    req.once('end', () =>
      settle(() => {
        kind ??= kindOf(Buffer.concat(chunks, size), rules.kinds);
        if (kind === null) return reject(wrongKind());
        resolve({ bytes: Buffer.concat(chunks, size), size, sha256: hash.digest('hex'), kind });
      }),
    );
    req.once('error', (error) => settle(() => reject(error)));
    // The client went away (or shutdown closed the connection) before the end: nobody waits for an answer.
    req.once('close', () => settle(() => reject(new DomainError('The upload was interrupted', 400))));
  });
}

/** The uploaded file's name as sent (URL-encoded in X-File-Name), cleaned for storage and display. */
export function uploadedFileName(header: string | undefined, fallback: string): string {
  let name = header ?? fallback;
  try {
    name = decodeURIComponent(name);
  } catch {
    /* a malformed encoding is kept as typed */
  }
  return name.replace(/[^\p{L}\p{N}\p{Pd} ._()]/gu, '_').slice(0, 200) || fallback;
}
