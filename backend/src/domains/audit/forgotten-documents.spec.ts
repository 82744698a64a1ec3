/**
 * The erasure of a forgotten person's files as an outbox in the log: `PersonalDataForgotten` (the intent), the
 * deletions, `PersonalDocumentsErased` (the outcome). A crash between the key's shredding and the deletions leaves the
 * intent alone in the log: the follower erases at its next start, from its checkpoint or, without one, from the oldest
 * forgetting whose outcome is missing; erasing again deletes nothing more and records nothing twice.
 */
import { describe, expect, it } from '@jest/globals';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import { systemContext } from '../../platform/command-context.js';
import { MemoryDocumentStore } from '../../platform/document-store/document-store.js';
import type { JobRunner } from '../../platform/jobs/job-runner.js';
import { FollowedLog } from '../../testing/log-followers.js';
import { privacyStream } from './events.js';
import { FORGOTTEN_DOCUMENTS, ForgottenDocuments } from './forgotten-documents.js';

const jobs = { declare: () => undefined } as unknown as JobRunner;
const sha256 = 'b'.repeat(64);

describe('forgotten documents: the erasure survives a crash', () => {
  const setUp = async () => {
    const log = new FollowedLog();
    const documents = new MemoryDocumentStore();
    const follower = () =>
      new ForgottenDocuments(
        log.events,
        documents,
        new AggregateRepository(log.events, log.logger),
        log.logger,
        jobs,
        log.reads,
      );
    /** One upload of `userId`'s: its record, its file and its metadata. */
    const uploaded = async (userId: string, documentId: string) => {
      await log.put(`evidence-${userId}`, 'EvidenceUploaded', {
        documentId,
        contentType: 'application/pdf',
        size: 4,
        sha256,
        userId,
        subjectId: userId,
        personal: { fileName: 'statement.pdf' },
      });
      await documents.put(documentId, 'application/pdf', Buffer.from('%PDF'));
      await documents.put(`${documentId}_meta`, 'application/json', Buffer.from('{}'));
    };
    const forgotten = (subjectId: string) =>
      log.put(privacyStream(subjectId), 'PersonalDataForgotten', {
        subjectId,
        forgottenBy: 'staff-1',
        reason: 'Asked',
      });
    return { log, documents, follower, uploaded, forgotten };
  };
  const erased = (types: string[]) => types.includes('PersonalDocumentsErased');

  it('a crash after the key went and before the files did: the next start (no checkpoint) erases, once', async () => {
    const { log, documents, follower, uploaded, forgotten } = await setUp();
    await uploaded('u-1', 'evd_1');
    await uploaded('u-2', 'evd_2');
    // u-1 forgotten and erased before; u-2 forgotten, then the crash: nothing deleted, no outcome.
    await forgotten('u-1');
    await follower().erase('u-1', systemContext('test', 'c-1'));
    const intent = await forgotten('u-2');
    expect(await documents.get('evd_2')).not.toBeNull();

    const manager = follower();
    expect(await manager.resumeFrom()).toBe(intent - 1);
    manager.follower.start();
    await log.until(privacyStream('u-2'), erased);
    await manager.follower.stop();
    expect(log.subscribedFrom).toEqual([intent - 1]);
    expect(await documents.get('evd_2')).toBeNull();
    expect(await documents.get('evd_2_meta')).toBeNull();
    expect(await log.typesOf(privacyStream('u-2'))).toEqual(['PersonalDataForgotten', 'PersonalDocumentsErased']);
    expect(await log.checkpointOf(FORGOTTEN_DOCUMENTS)).toBeGreaterThanOrEqual(intent);

    // Handled again (a crash before the checkpoint was stored, or the request's own erasure): nothing more recorded.
    for (const subject of ['u-1', 'u-2']) {
      await follower().erase(subject, systemContext('test', 'c-again'));
      expect(await log.typesOf(privacyStream(subject))).toEqual(['PersonalDataForgotten', 'PersonalDocumentsErased']);
    }
    await log.close();
  });

  it('an upload recorded after its uploader was forgotten and erased (it raced the forgetting): deleted, recorded once', async () => {
    const { log, documents, follower, uploaded, forgotten } = await setUp();
    await uploaded('u-4', 'evd_4');
    await forgotten('u-4');
    await follower().erase('u-4', systemContext('test', 'c-4'));
    await log.checkpointAt(FORGOTTEN_DOCUMENTS, await log.store.headPosition());
    // The race: the upload's record and file land after the erasure, and its request crashes before checking again.
    await uploaded('u-4', 'evd_5');
    expect(await documents.get('evd_5')).not.toBeNull();

    // The follower reads on from its checkpoint (past the forgetting): the upload alone brings it to the files.
    const manager = follower();
    manager.follower.start();
    await log.until(privacyStream('u-4'), (types) => types.includes('LateUploadErased'));
    await manager.follower.stop();
    expect(await documents.get('evd_5')).toBeNull();
    expect(await documents.get('evd_5_meta')).toBeNull();
    const events = await log.store.readStream(privacyStream('u-4'));
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['PersonalDataForgotten', { subjectId: 'u-4', forgottenBy: 'staff-1', reason: 'Asked' }],
      ['PersonalDocumentsErased', { subjectId: 'u-4', documentIds: ['evd_4'] }],
      ['LateUploadErased', { subjectId: 'u-4', documentId: 'evd_5' }],
    ]);
    // Again (a replay, a retry): nothing more deleted or recorded; and nothing left pending for a first start.
    await follower().erase('u-4', systemContext('test', 'c-again'));
    expect(await log.typesOf(privacyStream('u-4'))).toHaveLength(3);
    expect(await follower().resumeFrom()).toBe(await log.store.headPosition());
    await log.close();
  });

  it('a first start (no checkpoint) resumes at an upload recorded after its uploader was forgotten and not erased', async () => {
    const { log, follower, uploaded, forgotten } = await setUp();
    await forgotten('u-6');
    await follower().erase('u-6', systemContext('test', 'c-6'));
    await uploaded('u-7', 'evd_7');
    const late = await log.put('evidence-u-6', 'EvidenceUploaded', {
      documentId: 'evd_6',
      contentType: 'application/pdf',
      size: 4,
      sha256,
      userId: 'u-6',
      subjectId: 'u-6',
      personal: { fileName: 'late.pdf' },
    });
    expect(await follower().resumeFrom()).toBe(late - 1);
    await log.close();
  });

  it('never erases the files of someone not forgotten', async () => {
    const { log, documents, follower, uploaded } = await setUp();
    await uploaded('u-3', 'evd_3');
    await follower().erase('u-3', systemContext('test', 'c-3'));
    expect(await documents.get('evd_3')).not.toBeNull();
    expect(await log.typesOf(privacyStream('u-3'))).toEqual([]);
    await log.close();
  });
});
