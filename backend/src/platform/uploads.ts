import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
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
}

function kindOf(head: Buffer, kinds: readonly FileKind[]): FileKind | null {
  return kinds.find((k) => head.length >= SIGNATURES[k].length && head.subarray(0, SIGNATURES[k].length).equals(SIGNATURES[k])) ?? null;
}

/**
 * Reads a file sent as the raw request body. Refused early, without reading the rest: a declared length over
 * the limit before the first byte; a body whose first bytes are not one of the allowed kinds; a body that
 * grows past the limit. The caller stores nothing unless the whole file passed.
 */
export function receiveFile(req: IncomingMessage, rules: UploadRules): Promise<ReceivedFile> {
  const tooLarge = () => new DomainError(rules.tooLarge, 413, [{ field: 'file', message: rules.tooLarge }]);
  const wrongKind = () => new DomainError(rules.wrongKind, 415, [{ field: 'file', message: rules.wrongKind }]);
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > rules.maxBytes) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const hash = createHash('sha256');
    let size = 0;
    let kind: FileKind | null = null;
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
    };
    const refuse = (error: DomainError) =>
      settle(() => {
        req.removeAllListeners('data');
        req.pause();
        reject(error);
      });
    req.on('data', (chunk: Buffer) => {
      if (settled) return;
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
