import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { DomainError } from '../../platform/errors.js';

/** Spec §5: documents are PDF, at most 10 MB. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const NOT_A_PDF = 'Documents must be PDF files';
export const TOO_LARGE = 'Documents must be at most 10MB';
const PDF_MAGIC = Buffer.from('%PDF-');

export interface ReceivedPdf {
  bytes: Buffer;
  size: number;
  sha256: string;
}

/**
 * Reads a PDF sent as the raw request body. Refused early, without reading the rest: a declared length over
 * the limit before the first byte, a body whose first bytes are not `%PDF-` (whatever the file is called),
 * and a body that grows past the limit. Nothing is stored unless the whole file passed.
 */
export function receivePdf(req: IncomingMessage, maxBytes = MAX_DOCUMENT_BYTES): Promise<ReceivedPdf> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.reject(new DomainError(TOO_LARGE, 413, [{ field: 'file', message: TOO_LARGE }]));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const hash = createHash('sha256');
    let size = 0;
    let settled = false;
    const refuse = (error: DomainError) => {
      if (settled) return;
      settled = true;
      req.removeAllListeners('data');
      req.pause();
      reject(error);
    };
    req.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > maxBytes) return refuse(new DomainError(TOO_LARGE, 413, [{ field: 'file', message: TOO_LARGE }]));
      chunks.push(chunk);
      hash.update(chunk);
      const head = Buffer.concat(chunks, Math.min(size, PDF_MAGIC.length));
      if (head.length >= PDF_MAGIC.length || size >= PDF_MAGIC.length) {
        if (!head.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC)) refuse(new DomainError(NOT_A_PDF, 415, [{ field: 'file', message: NOT_A_PDF }]));
      }
    });
    req.once('end', () => {
      if (settled) return;
      settled = true;
      if (size < PDF_MAGIC.length) return reject(new DomainError(NOT_A_PDF, 415, [{ field: 'file', message: NOT_A_PDF }]));
      resolve({ bytes: Buffer.concat(chunks, size), size, sha256: hash.digest('hex') });
    });
    req.once('error', (error) => {
      if (settled) return;
      settled = true;
      reject(error);
    });
  });
}
