/** The Compliance Dashboard over HTTP: review requests, staff-recorded checks, the score, the generated PDFs. */
import { nzDate } from '../../platform/nz-time.js';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer } from '../../testing/api.js';
import { subscribe } from '../../testing/billing.js';
import { signUp } from '../../testing/users.js';

describe('compliance API', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('owner requests a review; only staff record checks; the score and dashboard follow; reports are real PDFs', async () => {
    const owner = await signUp(server);
    const initial = (await owner.get('/api/compliance')).body;
    expect(initial).toMatchObject({ score: 0, label: 'Needs Attention', openRequest: null });
    expect(initial.checks.map((c: { id: string; status: string }) => [c.id, c.status])).toEqual([
      ['fma', 'pending'],
      ['aml', 'pending'],
      ['privacy', 'pending'],
      ['fmca', 'pending'],
    ]);

    const requested = await owner.post('/api/compliance/review-request', { message: 'Ready for our first offering' });
    expect(requested.status).toBe(201);
    expect((await owner.post('/api/compliance/review-request', {})).status).toBe(409);

    // A plain user cannot see the queue or record a check.
    expect((await owner.get('/api/compliance-reviews')).status).toBe(403);
    expect(
      (
        await owner.post(`/api/compliance-reviews/${owner.user.id}/checks/aml`, {
          status: 'passed',
          expiryDate: '2030-01-01',
        })
      ).status,
    ).toBe(403);

    // Compliance staff (not admins) work the queue.
    const staff = await signUp(server, { compliance: true });
    const queue = (await staff.get('/api/compliance-reviews', { 'x-read-after': String(requested.body.position) }))
      .body;
    expect(queue.find((r: { ownerId: string }) => r.ownerId === owner.user.id)).toMatchObject({
      email: owner.user.email,
      openRequest: { message: 'Ready for our first offering', recorded: [] },
    });
    expect(
      (await staff.post(`/api/compliance-reviews/${owner.user.id}/checks/aml`, { status: 'passed' })).body.message,
    ).toBe('A passed AML/CFT check needs an expiry date');
    // Expiry dates are New Zealand dates: NZ's today is not in the future, whatever the date in UTC (a day behind
    // for half of every day, when it was accepted).
    const nzToday = await staff.post(`/api/compliance-reviews/${owner.user.id}/checks/aml`, {
      status: 'passed',
      expiryDate: nzDate(new Date()),
    });
    expect([nzToday.status, nzToday.body.message]).toEqual([
      400,
      'The expiry date must be in the future for a passed check',
    ]);
    let last = 0;
    for (const check of ['fma', 'aml', 'privacy']) {
      const res = await staff.post(`/api/compliance-reviews/${owner.user.id}/checks/${check}`, {
        status: 'passed',
        expiryDate: '2030-01-01',
      });
      expect(res.status).toBe(200);
      last = res.body.position;
    }
    let after = { 'x-read-after': String(last) };
    // Three of four recorded: the review is still open, in the owner's view and in the staff's queue.
    expect((await owner.get('/api/compliance', after)).body).toMatchObject({
      score: 75,
      label: 'Good',
      openRequest: { recorded: ['fma', 'aml', 'privacy'] },
      deadlines: [{ check: 'fma', expiryDate: '2030-01-01' }, { check: 'aml' }, { check: 'privacy' }],
    });
    expect(
      (await staff.get('/api/compliance-reviews', after)).body.some(
        (r: { ownerId: string }) => r.ownerId === owner.user.id,
      ),
    ).toBe(true);
    const fourth = await staff.post(`/api/compliance-reviews/${owner.user.id}/checks/fmca`, {
      status: 'failed',
      note: 'Disclosure statement not lodged yet',
    });
    expect(fourth.status).toBe(200);
    after = { 'x-read-after': String(fourth.body.position) };
    const overview = (await owner.get('/api/compliance', after)).body;
    expect(overview).toMatchObject({ score: 75, label: 'Good', openRequest: null });
    expect(overview.history[0].event).toBe('Compliance review completed');
    expect(
      (await staff.get('/api/compliance-reviews', after)).body.some(
        (r: { ownerId: string }) => r.ownerId === owner.user.id,
      ),
    ).toBe(false);
    expect((await owner.get('/api/dashboard/stats', after)).body.complianceScore).toBe(75);

    const report = await fetch(`${server.url}/api/compliance/report.pdf`, {
      headers: { cookie: `kauri.sid=${owner.cookie('kauri.sid')}` },
    });
    expect(report.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await report.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.toString('latin1')).toContain('Compliance score: 75% \\(Good\\)'); // parentheses are escaped in PDF strings
  });

  it("generates a draft PDS for the owner's asset, and 404 for anyone else's", async () => {
    const owner = await signUp(server);
    await subscribe(owner);
    const { id } = (
      await owner.post('/api/assets', {
        name: 'Kea Labs',
        description: 'A Wellington software company',
        assetType: 'startup',
        totalValue: 800000,
        tokenCount: 800000,
      })
    ).body;
    const pds = await fetch(`${server.url}/api/assets/${id}/pds.pdf`, {
      headers: { cookie: `kauri.sid=${owner.cookie('kauri.sid')}` },
    });
    expect(pds.status).toBe(200);
    expect(Buffer.from(await pds.arrayBuffer()).toString('latin1')).toContain(
      'Draft Product Disclosure Statement - Kea Labs',
    );
    const stranger = await signUp(server);
    expect((await stranger.get(`/api/assets/${id}/pds.pdf`)).status).toBe(404);
  });
});
