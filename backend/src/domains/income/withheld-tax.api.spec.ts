/**
 * Withheld tax as a liability over HTTP on the real app (memory stores): a distribution paid by direct credit puts
 * its withheld RWT in the month's ledger; an admin records the payment to Inland Revenue (every refusal), another
 * confirms it (not the same one), and the month's outstanding falls to nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { OWN_REQUEST, TAX_PAYMENT_MESSAGES as M } from '../../messages.js';
import { nzDate } from '../../platform/nz-time.js';
import type { Api } from '../../testing/api.js';
import { startTestServer } from '../../testing/api.js';
import { assetWithHolder, fundedDistribution } from '../../testing/income.js';
import { verifiedInvestor } from '../../testing/offerings.js';
import { signUp } from '../../testing/users.js';

type Server = Awaited<ReturnType<typeof startTestServer>>;

describe('withheld tax API (memory stores)', () => {
  let server: Server;
  let admin: Api & { user: { id: string } };
  let second: Api & { user: { id: string } };
  let withheld: string;
  const today = nzDate(new Date());
  const period = today.slice(0, 7);

  beforeAll(async () => {
    server = await startTestServer({ env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });
    admin = await signUp(server, { admin: true });
    second = await signUp(server, { admin: true });
    const { owner, assetId } = await assetWithHolder(server, admin);
    const id = await fundedDistribution(owner, second, assetId);
    expect((await admin.post(`/api/admin/distributions/${id}/pay`)).status).toBe(200);
    // Nothing is withheld before the lines are paid.
    expect((await admin.get('/api/admin/withheld-tax')).body.periods).toEqual([]);
    expect(
      (await admin.post(`/api/admin/distributions/${id}/direct-credit/confirm`, { bankReference: 'B1' })).status,
    ).toBe(200);
    withheld = (await owner.get(`/api/assets/${assetId}/distributions/${id}`)).body.totals.withheld as string;
  });
  afterAll(() => server.close());

  it('the month’s RWT withheld is owed until a payment is recorded by one admin and confirmed by another', async () => {
    const ledger = (await admin.get('/api/admin/withheld-tax')).body;
    expect(Number(withheld)).toBeGreaterThan(0);
    expect(ledger.periods).toEqual([
      {
        period,
        taxKind: 'RWT',
        withheld,
        lines: 1,
        paid: '0.00',
        awaiting: '0.00',
        outstanding: withheld,
        dueDate: expect.stringMatching(/^\d{4}-\d{2}-20$/),
      },
    ]);
    const payment = { period, taxKind: 'RWT', amount: withheld, paidOn: today, irReference: 'IR-2026-77' };

    // Refusals, each naming its field; nothing recorded.
    const bad = await admin.post('/api/admin/withheld-tax/payments', {
      ...payment,
      period: '2026-13',
      amount: '1.005',
      irReference: '',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(['irReference']);
    const invalid = await admin.post('/api/admin/withheld-tax/payments', {
      ...payment,
      period: '2026-13',
      amount: '1.005',
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors.map((e: { field: string }) => e.field)).toEqual(['period', 'amount']);
    const month13 = await admin.post('/api/admin/withheld-tax/payments', { ...payment, paidOn: '2026-13-01' });
    expect([month13.status, month13.body.errors.map((e: { field: string }) => e.field)]).toEqual([400, ['paidOn']]);
    const tooMuch = await admin.post('/api/admin/withheld-tax/payments', {
      ...payment,
      amount: (Number(withheld) + 1).toFixed(2),
    });
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toBe(M.moreThanOutstanding(withheld));
    const investor = await verifiedInvestor(server, admin);
    expect((await investor.post('/api/admin/withheld-tax/payments', payment)).status).toBe(403);
    expect((await investor.get('/api/admin/withheld-tax')).status).toBe(403);

    // A payment entered wrong is rejected with a reason (its recorder may take it back): it counts for nothing.
    const wrong = await admin.post('/api/admin/withheld-tax/payments', { ...payment, irReference: 'IR-2026-7' });
    expect(wrong.status).toBe(201);
    const reject = (by: typeof admin, body: object) =>
      by.post(`/api/admin/withheld-tax/payments/${wrong.body.id}/reject`, body);
    expect((await reject(admin, { reason: '' })).status).toBe(400);
    expect(
      (await investor.post(`/api/admin/withheld-tax/payments/${wrong.body.id}/reject`, { reason: 'x' })).status,
    ).toBe(403);
    expect((await reject(admin, { reason: 'Typed the reference short: IR-2026-77' })).status).toBe(200);
    expect((await reject(second, { reason: 'again' })).body.message).toBe(M.notAwaiting);
    const afterReject = (await admin.get('/api/admin/withheld-tax')).body;
    expect(afterReject.periods[0]).toMatchObject({ awaiting: '0.00', outstanding: withheld });
    expect(afterReject.payments[0]).toMatchObject({
      id: wrong.body.id,
      status: 'rejected',
      rejectedBy: admin.user.id,
      rejectReason: 'Typed the reference short: IR-2026-77',
    });

    const recorded = await admin.post('/api/admin/withheld-tax/payments', payment);
    expect(recorded.status).toBe(201);
    const paymentId = recorded.body.id as string;
    // One reference once a month and kind: the same Inland Revenue payment entered twice is refused.
    const twice = await second.post('/api/admin/withheld-tax/payments', { ...payment, amount: '0.01' });
    expect([twice.status, twice.body.message]).toEqual([409, M.sameReference('IR-2026-77')]);
    const awaiting = (await admin.get('/api/admin/withheld-tax')).body;
    expect(awaiting.periods[0]).toMatchObject({ awaiting: withheld, paid: '0.00', outstanding: withheld });
    expect(awaiting.payments[0]).toMatchObject({
      id: paymentId,
      status: 'recorded',
      irReference: 'IR-2026-77',
      recordedBy: admin.user.id,
    });

    // Four eyes: not the admin who recorded it.
    const own = await admin.post(`/api/admin/withheld-tax/payments/${paymentId}/confirm`);
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(OWN_REQUEST);
    expect((await second.post(`/api/admin/withheld-tax/payments/${paymentId}/confirm`)).status).toBe(200);
    expect((await second.post(`/api/admin/withheld-tax/payments/${paymentId}/confirm`)).status).toBe(409);
    expect(
      (await second.post('/api/admin/withheld-tax/payments/0b6c1b9e-1f3c-4f6a-9a61-2c3d4e5f6a71/confirm')).status,
    ).toBe(404);
    const settled = (await admin.get('/api/admin/withheld-tax')).body;
    expect(settled.periods[0]).toMatchObject({ paid: withheld, awaiting: '0.00', outstanding: '0.00' });
    expect(settled.payments[0]).toMatchObject({ status: 'confirmed', confirmedBy: second.user.id });
  });
});
