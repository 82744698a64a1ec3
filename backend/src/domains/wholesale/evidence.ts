import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { DocumentStore } from '../../platform/document-store/document-store.js';
import { DomainError } from '../../platform/errors.js';
import { DOCUMENT_STORE } from '../../platform/injection-keys.js';
import { CONTENT_TYPES, type FileKind, type ReceivedFile, type UploadRules } from '../../platform/uploads.js';
import { EVIDENCE_TOO_LARGE } from '../../messages.js';
import type { VerificationDocument } from './events.js';

export const MAX_EVIDENCE_BYTES = 10 * 1024 * 1024;
const EVIDENCE_KINDS: FileKind[] = ['pdf', 'doc', 'docx', 'jpg', 'png'];
export const EVIDENCE_KIND = 'Documents must be PDF, Word (doc, docx), JPG or PNG files';
export const EVIDENCE_RULES: UploadRules = {
  maxBytes: MAX_EVIDENCE_BYTES,
  kinds: EVIDENCE_KINDS,
  wrongKind: EVIDENCE_KIND,
  tooLarge: EVIDENCE_TOO_LARGE,
};

/** What is kept beside each uploaded file: who uploaded it decides who may attach and download it. */
export interface EvidenceMeta extends VerificationDocument {
  uploadedBy: string;
}

/**
 * Evidence for a wholesale certification, in the document store: the file under its id and its metadata under
 * `<id>_meta`. Files are uploaded before the verification that cites them exists, so they are owned by the uploader.
 */
@Injectable()
export class Evidence {
  constructor(@Inject(DOCUMENT_STORE) private readonly documents: DocumentStore) {}

  async store(file: ReceivedFile, fileName: string, uploadedBy: string): Promise<EvidenceMeta> {
    const meta: EvidenceMeta = {
      documentId: `evd_${randomUUID().replace(/-/g, '')}`,
      fileName,
      contentType: CONTENT_TYPES[file.kind],
      size: file.size,
      sha256: file.sha256,
      uploadedBy,
    };
    await this.documents.put(meta.documentId, meta.contentType, file.bytes);
    await this.documents.put(`${meta.documentId}_meta`, 'application/json', Buffer.from(JSON.stringify(meta)));
    return meta;
  }

  async meta(id: string): Promise<EvidenceMeta | null> {
    const stored = await this.documents.get(`${id}_meta`);
    return stored ? (JSON.parse(stored.bytes.toString('utf8')) as EvidenceMeta) : null;
  }

  /** The file, for its uploader and for admins and compliance staff (`mayReadAll`); null for anyone else. */
  async file(id: string, userId: string, mayReadAll: boolean) {
    const meta = await this.meta(id);
    const stored = meta && (meta.uploadedBy === userId || mayReadAll) ? await this.documents.get(id) : null;
    return meta && stored ? { meta, stored } : null;
  }

  /** The documents a submission cites, by their download URLs: only evidence this user uploaded can be attached. */
  async attachable(
    refs: readonly { url: string; filename: string }[],
    userId: string,
  ): Promise<VerificationDocument[]> {
    const documents: VerificationDocument[] = [];
    for (const ref of refs) {
      const id = /\/(evd_[0-9a-f]{32})$/.exec(ref.url)?.[1];
      const meta = id ? await this.meta(id) : null;
      if (!meta || meta.uploadedBy !== userId)
        throw new DomainError(`Document ${ref.filename} was not uploaded by you; upload it again`, 400, [
          { field: 'verificationDocuments', message: 'Unknown document' },
        ]);
      const { uploadedBy: _u, ...doc } = meta;
      documents.push(doc);
    }
    return documents;
  }
}
