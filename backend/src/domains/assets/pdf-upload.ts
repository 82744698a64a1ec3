import type { IncomingMessage } from 'node:http';
import { receiveFile, type ReceivedFile } from '../../platform/uploads.js';

/** Spec §5: asset documents are PDF, at most 10 MB. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const NOT_A_PDF = 'Documents must be PDF files';
export const TOO_LARGE = 'Documents must be at most 10MB';

export function receivePdf(req: IncomingMessage): Promise<ReceivedFile> {
  return receiveFile(req, { maxBytes: MAX_DOCUMENT_BYTES, kinds: ['pdf'], wrongKind: NOT_A_PDF, tooLarge: TOO_LARGE });
}
