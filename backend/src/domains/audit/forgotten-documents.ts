import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import { systemContext, type CommandContext } from '../../platform/command-context.js';
import type { DocumentStore } from '../../platform/document-store/document-store.js';
import type { EventStore, RecordedEvent } from '../../platform/event-store/event-store.js';
import { logPages } from '../../platform/event-store/log-pages.js';
import { DOCUMENT_STORE, EVENT_STORE, LOGGER, READ_STORE } from '../../platform/injection-keys.js';
import { JobRunner } from '../../platform/jobs/job-runner.js';
import { LogFollower } from '../../platform/jobs/log-follower.js';
import type { ReadStore } from '../../platform/read-store/read-store.js';
import { evidenceKeys, uploadedDocumentIds } from '../wholesale/evidence.js';
import type { EvidenceUploaded } from '../wholesale/events.js';
import { privacy } from './audit.decider.js';
import type { PersonalDataForgotten } from './events.js';
import { privacyStream } from './events.js';

export const FORGOTTEN_DOCUMENTS = 'forgotten-documents';

/**
 * Forgetting a person deletes the files they uploaded (wholesale evidence: a bank statement, a certificate), which
 * shredding their key cannot reach. An outbox in the log: `PersonalDataForgotten` is the intent, the deletions follow,
 * `PersonalDocumentsErased` records the outcome. The forget request erases at once; this process manager follows the
 * log's `PersonalDataForgotten` events from its kept checkpoint (`LogFollower`) and erases for any person whose
 * outcome is not recorded — after a crash between the key's shredding and the deletions, at the next start. Deleting
 * is idempotent and the outcome is recorded once (the privacy decider), so a retry or a replay does nothing twice.
 * One replica runs it (the `forgotten-documents` lease).
 */
@Injectable()
export class ForgottenDocuments {
  readonly follower: LogFollower<RecordedEvent & (PersonalDataForgotten | EvidenceUploaded)>;

  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(DOCUMENT_STORE) private readonly documents: DocumentStore,
    private readonly repository: AggregateRepository,
    @Inject(LOGGER) logger: Logger,
    jobs: JobRunner,
    @Inject(READ_STORE) reads: ReadStore | null = null,
  ) {
    this.follower = new LogFollower({
      name: FORGOTTEN_DOCUMENTS,
      description: 'Deletes the files a forgotten person uploaded, and records that they were',
      events,
      reads,
      logger,
      eventTypes: ['PersonalDataForgotten', 'EvidenceUploaded'],
      resumeFrom: () => this.resumeFrom(),
      handle: (event) => this.followed(event),
    });
    jobs.declare(this.follower);
  }

  /**
   * Deletes every file the person uploaded and records the outcome, unless it is recorded already. Only for a person
   * already forgotten (their key gone): before that, their files are theirs. Once the outcome is recorded, an upload
   * it does not name (one that raced the forgetting: recorded after the erasure read the uploads) is deleted and
   * recorded on its own (`LateUploadErased`), once; nothing else is deleted again.
   */
  async erase(subjectId: string, context: CommandContext): Promise<void> {
    const { state } = await this.repository.load(privacy, privacyStream(subjectId));
    if (!state.forgotten) return;
    const ids = await uploadedDocumentIds(this.events, subjectId);
    const recorded = new Set(state.documentsErased ? state.erasedDocumentIds : []);
    const outstanding = ids.filter((id) => !recorded.has(id));
    if (state.documentsErased && outstanding.length === 0) return;
    for (const id of outstanding) for (const key of evidenceKeys(id)) await this.documents.delete(key);
    await this.repository.handle(
      privacy,
      privacyStream(subjectId),
      { type: 'RecordDocumentsErased', subjectId, documentIds: ids },
      context,
    );
  }

  /**
   * Where to read from without a kept checkpoint (the first start, or one kept by another version): just before the
   * oldest forgetting whose erasure is not recorded, or the oldest upload recorded after its uploader was forgotten
   * and not recorded as erased since; the head when there is none.
   */
  async resumeFrom(): Promise<number> {
    const pending = new Map<string, number>();
    const forgotten = new Set<string>();
    for await (const page of logPages(this.events, {
      eventTypes: ['PersonalDataForgotten', 'PersonalDocumentsErased', 'EvidenceUploaded', 'LateUploadErased'],
    }))
      for (const event of page) {
        const data = event.data as { subjectId: string; documentId?: string; documentIds?: string[] };
        switch (event.type) {
          case 'PersonalDataForgotten':
            forgotten.add(data.subjectId);
            if (!pending.has(data.subjectId)) pending.set(data.subjectId, event.position - 1);
            break;
          case 'PersonalDocumentsErased':
            pending.delete(data.subjectId);
            for (const id of data.documentIds ?? []) pending.delete(id);
            break;
          case 'EvidenceUploaded':
            if (forgotten.has(data.subjectId)) pending.set(data.documentId!, event.position - 1);
            break;
          case 'LateUploadErased':
            pending.delete(data.documentId!);
            break;
        }
      }
    return pending.size > 0 ? Math.min(...pending.values()) : await this.events.headPosition();
  }

  /**
   * A forgetting erases the person's files; an upload recorded after its uploader was forgotten (it raced the
   * forgetting) is erased too — its own request deletes the file when it sees the forgetting, and this records it,
   * and covers a crash between the file's storing and that check. Anyone else's upload is left alone (`erase`).
   */
  private async followed(event: RecordedEvent & (PersonalDataForgotten | EvidenceUploaded)): Promise<void> {
    // A failure (the document store unreachable) fails the subscription, which resubscribes and delivers it again.
    await this.erase(event.data.subjectId, systemContext(FORGOTTEN_DOCUMENTS, event.metadata.correlationId));
  }
}
