import type { IncomingMessage } from 'node:http';
import { receiveFile, type ReceivedFile, type UploadRules } from '../../platform/uploads.js';
import { DOCUMENT_MESSAGES } from '../../messages.js';
import { DomainError } from '../../platform/errors.js';
import type { AssetDoc } from '../../projections/assets.js';
import { acceptsDocument, documentList, REQUIRED_DOCUMENTS, type DocumentKind } from './events.js';

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

/**
 * Throws unless the asset takes this document now: a draft (409 otherwise), and one of its type's documents (404
 * otherwise; the decider decides it again), so nothing is read or stored for another kind.
 */
export function refuseUpload(doc: AssetDoc, kind: DocumentKind): void {
  if (doc.status !== 'draft')
    throw new DomainError(
      doc.status === 'pending'
        ? 'This asset is awaiting review and cannot be changed'
        : 'This asset is tokenized and cannot be changed',
      409,
    );
  const held = new Set(doc.documents.map((d) => d.kind));
  if (!acceptsDocument(doc.assetType, kind, (k) => held.has(k))) {
    const wanted = REQUIRED_DOCUMENTS[doc.assetType];
    throw new DomainError(`A ${doc.assetType} asset needs its ${documentList(wanted)}, not this document`, 404);
  }
}
