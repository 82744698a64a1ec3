/**
 * Wholesale verification and offerings over HTTP on the real app: certification with evidence, admin
 * decisions, an offering for an approved asset, investments — and 500 concurrent investments at an
 * offering with 100 tokens left, which must never oversubscribe it.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Api } from '../../testing/api.js';
import { startTestServer } from '../../testing/api.js';
import * as offerings from '../../testing/offerings.js';
import { signUp } from '../../testing/users.js';
import { EVIDENCE_KIND } from '../wholesale/evidence.js';
import { OFFERING_MESSAGES } from './offering.decider.js';
import type { EventStore } from '../../platform/event-store/event-store.js';
import { MemoryEventStore } from '../../platform/event-store/memory-event-store.js';

describe('wholesale verification and offerings API', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let admin: Api & { user: { id: string } };
  beforeAll(async () => {
    // Many accounts are opened from this one address: lift the per-IP sign-up limit for the test.
    server = await startTestServer({ env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });
    admin = await signUp(server, { admin: true });
  });
  afterAll(() => server.close());

  const offeringFor = (totalTokens: number, tokenPrice?: string, minimumInvestment?: string) =>
    offerings.offeringFor(server, admin, totalTokens, tokenPrice, minimumInvestment);
  const verifiedInvestor = () => offerings.verifiedInvestor(server, admin);

  it('certifies an investor with evidence checked by content; admins approve or reject (with a reason)', async () => {
    const investor = await signUp(server);
    expect((await investor.get('/api/wholesale-status')).body).toMatchObject({
      verificationStatus: 'none',
      isWholesaleInvestor: false,
    });
    const refused = await investor.request(
      'POST',
      '/api/wholesale-verification/documents',
      new Uint8Array(Buffer.from('#!/bin/sh\necho not a document')),
      { 'content-type': 'application/pdf', 'x-file-name': 'statement.pdf' },
    );
    expect(refused.status).toBe(415);
    expect(refused.body.message).toBe(EVIDENCE_KIND);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100)]);
    const evidence = await investor.request('POST', '/api/wholesale-verification/documents', new Uint8Array(png), {
      'content-type': 'image/png',
      'x-file-name': 'letter.png',
    });
    expect(evidence.status).toBe(201);
    expect(evidence.body).toMatchObject({ filename: 'letter.png', type: 'image/png' });

    const invalid = await investor.post('/api/wholesale-verification', {
      verificationType: 'high_net_worth',
      netWorthAmount: 1_000_000,
      verifierName: 'Hine Walker',
      verifierContact: 'not-an-email',
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual([
      { field: 'netWorthAmount', message: 'Net worth must be at least NZD 5,000,000' },
      { field: 'verifierContact', message: 'Valid verifier email required' },
    ]);
    const low = await investor.post('/api/wholesale-verification', {
      verificationType: 'high_net_worth',
      netWorthAmount: '1,000,000',
      verifierName: 'Hine Walker',
      verifierContact: 'hine@law.nz',
    });
    expect(low.body.message).toBe('Net worth must be at least NZD 5,000,000');

    const submitted = await investor.post('/api/wholesale-verification', {
      verificationType: 'high_net_worth',
      netWorthAmount: '6,500,000',
      verifierName: 'Hine Walker',
      verifierContact: 'hine@law.nz',
      verificationDocuments: [evidence.body],
    });
    expect(submitted.status).toBe(201);
    const after = { 'x-read-after': String(submitted.body.position) };
    expect((await investor.get('/api/wholesale-status', after)).body).toMatchObject({
      verificationStatus: 'pending',
      isWholesaleInvestor: false,
      verificationType: 'high_net_worth',
    });
    expect((await investor.get('/api/admin/wholesale-verifications')).status).toBe(403);
    const listed = (await admin.get('/api/admin/wholesale-verifications', after)).body.verifications.find(
      (v: { id: string }) => v.id === submitted.body.id,
    );
    expect(listed).toMatchObject({
      status: 'pending',
      netWorthAmount: 6_500_000,
      verifierName: 'Hine Walker',
      email: investor.user.email,
      documents: [{ fileName: 'letter.png', contentType: 'image/png' }],
    });
    const download = await admin.get(listed.documents[0].url);
    expect(download.status).toBe(200);

    const noReason = await admin.put(`/api/admin/wholesale-verification/${submitted.body.id}`, {
      status: 'rejected',
      rejectionReason: ' ',
    });
    expect(noReason.body).toMatchObject({
      message: 'Please provide a reason for rejection',
      title: 'Rejection Reason Required',
    });
    const rejected = await admin.put(`/api/admin/wholesale-verification/${submitted.body.id}`, {
      status: 'rejected',
      rejectionReason: 'The letter is not signed',
    });
    expect(rejected.body.verification).toMatchObject({
      status: 'rejected',
      rejectionReason: 'The letter is not signed',
    });
    expect(
      (await admin.put(`/api/admin/wholesale-verification/${submitted.body.id}`, { status: 'verified' })).status,
    ).toBe(409);
    expect(
      (await investor.get('/api/wholesale-status', { 'x-read-after': String(rejected.body.position) })).body,
    ).toMatchObject({ verificationStatus: 'rejected', rejectionReason: 'The letter is not signed' });
  });

  it('invests: non-wholesale refused; a confirmed holding with its lock-up; the owner sees the investor on the cap table', async () => {
    const { owner, assetId, offeringId } = await offeringFor(1000, '125.00', '1000');
    const stranger = await signUp(server);
    expect((await stranger.get('/api/offerings')).status).toBe(403);
    expect(
      (await stranger.post('/api/invest', { offeringId, tokensRequested: 10, investmentAmount: 1250 })).status,
    ).toBe(403);

    const investor = await verifiedInvestor();
    const offerings = (await investor.get('/api/offerings')).body.offerings;
    expect(offerings.find((o: { id: string }) => o.id === offeringId)).toMatchObject({
      totalTokens: 1000,
      tokenPrice: '125.00',
      minimumInvestment: '1000.00',
      lockupPeriod: 365,
      tokensIssued: 0,
      status: 'active',
    });
    const small = await investor.post('/api/invest', { offeringId, tokensRequested: 1, investmentAmount: 125 });
    expect(small.body).toMatchObject({ message: 'Minimum investment is NZD 1,000', title: 'Investment Too Small' });
    const invested = await investor.post('/api/invest', { offeringId, tokensRequested: 10, investmentAmount: 1250 });
    expect(invested.body).toMatchObject({ success: true, status: 'confirmed' });
    const after = { 'x-read-after': String(invested.body.position) };
    const [holding] = (await investor.get('/api/holdings', after)).body.holdings;
    expect(holding).toMatchObject({
      id: invested.body.id,
      tokensHeld: 10,
      purchasePrice: '1250.00',
      status: 'confirmed',
      offeringName: 'Harbour View Series A',
    });
    expect(Date.parse(holding.transferableFrom) - Date.parse(holding.purchaseDate)).toBeCloseTo(365 * 86_400_000, -4);
    const offering = (await investor.get('/api/offerings', after)).body.offerings.find(
      (o: { id: string }) => o.id === offeringId,
    );
    expect(offering).toMatchObject({ tokensIssued: 10, fundsRaised: '1250.00' });
    const capTable = (await owner.get('/api/investors', after)).body;
    expect(capTable).toEqual([
      expect.objectContaining({
        id: investor.user.id,
        assetId,
        tokensHeld: 10,
        status: 'verified',
        email: investor.user.email,
      }),
    ]);
    expect((await admin.get('/api/admin/counters', after)).body.activeOfferings).toBeGreaterThanOrEqual(1);
    expect((await owner.get('/api/my-offerings', after)).body.offerings).toEqual([
      expect.objectContaining({ id: offeringId, tokensIssued: 10 }),
    ]);
  });

  it('never oversubscribes: 500 concurrent investments at an offering with 100 tokens', async () => {
    const { offeringId } = await offeringFor(100, '10.00');
    const investors = await Promise.all([
      verifiedInvestor(),
      verifiedInvestor(),
      verifiedInvestor(),
      verifiedInvestor(),
    ]);
    const head = await server.eventStore.headPosition();
    const results = await Promise.all(
      Array.from({ length: 500 }, (_, n) =>
        investors[n % 4]!.post('/api/invest', { offeringId, tokensRequested: 1, investmentAmount: 10 }),
      ),
    );
    const accepted = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status !== 201);
    expect(accepted).toHaveLength(100);
    expect(refused.every((r) => r.status === 409 && /fully subscribed|tokens are left/.test(r.body.message))).toBe(
      true,
    );
    const position = Math.max(...accepted.map((r) => r.body.position));
    const offering = (await admin.get('/api/offerings', { 'x-read-after': String(position) })).body.offerings.find(
      (o: { id: string }) => o.id === offeringId,
    );
    expect(offering).toMatchObject({ tokensIssued: 100, tokensReserved: 0, fundsRaised: '1000.00' });
    // The events agree with the read models: exactly 100 confirmed tokens were recorded.
    const events = await server.eventStore.readStream(`offering-${offeringId}`);
    expect(
      events
        .filter((e) => e.type === 'InvestmentConfirmed')
        .reduce((sum, e) => sum + (e.data as { tokens: number }).tokens, 0),
    ).toBe(100);
    const holdings = (await Promise.all(investors.map((i) => i.get('/api/holdings')))).flatMap((r) =>
      r.body.holdings.filter((h: { offeringId: string }) => h.offeringId === offeringId),
    );
    expect(holdings).toHaveLength(100);
    expect(await server.eventStore.headPosition()).toBeGreaterThan(head);
  }, 120_000);

  it('linked investments count together: four of NZD 99,900 by one investor — the first confirms, the next three wait for staff', async () => {
    const { offeringId } = await offeringFor(10_000, '100.00');
    const investor = await verifiedInvestor();
    const split = { offeringId, tokensRequested: 999, investmentAmount: 99_900 };
    const statuses: string[] = [];
    const ids: string[] = [];
    for (let n = 0; n < 4; n++) {
      const r = await investor.post('/api/invest', split);
      expect(r.status).toBe(201);
      statuses.push(r.body.status);
      ids.push(r.body.id);
    }
    // 99,900 alone; then 199,800, 299,700, 399,600 with the earlier ones: each of those reaches NZD 100,000.
    expect(statuses).toEqual(['confirmed', 'pending', 'pending', 'pending']);
    const events = await server.eventStore.readStream(`offering-${offeringId}`);
    expect(events.filter((e) => e.type === 'InvestmentConfirmed').map((e) => e.data)).toEqual([
      expect.objectContaining({ investmentId: ids[0], confirmedBy: 'settlement-rule' }),
    ]);
    const position = events.at(-1)!.position;
    const pending = (await admin.get('/api/admin/investments?status=pending', { 'x-read-after': String(position) }))
      .body.investments;
    expect(
      pending
        .map((i: { id: string }) => i.id)
        .filter((id: string) => ids.includes(id))
        .sort(),
    ).toEqual(ids.slice(1).sort());
    // Another investor's are not linked to theirs: confirmed at once.
    const other = await (await verifiedInvestor()).post('/api/invest', split);
    expect(other.body).toMatchObject({ success: true, status: 'confirmed' });
    // Staff cancelling one: it no longer counts, but the others still do (99,900 + 2 × 99,900 pending + this one).
    const cancel = await admin.post(`/api/admin/investments/${offeringId}/${ids[1]}/cancel`, { reason: 'Split' });
    expect(cancel.status).toBe(200);
    expect(
      (await investor.post('/api/invest', { ...split, tokensRequested: 1, investmentAmount: 100 })).body,
    ).toMatchObject({ status: 'pending' });
  });

  it('linked across offerings: an investment in another offering in the last 30 days counts with this one', async () => {
    const first = await offeringFor(1_000, '100.00');
    const second = await offeringFor(1_000, '100.00');
    const investor = await verifiedInvestor();
    const one = await investor.post('/api/invest', {
      offeringId: first.offeringId,
      tokensRequested: 999,
      investmentAmount: 99_900,
    });
    expect(one.body).toMatchObject({ status: 'confirmed' });
    // Read after the first, as the web client sends it: the holdings read model has it.
    const two = await investor.post(
      '/api/invest',
      { offeringId: second.offeringId, tokensRequested: 1, investmentAmount: 100 },
      { 'x-read-after': String(one.body.position) },
    );
    expect(two.body).toMatchObject({ status: 'pending' });
    // A fresh investor's NZD 100 in the second offering: nothing linked, confirmed at once.
    const fresh = await verifiedInvestor();
    const alone = await fresh.post('/api/invest', {
      offeringId: second.offeringId,
      tokensRequested: 1,
      investmentAmount: 100,
    });
    expect(alone.body).toMatchObject({ status: 'confirmed' });
  });

  it('linked across offerings of one asset, raced: three of NZD 40,000 at once into three offerings — decided one after another, the one that reaches NZD 100,000 waits (outside probe)', async () => {
    // The asset's other offerings are counted from the investor's limit stream, as it decided each reservation:
    // 40,000 alone and 80,000 confirm, 120,000 waits — in every round, whichever order they landed in.
    const { assetId } = await offerings.approvedAsset(server, admin, 6_000);
    const offeringIds: string[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await admin.post('/api/admin/offerings', {
        assetId,
        name: `Series ${i + 1}`,
        description: '',
        totalTokens: 2_000,
        tokenPrice: '100.00',
        minimumInvestment: '1',
        lockupPeriod: 0,
      });
      expect(created.status).toBe(201);
      offeringIds.push(created.body.id as string);
    }
    for (let round = 0; round < 4; round++) {
      const investor = await verifiedInvestor();
      const answers = await Promise.all(
        offeringIds.map((offeringId) =>
          investor.post('/api/invest', { offeringId, tokensRequested: 400, investmentAmount: '40000' }),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
      expect(answers.map((a) => a.body.status as string).sort()).toEqual(['confirmed', 'confirmed', 'pending']);
    }
  }, 120_000);

  it('refuses an amount that is not whole cents (400 on the field, nothing recorded); texts of settling', async () => {
    const { offeringId } = await offeringFor(100, '100.00');
    const investor = await verifiedInvestor();
    const head = await server.eventStore.headPosition();
    const subCent = await investor.post('/api/invest', { offeringId, tokensRequested: 2, investmentAmount: 200.001 });
    expect([subCent.status, subCent.body.errors]).toEqual([
      400,
      [{ field: 'investmentAmount', message: OFFERING_MESSAGES.investmentAmount }],
    ]);
    const asText = await investor.post('/api/invest', { offeringId, tokensRequested: 2, investmentAmount: '200.001' });
    expect([asText.status, asText.body.errors]).toEqual([
      400,
      [{ field: 'investmentAmount', message: OFFERING_MESSAGES.investmentAmount }],
    ]);
    expect(await server.eventStore.headPosition()).toBe(head);
    expect((await investor.post('/api/invest', { offeringId, tokensRequested: 2, investmentAmount: 200 })).status).toBe(
      201,
    );

    // Staff: no reason given is the app's text; an unknown offering or investment is 404.
    const big = await offeringFor(2_000, '100.00');
    const large = await investor.post('/api/invest', {
      offeringId: big.offeringId,
      tokensRequested: 1_000,
      investmentAmount: 100_000,
    });
    expect(large.body.status).toBe('pending');
    const path = `/api/admin/investments/${big.offeringId}/${large.body.id}`;
    const noReason = await admin.post(`${path}/cancel`, {});
    expect([noReason.status, noReason.body.message, noReason.body.errors]).toEqual([
      400,
      'Please give a reason for cancelling',
      [{ field: 'reason', message: 'Please give a reason for cancelling' }],
    ]);
    const unknownOffering = await admin.post(`/api/admin/investments/${crypto.randomUUID()}/${large.body.id}/confirm`);
    expect([unknownOffering.status, unknownOffering.body.message]).toEqual([404, 'Offering not found']);
    const unknownInvestment = await admin.post(
      `/api/admin/investments/${big.offeringId}/${crypto.randomUUID()}/confirm`,
    );
    expect([unknownInvestment.status, unknownInvestment.body.message]).toEqual([404, 'Investment not found']);
    expect((await admin.post(`${path}/confirm`)).status).toBe(200);
    const again = await admin.post(`${path}/confirm`);
    expect([again.status, again.body.message]).toEqual([
      409,
      'Only a pending investment can be confirmed or cancelled',
    ]);
  });

  it('a lapsed certification loses wholesale access', async () => {
    const { offeringId } = await offeringFor(50, '10.00');
    const fresh = await verifiedInvestor();
    const validUntil = Date.parse((await fresh.get('/api/wholesale-status')).body.validUntil);
    expect((validUntil - Date.now()) / 86_400_000).toBeGreaterThan(729); // 24 months by default
    const investor = await offerings.lapsedInvestor(server, admin.user.id);
    const ops = { authorization: `Ops ${server.opsToken}` };
    const swept = (await server.api.post('/api/operations/wholesale/expire', {}, ops)).body;
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    expect((await fresh.get('/api/wholesale-status')).body.verificationStatus).toBe('verified');
    expect(
      (await investor.get('/api/wholesale-status', { 'x-read-after': String(swept.position) })).body,
    ).toMatchObject({ verificationStatus: 'expired', isWholesaleInvestor: false });
    expect((await investor.get('/api/offerings')).status).toBe(403);
    expect((await investor.post('/api/invest', { offeringId, tokensRequested: 1, investmentAmount: 10 })).status).toBe(
      403,
    );
  });

  it('the token terms bind every offering and investor: no oversize offering, no minimum below the terms, at most the maximum per investor across offerings', async () => {
    // NZD 1,850,000 in 1,850 tokens at NZD 1,000; one investor may hold NZD 1,000 to NZD 185,000 of it.
    const terms = { value: 1_850_000, price: 1_000, minInvestment: 1_000, maxInvestment: 185_000 };
    const { assetId } = await offerings.approvedAsset(server, admin, 1_850, terms);
    const offering = (totalTokens: number, minimumInvestment = '') => ({
      assetId,
      name: 'Harbour View Series A',
      totalTokens,
      tokenPrice: '1000',
      minimumInvestment,
      lockupPeriod: 0,
    });
    // Refused as typed, naming what is free: never turned into "every retained token".
    const oversize = await admin.post('/api/admin/offerings', offering(99_999));
    expect(oversize.status).toBe(409);
    expect(oversize.body).toMatchObject({
      message: 'Only 1,850 tokens are free to offer',
      errors: [{ field: 'totalTokens', message: 'Only 1,850 tokens are free to offer' }],
    });
    // A count as text is read only in decimal: "0x10" and "1e2" are refused, never taken as 16 or 100 tokens.
    for (const totalTokens of ['0x10', '1e2']) {
      const odd = await admin.post('/api/admin/offerings', { ...offering(1), totalTokens });
      expect([odd.status, odd.body.errors]).toEqual([
        400,
        [{ field: 'totalTokens', message: OFFERING_MESSAGES.missing }],
      ]);
    }
    // A token price that is not one says what a price is; only a blank one is missing.
    for (const tokenPrice of ['33.333', 'abc', '-5', 5.555]) {
      const odd = await admin.post('/api/admin/offerings', { ...offering(1), tokenPrice });
      expect([odd.status, odd.body.message, odd.body.errors]).toEqual([
        400,
        OFFERING_MESSAGES.tokenPrice,
        [{ field: 'tokenPrice', message: OFFERING_MESSAGES.tokenPrice }],
      ]);
    }
    const blank = await admin.post('/api/admin/offerings', { ...offering(1), tokenPrice: ' ' });
    expect([blank.status, blank.body.errors]).toEqual([
      400,
      [{ field: 'tokenPrice', message: OFFERING_MESSAGES.missing }],
    ]);
    const wider = await admin.post('/api/admin/offerings', offering(1_000, '0'));
    expect(wider.status).toBe(400);
    expect(wider.body.errors).toEqual([
      {
        field: 'minimumInvestment',
        message: "Minimum investment may not be below the token terms' minimum of NZD 1,000.00",
      },
    ]);
    const first = await admin.post('/api/admin/offerings', offering(1_000));
    const second = await admin.post('/api/admin/offerings', offering(850, '5000'));
    expect([first.status, second.status]).toEqual([201, 201]);
    const page = await admin.get(`/api/offerings/${first.body.id}`, { 'x-read-after': String(second.body.position) });
    // One minimum: the terms' own, as the form was left blank.
    expect(page.body).toMatchObject({ minimumInvestment: '1000.00', maximumInvestment: '185000.00' });

    const investor = await verifiedInvestor();
    const invest = (offeringId: string, tokens: number) =>
      investor.post('/api/invest', { offeringId, tokensRequested: tokens, investmentAmount: tokens * 1_000 });
    const everything = await invest(first.body.id, 1_000);
    expect(everything.status).toBe(409);
    expect(everything.body).toMatchObject({
      title: 'Investment Failed',
      message: 'The most one investor may hold in this asset is NZD 185,000.00; you may invest up to NZD 185,000.00',
    });
    const pending = await invest(first.body.id, 100);
    expect(pending.body).toMatchObject({ status: 'pending' });
    // Across offerings of the asset, pending investments included.
    const over = await invest(second.body.id, 86);
    expect(over.status).toBe(409);
    expect(over.body.message).toBe(
      'The most one investor may hold in this asset is NZD 185,000.00; you hold NZD 100,000.00 and may invest up to NZD 85,000.00',
    );
    expect((await invest(second.body.id, 85)).status).toBe(201);
    expect((await invest(first.body.id, 1)).status).toBe(409);
    // Cancelled, the pending NZD 100,000 no longer counts against the maximum.
    const cancel = await admin.post(`/api/admin/investments/${first.body.id}/${pending.body.id}/cancel`, {
      reason: 'Funds not received',
    });
    expect(cancel.status).toBe(200);
    expect((await invest(first.body.id, 100)).status).toBe(201);
    expect((await invest(first.body.id, 1)).status).toBe(409);
    // The narrower offering's minimum holds for it.
    const small = await verifiedInvestor();
    const tiny = await small.post('/api/invest', {
      offeringId: second.body.id,
      tokensRequested: 1,
      investmentAmount: 1_000,
    });
    expect(tiny.body).toMatchObject({ title: 'Investment Too Small', message: 'Minimum investment is NZD 5,000' });
  });
});

/**
 * Two app processes on one log whose reads take a moment (as a database's do), so requests interleave: the
 * maximum per investor spans the asset's offerings, and only the investor-limit stream's expected revision keeps
 * concurrent investments in two offerings from each passing without the other.
 */
