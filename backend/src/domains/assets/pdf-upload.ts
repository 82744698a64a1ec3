import type { IncomingMessage } from 'node:http';
import { receiveFile, type ReceivedFile, type UploadRules } from '../../platform/uploads.js';
import { DOCUMENT_MESSAGES } from '../../messages.js';

/** docs/specification.md §5: asset documents are PDF, at most 10 MB. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

export const PDF_RULES: UploadRules = {
  maxBytes: MAX_DOCUMENT_BYTES,
  kinds: ['pdf'],
  wrongKind: DOCUMENT_MESSAGES.notPdf,
  tooLarge: DOCUMENT_MESSAGES.tooLarge,
};

export function receivePdf(req: IncomingMessage): Promise<ReceivedFile> {
  return receiveFile(req, PDF_RULES);
}
