/**
 * Distributions over HTTP on the real app (memory stores): the preview, the declaration and every refusal, four
 * eyes on approval, funding by card (declined, then paid), cancellation, the investor's income and statement.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DISTRIBUTION_MESSAGES as M, OWN_REQUEST, TAX_PROFILE_MESSAGES } from '../../messages.js';
import { nzDate } from '../../platform/nz-time.js';
import type { Api } from '../../testing/api.js';
import { startTestServer } from '../../testing/api.js';
import { assetWithHolder } from '../../testing/income.js';
import { approvedAsset } from '../../testing/offerings.js';
import { signUp } from '../../testing/users.js';

type Server = Awaited<ReturnType<typeof startTestServer>>;
const dayBefore = (date: string, days = 1) => {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
};

describe('distributions API (memory stores)', () => {
  let server: Server;
  let admin: Api & { user: { id: string } };
  let owner: Api;
  let investor: Api & { user: { id: string } };
  let assetId: string;
  const today = nzDate(new Date());
  const interest = (fields: Record<string, unknown> = {}) => ({
    kind: 'interest',
    amount: '1000.00',
    recordDate: today,
    paymentDate: today,
    ...fields,
  });

  beforeAll(async () => {
    server = await startTestServer({ env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });
    admin = await signUp(server, { admin: true });
    ({ owner, assetId, investor } = await assetWithHolder(server, admin));
    const profile = await investor.put('/api/tax-profile', {
      residency: 'resident',
      irdNumber: '49-091-850',
      rwtRate: '30',
      dateOfBirth: '1975-06-01',
      bankAccount: '01-0902-0068389-00',
    });
    expect(profile.status).toBe(200);
    const holder = await owner.post(`/api/assets/${assetId}/investors`, { name: 'Mere Tane', tokens: 200 });
    expect(holder.status).toBe(201);
  });
  afterAll(() => server.close());

  it('refuses, naming the field: whole cents, dates in order, a record date the token existed at, credits on interest', async () => {
    const refusals: [Record<string, unknown>, number, string, string][] = [
      [{ amount: '10.005' }, 400, 'amount', M.amount],
      [{ amount: '-5' }, 400, 'amount', M.amount],
      // More than one payment may be: refused by preview as by the declaration (the event could not hold it).
      [{ amount: '9999999999999.99' }, 400, 'amount', M.amountTooLarge],
      [{ kind: 'bonus' }, 400, 'kind', M.kind],
      [{ recordDate: '2026-02-30' }, 400, 'recordDate', M.recordDate],
      // A month 13 or a day 32 (new Date(…).toISOString() threw on them: a 500).
      [{ recordDate: '2026-13-01' }, 400, 'recordDate', M.recordDate],
      [{ paymentDate: '2026-11-32' }, 400, 'paymentDate', M.paymentDate],
      [{ paymentDate: dayBefore(today) }, 422, 'paymentDate', M.paymentBeforeRecord],
      [{ recordDate: dayBefore(today), paymentDate: today }, 422, 'recordDate', M.beforeToken],
      [{ recordDate: '2099-01-01', paymentDate: '2099-01-02' }, 422, 'recordDate', M.recordDateFuture],
      [{ imputationCredits: '10.00' }, 400, 'imputationCredits', M.imputationNotDividend],
      [{ kind: 'dividend', imputationCredits: '388.89' }, 400, 'imputationCredits', M.imputationTooHigh('388.88')],
    ];
    for (const [fields, status, field, message] of refusals) {
      for (const path of [`/api/assets/${assetId}/distributions`, `/api/assets/${assetId}/distributions/preview`]) {
        const res = await owner.post(path, interest(fields));
        expect({ fields, status: res.status, body: res.body }).toMatchObject({
          fields,
          status,
          body: { message, errors: [{ field, message }] },
        });
      }
    }
    const stranger = await signUp(server);
    expect((await stranger.post(`/api/assets/${assetId}/distributions`, interest())).body).toMatchObject({
      message: M.assetNotFound,
    });
    expect((await owner.get(`/api/assets/${assetId}/distributions`)).body.distributions).toEqual([]);
  });

  it('previews every line, declares, approves with four eyes, funds by card, and the investor sees net, tax and a statement', async () => {
    const preview = await owner.post(`/api/assets/${assetId}/distributions/preview`, interest());
    expect(preview.status).toBe(200);
    expect(
      preview.body.lines.map((l: Record<string, unknown>) => [
        l.holderKind,
        l.name,
        l.tokens,
        l.gross,
        l.withholdingTax,
        l.net,
      ]),
    ).toEqual([
      ['off-platform', 'Mere Tane', 200, '100.00', '45.00', '55.00'],
      ['platform', 'Test User', 100, '50.00', '15.00', '35.00'],
      // The owner's retained tokens and the offering's unsold ones: the owner's own income, not funded.
      ['owner', 'Owner (retained)', 1_700, '850.00', '0.00', '850.00'],
    ]);
    expect(preview.body).toMatchObject({
      fundingDue: '150.00',
      totals: { gross: '1000.00', withheld: '60.00', net: '940.00' },
    });
    expect((await owner.get(`/api/assets/${assetId}/distributions`)).body.distributions).toEqual([]);

    const declared = await owner.post(`/api/assets/${assetId}/distributions`, interest());
    expect(declared.status).toBe(201);
    expect(declared.body).toMatchObject({ status: 'proposed' });
    const id = declared.body.id as string;
    const url = `/api/assets/${assetId}/distributions/${id}`;
    const seen = (await owner.get(url)).body;
    expect(seen).toMatchObject({
      id,
      kind: 'interest',
      amount: '1000.00',
      recordDate: today,
      paymentDate: today,
      status: 'proposed',
    });
    expect(seen.lines[1]).toMatchObject({
      holderKind: 'platform',
      investorId: investor.user.id,
      taxKind: 'RWT',
      taxRate: '30',
      payment: { method: null, status: 'unpaid', txHash: null },
    });
    expect((await investor.get(url)).status).toBe(404);
    expect((await investor.get('/api/income')).body).toEqual({ lines: [], taxYears: [], chainExplorerUrl: null });

    expect(
      (await owner.post(`${url}/fund`, { number: '4242424242424242', expiry: '12/34', cvc: '123' })).body.message,
    ).toBe(M.notApproved);
    expect((await owner.post(`/api/admin/distributions/${id}/approve`)).status).toBe(403);
    const queue = (await admin.get('/api/admin/distributions?status=proposed')).body.distributions;
    expect(queue.map((d: { id: string }) => d.id)).toContain(id);
    expect((await admin.post(`/api/admin/distributions/${id}/approve`)).status).toBe(200);
    expect((await admin.post(`/api/admin/distributions/${id}/approve`)).body.message).toBe(M.notProposed);

    const declined = await owner.post(`${url}/fund`, { number: '4000000000000002', expiry: '12/34', cvc: '123' });
    expect(declined.status).toBe(402);
    expect(declined.body.message).toBe('Your card was declined.');
    expect((await owner.get(url)).body).toMatchObject({
      status: 'approved',
      fundingFailure: 'Your card was declined.',
    });
    // A card form's mistakes (or no card) are refused before an attempt is recorded: nothing reads as under way.
    const before = (await server.eventStore.readStream(`distribution-${id}`)).length;
    const incomplete = await owner.post(`${url}/fund`, { number: '4242', expiry: '12/34', cvc: '123' });
    expect([incomplete.status, incomplete.body.errors]).toEqual([
      400,
      [{ field: 'number', message: 'Your card number is incorrect.' }],
    ]);
    expect((await owner.post(`${url}/fund`, { number: '4242424242424241', expiry: '01/20', cvc: '1' })).status).toBe(
      400,
    );
    expect((await owner.post(`${url}/fund`, {})).body.message).toBe('Enter a card to pay with');
    expect(await server.eventStore.readStream(`distribution-${id}`)).toHaveLength(before);
    expect((await owner.get(url)).body).toMatchObject({ status: 'approved', fundingPending: false });
    const funded = await owner.post(`${url}/fund`, { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' });
    expect(funded.status).toBe(200);
    expect((await owner.get(url)).body).toMatchObject({ status: 'funded', fundingFailure: null });
    expect(
      (await owner.post(`${url}/fund`, { number: '4242424242424242', expiry: '12/34', cvc: '123' })).body.message,
    ).toBe(M.notApproved);

    const income = (await investor.get('/api/income')).body;
    expect(income.lines).toEqual([
      expect.objectContaining({
        distributionId: id,
        tokens: 100,
        gross: '50.00',
        withholdingTax: '15.00',
        net: '35.00',
        status: 'funded',
      }),
    ]);
    const year = income.lines[0].taxYear as number;
    expect(income.taxYears).toEqual([
      expect.objectContaining({
        taxYear: year,
        gross: '50.00',
        withholdingTax: '15.00',
        net: '35.00',
        distributions: 1,
      }),
    ]);
    const pdf = await investor.get(`/api/income/statements/${year}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(String(pdf.body)).toContain('RWT withheld at 30% NZD 15.00');
    expect(String(pdf.body)).toContain('IRD number: 049-091-850');

    // The payment run: everyone by direct credit (no stablecoin yet), the file for the bank, then the bank's run.
    expect(
      (await admin.get(`/api/admin/distributions/${id}/direct-credit.csv?fromAccount=02-0100-0123454-00`)).body.message,
    ).toBe(M.notPaying);
    expect((await admin.post(`/api/admin/distributions/${id}/pay`)).status).toBe(200);
    expect((await admin.post(`/api/admin/distributions/${id}/pay`)).body.message).toBe(M.notFunded);
    expect((await owner.post(`${url}/cancel`, { reason: 'Too late' })).body.message).toBe(M.cannotCancel);
    const paying = (await owner.get(url)).body;
    expect(paying.status).toBe('paying');
    expect(
      paying.lines.map((l: { payment: { method: string; status: string } }) => [l.payment.method, l.payment.status]),
    ).toEqual([
      ['direct-credit', 'pending'],
      ['direct-credit', 'pending'],
      ['retained', 'retained'],
    ]);
    // Not paid yet, so no tax withheld yet: nothing in the month's report, as in the withheld-tax ledger.
    const beforeBank = String((await owner.get(`/api/income-report.csv?month=${today.slice(0, 7)}`)).body).trim();
    expect(beforeBank.split('\r\n')).toHaveLength(1);
    expect((await admin.get(`/api/admin/distributions/${id}/direct-credit.csv?fromAccount=nope`)).status).toBe(400);
    // The payer's account is checked as a payee's is: the right shape with a wrong check digit is refused.
    const wrongCheck = await admin.get(
      `/api/admin/distributions/${id}/direct-credit.csv?fromAccount=02-0100-0123456-00`,
    );
    expect([wrongCheck.status, wrongCheck.body.message]).toEqual([400, TAX_PROFILE_MESSAGES.bankAccountInvalid]);
    const file = await admin.get(`/api/admin/distributions/${id}/direct-credit.csv?fromAccount=02-0100-0123454-00`);
    expect(file.status).toBe(200);
    expect(file.headers.get('x-lines-without-account')).toBe('1');
    const records = String(file.body).trim().split('\r\n');
    expect(records[0]).toMatch(/^1,,,,0201000123454000,7,\d{6},\d{6},$/);
    expect(records[1]).toBe(
      `2,0109020068389000,50,3500,Test User,D-${id.slice(0, 8)},INTEREST,,KAURI,Kauri,INTEREST,D-${id.slice(0, 8)},KAURI`,
    );
    expect(records[2]).toBe('3,3500,1,09020068389');
    expect(
      (await admin.post(`/api/admin/distributions/${id}/direct-credit/confirm`, { bankReference: '' })).status,
    ).toBe(400);
    expect(
      (await admin.post(`/api/admin/distributions/${id}/direct-credit/confirm`, { bankReference: 'IB4B run 0042' }))
        .status,
    ).toBe(200);
    const paid = (await owner.get(url)).body;
    expect(paid.status).toBe('paid');
    expect(paid.lines[1].payment).toMatchObject({
      method: 'direct-credit',
      status: 'paid',
      reference: 'IB4B run 0042',
    });
    expect((await investor.get('/api/income')).body.lines[0]).toMatchObject({
      status: 'paid',
      payment: { status: 'paid' },
    });

    // The payer's report for the month of the payment date: the fields Inland Revenue asks for, then totals.
    expect((await owner.get('/api/income-report.csv?month=2026-13')).status).toBe(400);
    const report = String((await owner.get(`/api/income-report.csv?month=${today.slice(0, 7)}`)).body)
      .trim()
      .split('\r\n');
    expect(report[0]).toContain('Recipient,IRD number,Date of birth');
    expect(report).toContain(
      `${today},${today},${today},Harbour View,Interest,Test User,049-091-850,1975-06-01,resident,100,50.00,0.00,RWT,30,15.00,${today},35.00`,
    );
    expect(report).toContain(
      `${today},${today},${today},Harbour View,Interest,Mere Tane,,,resident,200,100.00,0.00,RWT,45,45.00,${today},55.00`,
    );
    expect(report.at(-1)).toBe('Total RWT,,,,,2 recipient lines,,,,,150.00,0.00,RWT,,60.00,,90.00');
    expect(
      String((await investor.get(`/api/income-report.csv?month=${today.slice(0, 7)}`)).body)
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);
  });

  it('four eyes: an admin who owns the asset cannot approve its distribution', async () => {
    const adminOwner = await signUp(server, { admin: true });
    const { assetId: own } = await approvedAsset(server, admin, 100, { owner: adminOwner });
    await adminOwner.post(`/api/assets/${own}/investors`, { name: 'Aroha Ngata', tokens: 10 });
    const declared = await adminOwner.post(
      `/api/assets/${own}/distributions`,
      interest({ kind: 'rent', amount: '10.00' }),
    );
    expect(declared.status).toBe(201);
    const refused = await adminOwner.post(`/api/admin/distributions/${declared.body.id}/approve`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(OWN_REQUEST);
  });

  it('nobody to pay, and a cancellation before paying with its reason', async () => {
    const { owner: alone, assetId: lonely } = await approvedAsset(server, admin, 50);
    const none = await alone.post(`/api/assets/${lonely}/distributions`, interest());
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(M.noHolders);

    const declared = await owner.post(
      `/api/assets/${assetId}/distributions`,
      interest({ kind: 'rent', amount: '20.00' }),
    );
    const url = `/api/assets/${assetId}/distributions/${declared.body.id}`;
    expect((await owner.post(`${url}/cancel`, { reason: '' })).status).toBe(400);
    expect((await owner.post(`${url}/cancel`, { reason: 'Wrong amount' })).status).toBe(200);
    expect((await owner.get(url)).body).toMatchObject({
      status: 'cancelled',
      cancelReason: 'Wrong amount',
      refundDue: '0.00',
      refund: { status: 'none' },
    });
    expect((await owner.post(`${url}/cancel`, { reason: 'Again' })).body.message).toBe(M.alreadyCancelled);
    expect((await admin.post(`/api/admin/distributions/${declared.body.id}/approve`)).body.message).toBe(M.notProposed);
    expect((await admin.post(`/api/admin/distributions/${declared.body.id}/refund`)).body.message).toBe(M.noRefundOwed);
  });

  it('a funded distribution cancelled before paying: the owner’s card payment is refunded at once, once', async () => {
    const declared = await owner.post(
      `/api/assets/${assetId}/distributions`,
      interest({ kind: 'rent', amount: '30.00' }),
    );
    const id = declared.body.id as string;
    const url = `/api/assets/${assetId}/distributions/${id}`;
    expect((await admin.post(`/api/admin/distributions/${id}/approve`)).status).toBe(200);
    expect((await owner.post(`${url}/fund`, { number: '4242424242424242', expiry: '12/34', cvc: '123' })).status).toBe(
      200,
    );
    const funded = (await owner.get(url)).body;
    expect((await owner.post(`${url}/cancel`, { reason: 'Sold the building' })).status).toBe(200);
    const cancelled = (await owner.get(url)).body;
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      refundDue: funded.fundingDue,
      refund: { status: 'refunded', reference: expect.stringMatching(/^re_/), failure: null },
    });
    // Nothing more to give back: asking again refunds nothing.
    const again = await admin.post(`/api/admin/distributions/${id}/refund`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(M.noRefundOwed);
    const types = (await server.eventStore.readStream(`distribution-${id}`)).map((e) => e.type);
    expect(types.filter((t) => t === 'DistributionRefunded')).toHaveLength(1);
  });
});