describe('the maximum per investor under concurrent investments', () => {
  const store = slowReads(new MemoryEventStore());
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let second: Awaited<ReturnType<typeof startTestServer>>;
  let admin: Api & { user: { id: string } };
  beforeAll(async () => {
    server = await startTestServer({ env: { AUTH_RATE_LIMIT_PER_IP: '1000' }, eventStore: store });
    second = await startTestServer({ env: { AUTH_RATE_LIMIT_PER_IP: '1000' }, eventStore: store });
    admin = await signUp(server, { admin: true });
  }, 120_000);
  afterAll(async () => {
    await second.close();
    await server.close();
    await store.close();
  });

  it('one investor firing 20 investments at once across two offerings of one asset never passes the maximum', async () => {
    // NZD 185,000 per investor; each request is under it, together (NZD 520,000) far over it.
    const terms = { value: 1_850_000, price: 1_000, minInvestment: 1_000, maxInvestment: 185_000 };
    const { assetId } = await offerings.approvedAsset(server, admin, 1_850, terms);
    const create = (totalTokens: number) =>
      admin.post('/api/admin/offerings', {
        assetId,
        name: 'Harbour View Series B',
        totalTokens,
        tokenPrice: '1000',
        minimumInvestment: '',
        lockupPeriod: 0,
      });
    const ids = [(await create(1_000)).body.id as string, (await create(850)).body.id as string];
    const investor = await offerings.verifiedInvestor(server, admin);
    // The same signed-in investor, half their requests sent to the other process.
    const other = new Api(second.url);
    Reflect.set(other, 'cookies', Reflect.get(investor, 'cookies'));
    // Every fifth is NZD 100,000 (pending until staff confirm it); the others NZD 20,000 (confirmed at once).
    const tokensOf = (i: number) => (i % 5 === 0 ? 100 : 20);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 4 < 2 ? investor : other).post('/api/invest', {
          offeringId: ids[i % 2],
          tokensRequested: tokensOf(i),
          investmentAmount: tokensOf(i) * 1_000,
        }),
      ),
    );
    const accepted = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status !== 201);
    const acceptedNzd = results.reduce((sum, r, i) => sum + (r.status === 201 ? tokensOf(i) * 1_000 : 0), 0);
    expect(accepted.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect(r.status).toBe(409);
      expect(r.body.message).toMatch(/^The most one investor may hold in this asset is NZD 185,000\.00; /);
    }
    const position = Math.max(...accepted.map((r) => Number(r.body.position)));
    const home = (await investor.get('/api/investments', { 'x-read-after': String(position) })).body;
    expect(home.invested + home.pendingAmount).toBeLessThanOrEqual(185_000);
    expect(home.invested + home.pendingAmount).toBe(acceptedNzd);
    // Refusals leave room for no request of the smaller size: the limit was reached, not guessed at.
    expect(home.invested + home.pendingAmount).toBeGreaterThan(185_000 - 20_000);
  }, 120_000);
});

/** The store with every stream read finishing a few milliseconds later, in no fixed order. */
function slowReads(store: EventStore): EventStore {
  const readStream = store.readStream.bind(store);
  store.readStream = async (...args) => {
    await new Promise((resolve) => setTimeout(resolve, 1 + Math.floor(Math.random() * 4)));
    return readStream(...args);
  };
  return store;
}
