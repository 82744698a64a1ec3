/**
 * Forgetting an investor (Privacy Act 2020) reaches their wholesale evidence on the real app: the files they uploaded
 * are deleted (cited or not, recorded or from before uploads were recorded), the evidence URL answers 404 for
 * everyone, and their grounds and file names read as forgotten in the admins' list and the audit — from new events
 * (sealed) and from old v2 events alike (lifted on read).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import { forget, forgettingApp, lawyerCertification, uploadEvidence } from '../../testing/forgetting.js';
import { signUp } from '../../testing/users.js';
import { verificationsProjection } from '../../projections/verifications.js';

describe('forgetting a wholesale investor', () => {
  const app = forgettingApp();

  /** The read models are rebuilt after a forgetting, on every replica, just after the request: read until then. */
  const listedAfterForgetting = async (userId: string) => {
    for (let tries = 0; ; tries++) {
      const rows = (await app.admin.get('/api/admin/wholesale-verifications')).body.verifications.filter(
        (v: { userId: string }) => v.userId === userId,
      );
      if (rows.every((v: { verifierName: string | null }) => v.verifierName === null) || tries > 200) return rows;
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  it('deletes the evidence of someone who never submitted: 404 for the admin, the session gone, the file gone', async () => {
    const mere = await signUp(app.server);
    const uploaded = await uploadEvidence(mere, 'Mere-Tawhiri-bank-statement.pdf');
    expect(uploaded.status).toBe(201);
    const url: string = uploaded.body.url;
    const documentId = url.split('/').at(-1)!;
    const before = await app.admin.get(url);
    expect(before.status).toBe(200);
    expect(before.headers.get('content-disposition')).toContain('Mere-Tawhiri-bank-statement.pdf');

    const forgotten = await forget(app.staff, mere.user.id);
    expect(forgotten.status).toBe(200);
    expect((await app.admin.get(url)).status).toBe(404);
    expect((await app.staff.get(url)).status).toBe(404);
    expect((await mere.get(url)).status).toBe(401);
    expect((await mere.get('/api/user')).status).toBe(401);
    expect(await app.store.get(documentId)).toBeNull();
    expect(await app.store.get(`${documentId}_meta`)).toBeNull();

    // The outcome is recorded once, by id only; the upload's file name reads as forgotten.
    const privacy = (await app.staff.get(`/api/audit/events?stream=privacy-${mere.user.id}`)).body.events;
    expect(privacy.map((e: { type: string }) => e.type)).toEqual(['PersonalDataForgotten', 'PersonalDocumentsErased']);
    expect(privacy[1].data).toEqual({ subjectId: mere.user.id, documentIds: [documentId] });
    const [upload1] = (await app.staff.get(`/api/audit/events?stream=evidence-${mere.user.id}`)).body.events;
    expect(upload1).toMatchObject({
      type: 'EvidenceUploaded',
      data: { documentId, personal: { fileName: null }, personalForgotten: true },
    });
    expect(JSON.stringify(await app.server.eventStore.readAll())).not.toContain('Mere-Tawhiri');
  });

  it('reads the grounds and file names of a forgotten investor as forgotten, from new and from old (v2) submissions', async () => {
    const investor = await signUp(app.server);
    const userId = investor.user.id;
    const stream = `verification-${userId}`;
    // A file from before uploads were recorded: known only from the v2 submission that cites it.
    const oldId = `evd_${randomUUID().replace(/-/g, '')}`;
    const oldMeta = { documentId: oldId, fileName: 'old-accounts.pdf', contentType: 'application/pdf', size: 3 };
    await app.store.put(oldId, 'application/pdf', Buffer.from('%PD'));
    await app.store.put(
      `${oldId}_meta`,
      'application/json',
      Buffer.from(JSON.stringify({ ...oldMeta, uploadedBy: userId })),
    );
    const recent = await uploadEvidence(investor, 'Tawhiri-net-worth-2019.pdf');
    const newId = (recent.body.url as string).split('/').at(-1)!;
    const sha256 = 'a'.repeat(64);

    // Submitted and rejected more than five years ago (AML/CFT record keeping is over), once as v2, once as v3.
    const meta = (schemaVersion: number, occurredAt: string) => ({
      eventId: randomUUID(),
      schemaVersion,
      occurredAt,
      actor: { kind: 'user' as const, userId, roles: [] },
      correlationId: randomUUID(),
      causationId: null,
    });
    const rejected = (verificationId: string, at: string) => ({
      type: 'VerificationRejected',
      data: { verificationId, userId, rejectedBy: app.admin.user.id, reason: 'Unsigned' },
      metadata: meta(1, at),
    });
    const verifier = { verifierName: 'Hine Walker', verifierContact: 'hine@law.nz' };
    await app.server.eventStore.append(
      stream,
      [
        {
          type: 'VerificationSubmitted',
          data: {
            verificationId: 'v2-old',
            userId,
            subjectId: userId,
            verificationType: 'high_net_worth',
            grounds: { netWorthAmount: 7_250_000, investmentAmount: null, professionalType: null },
            documents: [{ ...oldMeta, sha256 }],
            personal: verifier,
          },
          metadata: meta(2, '2019-03-01T00:00:00.000Z'),
        },
        rejected('v2-old', '2019-03-02T00:00:00.000Z'),
        {
          type: 'VerificationSubmitted',
          data: {
            verificationId: 'v3-old',
            userId,
            subjectId: userId,
            verificationType: 'large_investment',
            documents: [{ documentId: newId, contentType: 'application/pdf', size: 10, sha256 }],
            personal: {
              ...verifier,
              grounds: { netWorthAmount: null, investmentAmount: 810_000, professionalType: null },
              fileNames: ['Tawhiri-net-worth-2019.pdf'],
            },
          },
          metadata: meta(3, '2019-04-01T00:00:00.000Z'),
        },
        rejected('v3-old', '2019-04-02T00:00:00.000Z'),
      ],
      'any',
    );
    await app.server.engine.waitFor(await app.server.eventStore.headPosition(), [verificationsProjection.name]);
    const listed = (await app.admin.get('/api/admin/wholesale-verifications')).body.verifications.filter(
      (v: { userId: string }) => v.userId === userId,
    );
    expect(
      listed.map((v: { netWorthAmount: number; investmentAmount: number }) => [v.netWorthAmount, v.investmentAmount]),
    ).toEqual([
      [null, 810_000],
      [7_250_000, null],
    ]);
    expect(listed.flatMap((v: { documents: { fileName: string }[] }) => v.documents.map((d) => d.fileName))).toEqual([
      'Tawhiri-net-worth-2019.pdf',
      'old-accounts.pdf',
    ]);

    expect((await forget(app.staff, userId)).status).toBe(200);
    const after = await listedAfterForgetting(userId);
    expect(after).toHaveLength(2);
    for (const row of after) {
      expect(row).toMatchObject({ netWorthAmount: null, investmentAmount: null, verifierName: null });
      for (const document of row.documents) expect(document.fileName).toBeNull();
    }
    for (const id of [oldId, newId]) {
      expect((await app.admin.get(`/api/wholesale-verification/documents/${id}`)).status).toBe(404);
      expect(await app.store.get(id)).toBeNull();
    }
    // The audit: the new event's grounds and names are sealed, so forgotten; a past state (folded, lifted) too.
    const events = (await app.staff.get(`/api/audit/events?stream=${stream}`)).body.events;
    expect(events[2].data.personal).toEqual({
      verifierName: null,
      verifierContact: null,
      grounds: null,
      fileNames: null,
    });
    const state = (await app.staff.get(`/api/audit/streams/${stream}/state?at=${new Date().toISOString()}`)).body;
    expect(state.state).toMatchObject({ status: 'rejected', verificationId: 'v3-old' });
  });

  it('answers 409 to a decision on an earlier, already decided verification (not 404)', async () => {
    const investor = await signUp(app.server);
    const form = lawyerCertification;
    const first = await investor.post('/api/wholesale-verification', form);
    await app.admin.put(`/api/admin/wholesale-verification/${first.body.id}`, {
      status: 'rejected',
      rejectionReason: 'Unsigned',
    });
    const second = await investor.post('/api/wholesale-verification', form);
    expect(second.status).toBe(201);
    const again = await app.admin.put(`/api/admin/wholesale-verification/${first.body.id}`, { status: 'verified' });
    expect([again.status, again.body.message]).toEqual([
      409,
      'Only a pending verification can be approved or rejected',
    ]);
  });
});
