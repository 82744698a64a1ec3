/** The owner workspace over HTTP on the real app: the wizard's five steps, uploads, review, cap table, read models. */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestServer } from '../../testing/api.js';
import { subscribe } from '../../testing/billing.js';
import { samplePdf } from '../../testing/pdf.js';
import { signUp } from '../../testing/users.js';
import { DOCUMENT_MESSAGES, SUBSCRIPTION_REQUIRED } from '../../messages.js';
import { nzDateTime } from '../../platform/nz-time.js';

const details = {
  name: 'Harbour View Apartments',
  description: 'Twelve apartments on the Tauranga waterfront',
  assetType: 'property',
  address: '1 The Strand, Tauranga',
  totalValue: '1,200,000',
  tokenCount: 1_200_000,
};
const terms = {
  symbol: 'hva',
  name: 'Harbour View Token',
  totalSupply: 1_250_000,
  decimals: 0,
  price: 1,
  minInvestment: 1000,
  maxInvestment: 250_000,
  network: 'polygon',
  lockUpMonths: 12,
  feePercent: 3.5,
};

describe('assets API', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('refuses to draft without a subscription (403, nothing recorded), and validates the form with the spec messages', async () => {
    const owner = await signUp(server);
    const head = await server.eventStore.headPosition();
    const refused = await owner.post('/api/assets', details);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: SUBSCRIPTION_REQUIRED, title: 'Subscription Required' });
    await subscribe(owner);
    const invalid = await owner.post('/api/assets', {
      name: '',
      description: 'short',
      assetType: 'property',
      totalValue: 'abc',
      tokenCount: 0,
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.errors).toEqual([
      { field: 'name', message: 'Asset name is required' },
      { field: 'description', message: 'Description must be at least 10 characters' },
      { field: 'totalValue', message: 'Total value must be at least 1' },
      { field: 'tokenCount', message: 'Token count must be at least 1' },
    ]);
    expect(await server.eventStore.headPosition()).toBeGreaterThan(head); // only the subscription's events
    expect((await owner.get('/api/assets')).body).toEqual([]);
  });

  it('walks the wizard: draft, two PDFs, valuation, token terms, submit; an admin approves; the dashboard adds up', async () => {
    const owner = await signUp(server);
    await subscribe(owner);
    const created = await owner.post('/api/assets', details);
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    let asset = (await owner.get(`/api/assets/${id}`, { 'x-read-after': String(created.body.position) })).body;
    expect(asset).toMatchObject({
      id,
      name: details.name,
      totalValue: 1_200_000,
      tokenCount: 1_200_000,
      status: 'draft',
      currentStep: 2,
      changePercent: null,
    });

    const pdf = samplePdf('Certificate of title');
    const deed = await owner.putBytes(`/api/assets/${id}/documents/property-deed`, pdf, 'application/pdf', {
      'x-file-name': encodeURIComponent('Deed – 1 The Strand.pdf'),
    });
    expect(deed.status).toBe(200);
    expect(deed.body.document).toMatchObject({
      kind: 'property-deed',
      fileName: 'Deed – 1 The Strand.pdf',
      size: pdf.length,
    });
    const report = await owner.putBytes(
      `/api/assets/${id}/documents/valuation-report`,
      samplePdf('Valuation'),
      'application/pdf',
    );
    asset = (await owner.get(`/api/assets/${id}`, { 'x-read-after': String(report.body.position) })).body;
    expect(asset.currentStep).toBe(3);
    const download = await fetch(`${server.url}/api/assets/${id}/documents/${deed.body.document.id}`, {
      headers: { cookie: `kauri.sid=${owner.cookie('kauri.sid')}` },
    });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);

    expect(
      (await owner.post(`/api/assets/${id}/valuation`, { value: 1_250_000, method: 'property-calculator' })).status,
    ).toBe(200);
    const configured = await owner.put(`/api/assets/${id}/token`, terms);
    expect(configured.status).toBe(200);
    asset = (await owner.get(`/api/assets/${id}`, { 'x-read-after': String(configured.body.position) })).body;
    expect(asset).toMatchObject({
      currentStep: 5,
      totalValue: 1_250_000,
      tokenCount: 1_250_000,
      terms: { symbol: 'HVA' },
    });

    const submitted = await owner.post(`/api/assets/${id}/submit`);
    expect(submitted.status).toBe(200);
    expect((await owner.put(`/api/assets/${id}/token`, terms)).body.message).toBe(
      'This asset is awaiting review and cannot be changed',
    );

    // Only admins see the queue and decide.
    expect((await owner.post(`/api/admin/assets/${id}/approve`)).status).toBe(403);
    const admin = await signUp(server, { admin: true });
    const queue = (await admin.get('/api/admin/assets', { 'x-read-after': String(submitted.body.position) })).body;
    expect(queue.map((a: { id: string }) => a.id)).toContain(id);
    const approved = await admin.post(`/api/admin/assets/${id}/approve`);
    expect(approved.status).toBe(200);

    const investor = await owner.post(`/api/assets/${id}/investors`, {
      name: 'Aroha Ngata',
      email: 'aroha@example.nz',
      tokens: 50_000,
    });
    expect(investor.status).toBe(201);
    const after = { 'x-read-after': String(investor.body.position) };
    expect((await owner.get('/api/dashboard/stats', after)).body).toMatchObject({
      totalValue: 1_250_000,
      activeTokens: 1_250_000,
      totalInvestors: 1,
    });
    expect((await owner.get('/api/investors', after)).body).toEqual([
      {
        id: investor.body.id,
        name: 'Aroha Ngata',
        email: 'aroha@example.nz',
        assetId: id,
        assetName: details.name,
        tokensHeld: 50_000,
        investmentValue: 50_000,
        percentOwned: 4,
        status: 'off-platform',
      },
    ]);
    const activities = (await owner.get('/api/activities', after)).body as { type: string; description: string }[];
    expect(activities.map((a) => a.description).slice(0, 3)).toEqual([
      'Aroha Ngata added to the cap table of Harbour View Apartments',
      'Harbour View Apartments approved for tokenization',
      'Harbour View Apartments submitted for tokenization review',
    ]);
    const csv = await owner.get(`/api/assets/${id}/cap-table.csv`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(String(csv.body).split('\r\n')[1]).toBe(
      '"Aroha Ngata","aroha@example.nz","off-platform","50000","50000","4.00","' +
        // When the holder was added, in New Zealand time with its zone (as every time the app shows).
        nzDateTime((await owner.get(`/api/assets/${id}`)).body.capTable[0].addedAt) +
        '"',
    );
  });

  it("answers 404 for another owner's asset, and refuses fake or oversized PDFs without storing anything", async () => {
    const owner = await signUp(server);
    await subscribe(owner);
    const id = (await owner.post('/api/assets', details)).body.id as string;
    const stranger = await signUp(server);
    await subscribe(stranger);
    expect((await stranger.get(`/api/assets/${id}`)).status).toBe(404);
    expect((await stranger.putBytes(`/api/assets/${id}/documents/property-deed`, samplePdf())).status).toBe(404);
    expect((await stranger.post(`/api/assets/${id}/valuation`, { value: 10, method: 'owner-estimate' })).status).toBe(
      404,
    );

    const head = await server.eventStore.headPosition();
    const fake = await owner.putBytes(
      `/api/assets/${id}/documents/property-deed`,
      Buffer.from('MZ\x90\x00 this is an executable renamed to deed.pdf'),
      'application/pdf',
      { 'x-file-name': 'deed.pdf' },
    );
    expect(fake.status).toBe(415);
    expect(fake.body.message).toBe(DOCUMENT_MESSAGES.notPdf);
    const big = Buffer.concat([samplePdf(), Buffer.alloc(12 * 1024 * 1024, 0x20)]);
    const tooLarge = await owner.putBytes(`/api/assets/${id}/documents/property-deed`, big);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe(DOCUMENT_MESSAGES.tooLarge);
    expect(await server.eventStore.headPosition()).toBe(head);
    expect((await owner.get(`/api/assets/${id}`)).body.documents).toEqual([]);
  });

  it('asks a startup for its constitution and share register: a deed is refused before anything is stored', async () => {
    const owner = await signUp(server);
    await subscribe(owner);
    const startup = { ...details, name: 'Kea Labs', assetType: 'startup' };
    const id = (await owner.post('/api/assets', startup)).body.id as string;
    const head = await server.eventStore.headPosition();
    const deed = await owner.putBytes(`/api/assets/${id}/documents/property-deed`, samplePdf());
    expect(deed).toMatchObject({
      status: 404,
      body: { message: 'A startup asset needs its Company Constitution and Shareholder Register, not this document' },
    });
    expect(await server.eventStore.headPosition()).toBe(head);
    for (const kind of ['company-constitution', 'shareholder-register'])
      expect((await owner.putBytes(`/api/assets/${id}/documents/${kind}`, samplePdf())).status).toBe(200);
    const asset = (
      await owner.get(`/api/assets/${id}`, { 'x-read-after': String(await server.eventStore.headPosition()) })
    ).body;
    expect(asset.currentStep).toBe(3);
    expect(asset.documents.map((d: { title: string }) => d.title).sort()).toEqual([
      'Company Constitution',
      'Shareholder Register',
    ]);
  });
});
