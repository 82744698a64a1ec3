/**
 * Four eyes over HTTP on the real app: for every admin decision, the admin whose request it is (the asset's
 * owner, the investor, the applicant, the person whose role it is) is refused with 403 and OWN_REQUEST and
 * nothing is recorded; another admin decides it.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OWN_REQUEST } from './messages.js';
import type { ApiResponse } from './testing/api.js';
import { startTestServer } from './testing/api.js';
import { certifying, submittedAsset } from './testing/offerings.js';
import { signUp } from './testing/users.js';
import { ROLES_BY_OPERATOR } from './domains/identity/user.decider.js';

type Admin = Awaited<ReturnType<typeof signUp>>;
const readAfter = (res: ApiResponse) => ({ 'x-read-after': String(res.body.position) });

describe('four eyes: nobody decides on their own request', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let owner: Admin; // an admin who owns an asset
  let other: Admin; // another admin, who invests and is certified
  let third: Admin;
  beforeAll(async () => {
    server = await startTestServer();
    owner = await signUp(server, { admin: true, firstName: 'Owen', lastName: 'Owner' });
    other = await signUp(server, { admin: true, firstName: 'Ana', lastName: 'Other' });
    third = await signUp(server, { admin: true, firstName: 'Tama', lastName: 'Third' });
  });
  afterAll(() => server.close());

  /** A refusal of one's own request: 403 with the one message, and the stream it would have changed unchanged. */
  async function refusedOwn(streamId: string, request: () => Promise<ApiResponse>): Promise<void> {
    const before = (await server.eventStore.readStream(streamId)).length;
    const res = await request();
    expect({ status: res.status, message: res.body.message }).toEqual({ status: 403, message: OWN_REQUEST });
    expect((await server.eventStore.readStream(streamId)).length).toBe(before);
  }

  let assetId: string;
  let offeringId: string;

  it('an admin neither approves nor sends back their own tokenization; another admin approves it', async () => {
    ({ assetId } = await submittedAsset(server, { tokens: 10_000, price: 125, owner }));
    const stream = `asset-${assetId}`;
    await refusedOwn(stream, () => owner.post(`/api/admin/assets/${assetId}/approve`));
    await refusedOwn(stream, () =>
      owner.post(`/api/admin/assets/${assetId}/return`, { reason: 'Looks fine, sending it back' }),
    );
    const approved = await other.post(`/api/admin/assets/${assetId}/approve`);
    expect(approved.status).toBe(200);
    const [event] = (await server.eventStore.readStream(stream)).slice(-1);
    expect(event).toMatchObject({
      type: 'TokenizationApproved',
      data: { ownerId: owner.user.id, approvedBy: other.user.id },
      metadata: { actor: { kind: 'user', userId: other.user.id } },
    });
  });

  it('an admin neither approves nor rejects their own +1,000,000 supply change; another admin approves it', async () => {
    const asked = await owner.post(`/api/assets/${assetId}/supply-changes`, {
      delta: 1_000_000,
      reason: 'Second building',
    });
    expect(asked.status).toBe(201);
    // The queue names who asked, so an admin's screen can tell their own request.
    const queue = (await other.get('/api/admin/supply-changes', readAfter(asked))).body.supplyChanges;
    expect(queue).toContainEqual(expect.objectContaining({ changeId: asked.body.id, ownerId: owner.user.id }));
    const change = `/api/admin/assets/${assetId}/supply-changes/${asked.body.id}`;
    await refusedOwn(`asset-${assetId}`, () => owner.post(`${change}/approve`));
    await refusedOwn(`asset-${assetId}`, () => owner.post(`${change}/reject`, { reason: 'Not needed after all' }));
    const approved = await other.post(`${change}/approve`);
    expect(approved.status).toBe(200);
    const table = await owner.get(`/api/assets/${assetId}/cap-table`, readAfter(approved));
    expect(table.body.supply).toBe(1_010_000);
  });

  it('an admin does not create an offering of their own asset; another admin does', async () => {
    const form = {
      assetId,
      name: 'Harbour View Series A',
      description: 'Waterfront income',
      totalTokens: 5_000,
      tokenPrice: '125.00',
      minimumInvestment: '', // the token terms' own (a minimum below theirs is refused)
      lockupPeriod: 365,
    };
    const before = await server.eventStore.headPosition();
    const refused = await owner.post('/api/admin/offerings', form);
    expect({ status: refused.status, message: refused.body.message }).toEqual({ status: 403, message: OWN_REQUEST });
    // Nothing reserved on the register either.
    expect(await server.eventStore.headPosition()).toBe(before);
    const created = await other.post('/api/admin/offerings', form);
    expect(created.status).toBe(201);
    offeringId = created.body.id;
  });

  it('an admin neither approves nor rejects their own wholesale verification; another admin does', async () => {
    const { verificationId, position } = await certifying(server, other);
    const decide = (admin: Admin, body: object) =>
      admin.put(`/api/admin/wholesale-verification/${verificationId}`, body, { 'x-read-after': String(position) });
    const stream = `verification-${other.user.id}`;
    await refusedOwn(stream, () => decide(other, { status: 'verified' }));
    await refusedOwn(stream, () => decide(other, { status: 'rejected', rejectionReason: 'Changed my mind' }));
    const approved = await decide(owner, { status: 'verified' });
    expect(approved.status).toBe(200);
    expect(approved.body.verification).toMatchObject({ status: 'verified' });
  });

  it('neither the investor nor the asset’s owner confirms or cancels an investment; a third admin does', async () => {
    // NZD 100,000 and more waits for staff (the settlement rule).
    const invested = await other.post('/api/invest', { offeringId, tokensRequested: 800, investmentAmount: 100_000 });
    expect(invested.body).toMatchObject({ success: true, status: 'pending' });
    const investment = `/api/admin/investments/${offeringId}/${invested.body.id}`;
    const stream = `offering-${offeringId}`;
    for (const admin of [other, owner]) {
      await refusedOwn(stream, () => admin.post(`${investment}/confirm`));
      await refusedOwn(stream, () => admin.post(`${investment}/cancel`, { reason: 'Funds not received' }));
    }
    const confirmed = await third.post(`${investment}/confirm`);
    expect(confirmed.status).toBe(200);
    const [event] = (await server.eventStore.readStream(stream)).slice(-1);
    expect(event).toMatchObject({ type: 'InvestmentConfirmed', data: { confirmedBy: third.user.id } });
  });

  it('an admin does not close an offering of their own asset; another admin does', async () => {
    await refusedOwn(`offering-${offeringId}`, () => owner.post(`/api/admin/offerings/${offeringId}/close`));
    expect((await third.post(`/api/admin/offerings/${offeringId}/close`)).status).toBe(200);
  });

  it('nobody records a check on their own compliance review; another admin does', async () => {
    const requested = await owner.post('/api/compliance/review-request', { message: 'Ready for our first offering' });
    expect(requested.status).toBe(201);
    const check = (admin: Admin) =>
      admin.post(
        `/api/compliance-reviews/${owner.user.id}/checks/aml`,
        { status: 'passed', expiryDate: '2030-01-01' },
        readAfter(requested),
      );
    await refusedOwn(`compliance-${owner.user.id}`, () => check(owner));
    expect((await check(other)).status).toBe(200);
  });

  it('an admin neither grants nor revokes their own role, nor another’s: roles are the operator’s tool’s', async () => {
    const change = (admin: Admin, action: 'grant' | 'revoke', role: string) =>
      admin.post('/api/operations/roles', { email: owner.user.email, role, action });
    await refusedOwn(`user-${owner.user.id}`, () => change(owner, 'grant', 'compliance'));
    await refusedOwn(`user-${owner.user.id}`, () => change(owner, 'revoke', 'admin'));
    const byAnother = await change(other, 'grant', 'compliance');
    expect([byAnother.status, byAnother.body.message]).toEqual([403, ROLES_BY_OPERATOR]);
  });
});
