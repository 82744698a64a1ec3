import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import type { CommandContext } from '../../platform/command-context.js';
import type { DocumentStore } from '../../platform/document-store/document-store.js';
import { DomainError } from '../../platform/errors.js';
import type { EventStore } from '../../platform/event-store/event-store.js';
import { DOCUMENT_STORE, EVENT_STORE } from '../../platform/injection-keys.js';
import { isForgotten } from '../../platform/privacy/personal-data.js';
import { CONTENT_TYPES, type FileKind, type ReceivedFile, type UploadRules } from '../../platform/uploads.js';
import { EVIDENCE_TOO_LARGE } from '../../messages.js';
import { ACCOUNT_CLOSED } from '../identity/user.decider.js';
import { accountClosed } from './closed-accounts.js';
import { evidenceLog } from './evidence.decider.js';
import { evidenceStream, verificationStream, type VerificationDocument } from './events.js';

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

/** Where the evidence of one document is kept in the document store: the file, and beside it its metadata. */
export const evidenceKeys = (documentId: string) => [documentId, `${documentId}_meta`];

/**
 * Every document this person uploaded, from the log: each upload's `EvidenceUploaded` (stream `evidence-<userId>`),
 * and the documents their submissions cite — files uploaded before uploads were recorded are known only from there.
 * Ids are not personal: they are read however the person's key stands.
 */
export async function uploadedDocumentIds(events: EventStore, userId: string): Promise<string[]> {
  const ids = new Set<string>();
  const read = (stream: string) => events.readStream(stream, { keepPersonalSealed: true });
  for (const event of await read(evidenceStream(userId)))
    if (event.type === 'EvidenceUploaded') ids.add((event.data as { documentId: string }).documentId);
  for (const event of await read(verificationStream(userId)))
    if (event.type === 'VerificationSubmitted')
      for (const document of (event.data as { documents: { documentId: string }[] }).documents)
        ids.add(document.documentId);
  return [...ids];
}

/**
 * Evidence for a wholesale certification, in the document store: the file under its id and its metadata under
 * `<id>_meta`. Files are uploaded before the verification that cites them exists, so they are owned by the uploader.
 * Each upload is recorded (`EvidenceUploaded`) before its file is stored, so forgetting the uploader finds it.
 */
@Injectable()
export class Evidence {
  constructor(
    @Inject(DOCUMENT_STORE) private readonly documents: DocumentStore,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    private readonly repository: AggregateRepository,
  ) {}

  async store(
    file: ReceivedFile,
    fileName: string,
    uploadedBy: string,
    context: CommandContext,
  ): Promise<EvidenceMeta> {
    const meta: EvidenceMeta = {
      documentId: `evd_${randomUUID().replace(/-/g, '')}`,
      fileName,
      contentType: CONTENT_TYPES[file.kind],
      size: file.size,
      sha256: file.sha256,
      uploadedBy,
    };
    const { uploadedBy: userId, ...document } = meta;
    if (await accountClosed(this.events, this.repository, userId)) throw new DomainError(ACCOUNT_CLOSED, 403);
    // Recorded first: a file stored and not recorded would outlive its uploader being forgotten.
    await this.repository.handle(
      evidenceLog,
      evidenceStream(userId),
      { type: 'RecordEvidence', userId, document },
      context,
    );
    await this.documents.put(meta.documentId, meta.contentType, file.bytes);
    await this.documents.put(`${meta.documentId}_meta`, 'application/json', Buffer.from(JSON.stringify(meta)));
    // Forgotten meanwhile (the forgetting's erasure may have read this upload's record before its file was here):
    // the file goes again, and the upload is refused. Either this sees the forgetting, or the erasure (which reads
    // the uploads after recording it) sees this upload's record with its file stored. A crash just here is left to
    // the `forgotten-documents` follower, which erases an upload recorded after its uploader was forgotten.
    if (await accountClosed(this.events, this.repository, userId)) {
      for (const key of evidenceKeys(meta.documentId)) await this.documents.delete(key);
      throw new DomainError(ACCOUNT_CLOSED, 403);
    }
    return meta;
  }

  async meta(id: string): Promise<EvidenceMeta | null> {
    const stored = await this.documents.get(`${id}_meta`);
    return stored ? (JSON.parse(stored.bytes.toString('utf8')) as EvidenceMeta) : null;
  }

  /**
   * The file, for its uploader and for admins and compliance staff (`mayReadAll`); null for anyone else, and for
   * everyone once the uploader is forgotten (their files are deleted just after their key: not served meanwhile).
   */
  async file(id: string, userId: string, mayReadAll: boolean) {
    const meta = await this.meta(id);
    if (!meta || (meta.uploadedBy !== userId && !mayReadAll)) return null;
    if (await isForgotten(this.events, meta.uploadedBy)) return null;
    const stored = await this.documents.get(id);
    return stored ? { meta, stored } : null;
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
