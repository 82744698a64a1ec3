/**
 * Revoking one's own wholesale investor certificate in writing (FMC Act 2013, Schedule 1 clause 46) over HTTP on the
 * real app: refused without a current certificate or a written statement; once recorded the status says revoked
 * (with its date, never "expired"), investing in a new offer is refused naming the revocation, what the investor
 * holds stays theirs, the admin views and the audit show it, and the investor may be certified again.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { REVOCATION_MESSAGES } from '../../messages.js';
import { nzLongDate } from '../../platform/nz-time.js';
import { type Api, startTestServer } from '../../testing/api.js';
import * as offerings from '../../testing/offerings.js';
import { signUp } from '../../testing/users.js';

const STATEMENT = 'I revoke my wholesale investor certificate. I no longer wish to be treated as a wholesale investor.';

describe('certificate revocation API', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let admin: Api & { user: { id: string } };
  beforeAll(async () => {
    server = await startTestServer({ env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });
    admin = await signUp(server, { admin: true });
  });
  afterAll(() => server.close());

  const readAfter = (position: number) => ({ 'x-read-after': String(position) });

  it('is refused without a current certificate, or without a written statement of at least a sentence', async () => {
    const M = REVOCATION_MESSAGES;
    const nobody = await signUp(server);
    const never = await nobody.post('/api/wholesale-verification/revoke', { statement: STATEMENT });
    expect(never).toMatchObject({ status: 409, body: { message: M.noCertificate } });
    const { investor: pending } = await offerings.certifying(server);
    expect((await pending.post('/api/wholesale-verification/revoke', { statement: STATEMENT })).body.message).toBe(
      M.noCertificate,
    );
    const lapsed = await offerings.lapsedInvestor(server, admin.user.id);
    expect(await lapsed.post('/api/wholesale-verification/revoke', { statement: STATEMENT })).toMatchObject({
      status: 409,
      body: { message: M.lapsed },
    });

    const verified = await offerings.verifiedInvestor(server, admin);
    for (const body of [{}, { statement: '   ' }, { statement: 'Revoke it.' }, { statement: 42 }]) {
      const refused = await verified.post('/api/wholesale-verification/revoke', body);
      expect(refused.status).toBe(400);
      expect(refused.body.errors).toEqual([{ field: 'statement', message: M.statement }]);
    }
    const long = await verified.post('/api/wholesale-verification/revoke', { statement: 'x'.repeat(2001) });
    expect(long.body.errors).toEqual([{ field: 'statement', message: M.statementTooLong }]);
    // Nothing was recorded by any refusal: still verified.
    expect((await verified.get('/api/wholesale-status')).body).toMatchObject({
      verificationStatus: 'verified',
      revokedAt: null,
    });
  });

  it('from the revocation: status revoked (not expired), no new investment (naming the revocation), holdings kept, admin views and audit show it; a new certification may follow', async () => {
    const { offeringId } = await offerings.offeringFor(server, admin, 100, '10.00');
    const investor = await offerings.verifiedInvestor(server, admin);
    const invested = await investor.post('/api/invest', { offeringId, tokensRequested: 10, investmentAmount: 100 });
    expect(invested.status).toBe(201);
    const holdingsBefore = (await investor.get('/api/holdings', readAfter(invested.body.position))).body;
    expect(holdingsBefore.holdings).toEqual([
      expect.objectContaining({ offeringId, tokensHeld: 10, status: 'confirmed' }),
    ]);
    const countersBefore = (await admin.get('/api/admin/counters', readAfter(invested.body.position))).body;

    const revoked = await investor.post('/api/wholesale-verification/revoke', { statement: `  ${STATEMENT}  ` });
    expect(revoked.status).toBe(201);
    expect(revoked.body).toEqual({
      success: true,
      status: 'revoked',
      revokedAt: expect.any(String),
      position: expect.any(Number),
    });
    const { revokedAt, position } = revoked.body as { revokedAt: string; position: number };
    const after = readAfter(position);

    expect((await investor.get('/api/wholesale-status', after)).body).toMatchObject({
      verificationStatus: 'revoked',
      isWholesaleInvestor: false,
      revokedAt,
    });
    const message = REVOCATION_MESSAGES.revoked(nzLongDate(revokedAt));
    const refused = await investor.post('/api/invest', { offeringId, tokensRequested: 10, investmentAmount: 100 });
    expect(refused).toMatchObject({ status: 403, body: { message, title: 'Access Restricted' } });
    expect(await investor.get('/api/offerings', after)).toMatchObject({ status: 403, body: { message } });
    // What they hold stays theirs, unchanged; the offering they invested in stays theirs to see, without investing.
    expect((await investor.get('/api/holdings', after)).body).toEqual(holdingsBefore);
    const page = await investor.get(`/api/offerings/${offeringId}`, after);
    expect(page).toMatchObject({ status: 200, body: { viewer: 'investor', canInvest: false } });
    const again = await investor.post('/api/wholesale-verification/revoke', { statement: STATEMENT });
    expect(again).toMatchObject({
      status: 409,
      body: { message: REVOCATION_MESSAGES.alreadyRevoked(nzLongDate(revokedAt)) },
    });

    // Admins: the record says revoked with its date; it is counted as verified no more, and queues no review.
    const list = (await admin.get('/api/admin/wholesale-verifications', after)).body.verifications;
    const record = list.find((v: { userId: string }) => v.userId === investor.user.id);
    expect(record).toMatchObject({ status: 'revoked', revokedAt, expiredAt: null });
    const counters = (await admin.get('/api/admin/counters', after)).body;
    expect(counters).toMatchObject({
      verified: countersBefore.verified - 1,
      pending: countersBefore.pending,
      rejected: countersBefore.rejected,
    });
    // The lapse sweep leaves a revoked certificate alone.
    const ops = { authorization: `Ops ${server.opsToken}` };
    await server.api.post('/api/operations/wholesale/expire', {}, ops);
    expect((await investor.get('/api/wholesale-status')).body.verificationStatus).toBe('revoked');

    // The audit shows the event: who, when, and the statement in their own words.
    const trail = (await admin.get(`/api/audit/events?stream=verification-${investor.user.id}&limit=500`)).body.events;
    expect(trail.map((e: { type: string }) => e.type)).toEqual([
      'VerificationSubmitted',
      'VerificationApproved',
      'CertificateRevoked',
    ]);
    expect(trail[2]).toMatchObject({
      data: { userId: investor.user.id, revokedBy: investor.user.id, revokedAt, personal: { statement: STATEMENT } },
      metadata: { actor: { kind: 'user', userId: investor.user.id } },
    });
    const activity = (await investor.get('/api/activities', after)).body;
    expect(JSON.stringify(activity)).toContain('Wholesale certificate revoked by you');

    // A new certification after the revocation is allowed, and once approved the investor may invest again.
    const { verificationId, position: submitted } = await offerings.certifying(server, investor);
    const approved = await admin.put(
      `/api/admin/wholesale-verification/${verificationId}`,
      { status: 'verified' },
      readAfter(submitted),
    );
    expect(approved.status).toBe(200);
    expect((await investor.get('/api/wholesale-status', readAfter(approved.body.position))).body).toMatchObject({
      verificationStatus: 'verified',
      isWholesaleInvestor: true,
      revokedAt: null,
    });
    const reinvested = await investor.post('/api/invest', { offeringId, tokensRequested: 10, investmentAmount: 100 });
    expect(reinvested.status).toBe(201);
  });
});
