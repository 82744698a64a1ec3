/**
 * Forgetting a person while they are still at work, on the real app (an outside probe's two races): evidence uploads
 * fired during the forgetting leave no file behind, and a verification submitted during the forgetting either makes
 * the forgetting refuse (they became a customer) or is itself refused — never both recorded. A person forgotten
 * before their verification stream was closed (an earlier race) can neither upload, submit nor be certified.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { forget, forgettingApp, lawyerCertification, uploadEvidence } from '../../testing/forgetting.js';
import { signUp } from '../../testing/users.js';
import { ACCOUNT_CLOSED } from '../identity/user.decider.js';
import { FORGOTTEN_APPROVAL } from './verification.decider.js';

type Answer = { status: number; body: { message?: string; url?: string } };

describe('forgetting a person races their uploads and submissions', () => {
  const app = forgettingApp();

  const firedAfter = <T>(ms: number, run: () => Promise<T>) =>
    new Promise<T>((resolve, reject) => setTimeout(() => run().then(resolve, reject), ms));
  const typesOn = async (stream: string) =>
    (await app.server.eventStore.readStream(stream, { keepPersonalSealed: true })).map((e) => [e.type, e.position]);
  /** A refusal is a 4xx with a message, never a 5xx. */
  const refusedClearly = (answer: Answer) => {
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.body.message).toEqual(expect.any(String));
  };

  it('uploads fired during the forgetting leave no file of the forgotten person in the document store', async () => {
    for (let round = 0; round < 4; round++) {
      const investor = await signUp(app.server);
      expect((await uploadEvidence(investor, 'Aroha-Ngata-statement.pdf')).status).toBe(201);
      const uploads = Array.from({ length: 12 }, (_, i) =>
        firedAfter(i * (round + 1), () => uploadEvidence(investor, `Aroha-Ngata-${round}-${i}.pdf`)),
      );
      const [forgotten, ...answers] = await Promise.all([
        firedAfter(2 * round, () => forget(app.staff, investor.user.id)),
        ...uploads,
      ]);
      expect(forgotten.status).toBe(200);
      for (const answer of answers) if (answer.status !== 201) refusedClearly(answer);

      // Every upload ever recorded for them (each is recorded before its file is stored), and every one answered.
      const recorded = (
        await app.server.eventStore.readStream(`evidence-${investor.user.id}`, { keepPersonalSealed: true })
      )
        .filter((e) => e.type === 'EvidenceUploaded')
        .map((e) => (e.data as { documentId: string }).documentId);
      const answered = answers.flatMap((a) => (a.status === 201 ? [a.body.url!.split('/').at(-1)!] : []));
      expect(recorded).toEqual(expect.arrayContaining(answered));
      for (const id of recorded) {
        expect([id, await app.store.get(id)]).toEqual([id, null]);
        expect([id, await app.store.get(`${id}_meta`)]).toEqual([id, null]);
      }
    }
  });

  it('a submission and a forgetting fired together: one of them is refused, never both recorded', async () => {
    const outcomes = new Set<string>();
    // The forgetting reads the whole log before deciding: the submission lands before, during or after that.
    for (let round = 0; round < 12; round++) {
      const investor = await signUp(app.server);
      const submit = () => investor.post('/api/wholesale-verification', lawyerCertification) as Promise<Answer>;
      const [forgotten, submitted] = await Promise.all([
        forget(app.staff, investor.user.id),
        firedAfter(round, submit),
      ]);
      const privacy = await typesOn(`privacy-${investor.user.id}`);
      const verifications = (await typesOn(`verification-${investor.user.id}`)).filter(
        ([type]) => type === 'VerificationSubmitted',
      );
      if (forgotten.status === 200) {
        // Forgotten: no submission of theirs is recorded, before (it would have refused this) or after.
        expect(verifications).toEqual([]);
        expect(privacy[0]?.[0]).toBe('PersonalDataForgotten');
        refusedClearly(submitted);
        outcomes.add('forgotten');
      } else {
        // Submitted first: a customer now, so AML/CFT record keeping refuses the forgetting.
        refusedClearly(forgotten);
        expect(forgotten.status).toBe(409);
        expect([submitted.status, verifications.length, privacy]).toEqual([201, 1, []]);
        outcomes.add('submitted');
      }
      const audit = (await app.staff.get(`/api/audit/subjects/${investor.user.id}`)).body;
      expect(audit.customer && audit.forgotten).toBe(false);
    }
    expect(outcomes.size).toBeGreaterThan(0);
  });

  it('forgetting alone closes the verification stream without making the person a customer', async () => {
    const mere = await signUp(app.server);
    expect((await forget(app.staff, mere.user.id)).status).toBe(200);
    expect((await typesOn(`verification-${mere.user.id}`)).map(([type]) => type)).toEqual(['VerificationsClosed']);
    const audit = (await app.staff.get(`/api/audit/subjects/${mere.user.id}`)).body;
    expect(audit).toMatchObject({ customer: false, forgotten: true });
  });

  it('someone forgotten before forgetting closed their stream: no upload, no submission (403), never certified (409)', async () => {
    const investor = await signUp(app.server);
    const pending = await investor.post('/api/wholesale-verification', lawyerCertification);
    expect(pending.status).toBe(201);
    // What the earlier race left: the forgetting recorded after the submission, the stream never closed.
    await app.server.eventStore.append(
      `privacy-${investor.user.id}`,
      [
        {
          type: 'PersonalDataForgotten',
          data: { subjectId: investor.user.id, forgottenBy: app.staff.user.id, reason: 'Their request' },
          metadata: {
            eventId: randomUUID(),
            schemaVersion: 1,
            occurredAt: new Date().toISOString(),
            actor: { kind: 'user', userId: app.staff.user.id, roles: ['compliance'] },
            correlationId: randomUUID(),
            causationId: null,
          },
        },
      ],
      'any',
    );
    const uploaded = await uploadEvidence(investor, 'late.pdf');
    expect([uploaded.status, uploaded.body.message]).toEqual([403, ACCOUNT_CLOSED]);
    expect(await typesOn(`evidence-${investor.user.id}`)).toEqual([]);
    const again = await investor.post('/api/wholesale-verification', lawyerCertification);
    expect([again.status, again.body.message]).toEqual([403, ACCOUNT_CLOSED]);

    const approved = await app.admin.put(`/api/admin/wholesale-verification/${pending.body.id}`, {
      status: 'verified',
    });
    expect([approved.status, approved.body.message]).toEqual([409, FORGOTTEN_APPROVAL]);
    const rejected = await app.admin.put(`/api/admin/wholesale-verification/${pending.body.id}`, {
      status: 'rejected',
      rejectionReason: 'The investor was forgotten',
    });
    expect(rejected.status).toBe(200);
  });
});
