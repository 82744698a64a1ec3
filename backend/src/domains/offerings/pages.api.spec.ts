/**
 * The investor's home and the page of every object over HTTP on the real app: what each viewer sees of an
 * investment, an offering and an asset, the 404 for everyone else (the same as for an unknown id), and
 * the names on the admins' rows.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { Api } from '../../testing/api.js';
import { startTestServer } from '../../testing/api.js';
import { offeringFor } from '../../testing/offerings.js';
import { samplePdf } from '../../testing/pdf.js';
import { signUp, type SignedUpUser } from '../../testing/users.js';

type User = Api & { user: SignedUpUser };

describe('investor home, and the asset, offering and investment pages', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let admin: User;
  let compliance: User;
  let owner: User;
  let investor: User;
  let otherInvestor: User;
  let stranger: User;
  let assetId: string;
  let offeringId: string;
  let small: string;
  let large: string;
  let read: Record<string, string>;

  /** A named user certified as a wholesale investor by the admin. */
  async function certified(firstName: string, lastName: string): Promise<User> {
    const user = await signUp(server, { firstName, lastName });
    const submitted = await user.post('/api/wholesale-verification', {
      verificationType: 'high_net_worth',
      netWorthAmount: 6_500_000,
      verifierName: 'Hine Walker',
      verifierContact: 'hine@law.nz',
    });
    const approved = await admin.put(`/api/admin/wholesale-verification/${submitted.body.id}`, { status: 'verified' });
    expect(approved.status).toBe(200);
    return user;
  }

  beforeAll(async () => {
    server = await startTestServer({ env: { AUTH_RATE_LIMIT_PER_IP: '1000' } });
    admin = await signUp(server, { admin: true, firstName: 'Mere', lastName: 'Admin' });
    compliance = await signUp(server, { compliance: true });
    // Valued at NZD 2,500,000 in 20,000 tokens: NZD 125 a token now, the offering's price too.
    const valued = { value: 2_500_000, price: 125 };
    ({ owner, assetId, offeringId } = (await offeringFor(server, admin, 20_000, '125.00', '1000', valued)) as {
      owner: User;
      assetId: string;
      offeringId: string;
    });
    investor = await certified('Aroha', 'Ngata');
    otherInvestor = await certified('Tama', 'Wiremu');
    stranger = await signUp(server);
    // Under NZD 100,000: confirmed at once. From NZD 100,000: pending until staff confirm it.
    small = (await investor.post('/api/invest', { offeringId, tokensRequested: 80, investmentAmount: 10_000 })).body.id;
    const pending = await investor.post('/api/invest', {
      offeringId,
      tokensRequested: 1_000,
      investmentAmount: 125_000,
    });
    expect(pending.body.status).toBe('pending');
    large = pending.body.id;
    read = { 'x-read-after': String(pending.body.position) };
  }, 120_000);
  afterAll(() => server.close());

  it("the investor's home: portfolio value, each holding priced now, pending or confirmed, its lock-up", async () => {
    const home = (await investor.get('/api/investments', read)).body;
    expect(home).toMatchObject({ portfolioValue: 10_000, invested: 10_000, pendingAmount: 125_000, pendingCount: 1 });
    expect(home.investments.map((i: { id: string }) => i.id)).toEqual([large, small]);
    expect(home.investments[1]).toMatchObject({
      status: 'confirmed',
      tokens: 80,
      amountPaid: '10000.00',
      tokenPricePaid: '125.00',
      currentTokenPrice: 125,
      currentPriceSource: 'valuation',
      currentValue: 10_000,
      offering: { id: offeringId, name: 'Harbour View Series A', lockupPeriod: 365 },
      asset: { id: assetId, name: 'Harbour View', assetType: 'property' },
      // Without a chain (CHAIN=off) the chain side of a holding is empty, not made up.
      walletAddress: null,
      onChainBalance: null,
      onChainExpected: null,
      chainTxHash: null,
      chainTxStatus: null,
    });
    const { purchaseDate, transferableFrom } = home.investments[1];
    expect(Date.parse(transferableFrom) - Date.parse(purchaseDate)).toBe(365 * 86_400_000);
    expect((await stranger.get('/api/investments')).body).toMatchObject({ portfolioValue: 0, investments: [] });

    // Their activity: the certification and the investments, with the offering's name.
    const activity = (await investor.get('/api/activities', read)).body;
    expect(activity.map((a: { description: string }) => a.description)).toEqual([
      'Requested 1,000 tokens for $125,000: awaiting settlement',
      'Bought 80 tokens for $10,000',
      expect.stringMatching(/^Wholesale verification approved, valid until \d{1,2} \w+ \d{4}$/),
      'Wholesale verification submitted (high net worth)',
    ]);
    expect(activity[1]).toMatchObject({ offeringName: 'Harbour View Series A', investmentId: small });
    // The owner hears of the purchase, not who made it.
    const ownerActivity = (await owner.get('/api/activities', read)).body;
    expect(ownerActivity[0].description).toBe('A wholesale investor bought 80 tokens of Harbour View for $10,000');
  });

  it('an investment page: its investor and admins see who; the owner sees it without them; anyone else 404', async () => {
    const mine = await investor.get(`/api/investments/${large}`, read);
    expect(mine.body).toMatchObject({
      viewer: 'investor',
      status: 'pending',
      tokens: 1_000,
      amountPaid: '125000.00',
      investor: { name: 'Aroha Ngata', email: investor.user.email },
    });
    const asAdmin = await admin.get(`/api/investments/${large}`);
    expect(asAdmin.body).toMatchObject({ viewer: 'admin', investor: { name: 'Aroha Ngata' } });
    const asOwner = await owner.get(`/api/investments/${large}`);
    expect(asOwner.body).toMatchObject({ viewer: 'owner', investor: null, tokens: 1_000 });
    expect(JSON.stringify(asOwner.body)).not.toContain('Aroha');
    expect(JSON.stringify(asOwner.body)).not.toContain(investor.user.email);

    const unknown = await investor.get(`/api/investments/${randomUUID()}`);
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Investment not found' } });
    for (const other of [otherInvestor, stranger, compliance])
      expect(await other.get(`/api/investments/${large}`)).toMatchObject({ status: 404, body: unknown.body });
    expect((await investor.get('/api/investments/constructor')).status).toBe(400);
    expect((await new (investor.constructor as typeof Api)(server.url).get(`/api/investments/${large}`)).status).toBe(
      401,
    );
  });

  it('admins confirm from named rows; the confirmed holding then counts in the portfolio', async () => {
    const rows = (await admin.get('/api/admin/investments?status=pending', read)).body.investments;
    const row = rows.find((r: { id: string }) => r.id === large);
    expect(row).toMatchObject({
      investor: { name: 'Aroha Ngata', email: investor.user.email },
      asset: { name: 'Harbour View' },
      offering: { name: 'Harbour View Series A' },
      amountPaid: '125000.00',
      tokensHeld: 1_000,
    });
    const confirmed = await admin.post(`/api/admin/investments/${offeringId}/${large}/confirm`);
    expect(confirmed.status).toBe(200);
    const after = { 'x-read-after': String(confirmed.body.position) };
    const home = (await investor.get('/api/investments', after)).body;
    expect(home).toMatchObject({ portfolioValue: 135_000, invested: 135_000, pendingAmount: 0, pendingCount: 0 });
    expect((await investor.get(`/api/investments/${large}`, after)).body.confirmedAt).toEqual(expect.any(String));
  });

  it('an offering page says what the asset is, its valuation, documents and terms; cards too', async () => {
    const page = await investor.get(`/api/offerings/${offeringId}`, read);
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      viewer: 'investor',
      name: 'Harbour View Series A',
      tokenPrice: '125.00',
      canInvest: true,
      asset: {
        id: assetId,
        name: 'Harbour View',
        assetType: 'property',
        description: 'Twelve waterfront apartments',
        value: 2_500_000,
        valuation: { value: 2_500_000, method: 'owner-estimate' },
        terms: { symbol: 'HVA', totalSupply: 20_000 },
      },
    });
    expect(page.body.asset.documents.map((d: { title: string }) => d.title)).toEqual([
      'Property Deed',
      'Valuation Report',
    ]);
    expect(page.body.myInvestments.map((i: { id: string }) => i.id).sort()).toEqual([small, large].sort());
    // An investor may read the documents of an offered asset.
    expect((await investor.get(page.body.asset.documents[0].url)).status).toBe(200);
    expect((await stranger.get(page.body.asset.documents[0].url)).status).toBe(404);

    const card = (await otherInvestor.get('/api/offerings')).body.offerings.find(
      (o: { id: string }) => o.id === offeringId,
    );
    expect(card).toMatchObject({
      asset: { name: 'Harbour View', value: 2_500_000 },
      percentIssued: expect.any(Number),
    });
    expect((await otherInvestor.get(`/api/offerings/${offeringId}`)).body).toMatchObject({
      viewer: 'investor',
      myInvestments: [],
    });
    expect((await owner.get(`/api/offerings/${offeringId}`)).body).toMatchObject({ viewer: 'owner', canInvest: false });
    expect((await compliance.get(`/api/offerings/${offeringId}`)).body.viewer).toBe('staff');
    const unknown = await investor.get(`/api/offerings/${randomUUID()}`);
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Offering not found' } });
    expect(await stranger.get(`/api/offerings/${offeringId}`)).toMatchObject({ status: 404, body: unknown.body });
  });

  it("an asset page: the owner's full view, staff's with the owner named, investors' without anyone's personal data", async () => {
    const mine = (await owner.get(`/api/assets/${assetId}/overview`, read)).body;
    expect(mine).toMatchObject({
      viewer: 'owner',
      name: 'Harbour View',
      status: 'active',
      valuation: { value: 2_500_000 },
      terms: { symbol: 'HVA' },
      tokenPrice: { price: 125, source: 'valuation' },
      owner: null,
      offerings: [{ id: offeringId, name: 'Harbour View Series A', status: 'active' }],
    });
    expect(mine.capTable.rows).toEqual([
      expect.objectContaining({ holder: 'Aroha Ngata', email: investor.user.email, kind: 'platform', you: false }),
    ]);
    expect(mine.capTable).toMatchObject({ held: mine.capTable.rows[0].tokens, retained: 20_000 - mine.capTable.held });
    expect(mine.history.map((h: { text: string }) => h.text)).toEqual(
      expect.arrayContaining([
        'Submitted for tokenization review',
        'Offering Harbour View Series A opened: 20,000 tokens at $125',
      ]),
    );

    const staff = (await compliance.get(`/api/assets/${assetId}/overview`)).body;
    expect(staff).toMatchObject({ viewer: 'staff', owner: { name: 'Test User', email: owner.user.email } });

    const theirs = (await investor.get(`/api/assets/${assetId}/overview`)).body;
    expect(theirs.viewer).toBe('investor');
    expect(theirs.capTable.rows).toEqual([expect.objectContaining({ holder: 'You', email: null, you: true })]);
    const other = (await otherInvestor.get(`/api/assets/${assetId}/overview`)).body;
    expect(other.capTable.rows).toEqual([expect.objectContaining({ holder: 'Wholesale investor', email: null })]);
    expect(JSON.stringify(other)).not.toContain('Aroha');
    expect(JSON.stringify(other)).not.toContain(owner.user.email);

    const unknown = await owner.get(`/api/assets/${randomUUID()}/overview`);
    expect(unknown).toMatchObject({ status: 404, body: { message: 'Asset not found' } });
    expect(await stranger.get(`/api/assets/${assetId}/overview`)).toMatchObject({ status: 404, body: unknown.body });
    expect((await owner.get('/api/assets/__proto__/overview')).status).toBe(400);
  });

  it('an asset without an offering is its owner’s and staff’s only, even for verified investors', async () => {
    // The owner is on the Enterprise plan already (offeringFor).
    const drafted = await owner.post('/api/assets', {
      name: 'Kea Labs',
      description: 'A robotics start-up in Christchurch',
      assetType: 'startup',
      totalValue: 500_000,
      tokenCount: 5_000,
    });
    const id = drafted.body.id as string;
    const uploaded = await owner.putBytes(`/api/assets/${id}/documents/company-constitution`, samplePdf());
    const after = { 'x-read-after': String(uploaded.body.position) };
    expect((await owner.get(`/api/assets/${id}/overview`, after)).body).toMatchObject({
      viewer: 'owner',
      status: 'draft',
      currentStep: 2,
    });
    expect((await admin.get(`/api/assets/${id}/overview`)).status).toBe(200);
    expect((await investor.get(`/api/assets/${id}/overview`)).status).toBe(404);
    const doc = (await owner.get(`/api/assets/${id}/overview`)).body.documents[0];
    expect((await investor.get(doc.url)).status).toBe(404);
    expect((await owner.get(doc.url)).status).toBe(200);
  });

  it('admin rows name people: verifications, the tokenization queue', async () => {
    const verifications = (await admin.get('/api/admin/wholesale-verifications')).body.verifications;
    expect(verifications.map((v: { name: string }) => v.name)).toEqual(
      expect.arrayContaining(['Aroha Ngata', 'Tama Wiremu']),
    );
    const approved = (await admin.get('/api/admin/assets?status=active')).body;
    expect(approved.find((a: { id: string }) => a.id === assetId)).toMatchObject({
      owner: { name: 'Test User', email: owner.user.email },
    });
  });

  it("holdings are priced now at valuation ÷ current supply: a later offering's price does not move it, a supply change does", async () => {
    // Series A holds the whole supply: closing it returns the unsold tokens for Series B (the register).
    expect((await admin.post(`/api/admin/offerings/${offeringId}/close`)).status).toBe(200);
    const created = await admin.post('/api/admin/offerings', {
      assetId,
      name: 'Harbour View Series B',
      totalTokens: 1_000,
      tokenPrice: '150.00',
      minimumInvestment: '',
      lockupPeriod: 365,
    });
    expect(created.status).toBe(201);
    const home = (await investor.get('/api/investments', { 'x-read-after': String(created.body.position) })).body;
    expect(home).toMatchObject({ portfolioValue: 1_080 * 125, invested: 135_000 });
    expect(home.investments[0]).toMatchObject({ currentTokenPrice: 125, currentValue: 125_000 });

    // 5,000 more tokens: NZD 2,500,000 over 25,000 is NZD 100 a token, on every view.
    const asked = await owner.post(`/api/assets/${assetId}/supply-changes`, { delta: 5_000, reason: 'Series C' });
    expect(asked.status).toBe(201);
    const approved = await admin.post(`/api/admin/assets/${assetId}/supply-changes/${asked.body.id}/approve`);
    expect(approved.status).toBe(200);
    const after = { 'x-read-after': String(approved.body.position) };
    const repriced = (await investor.get('/api/investments', after)).body;
    expect(repriced.investments[0]).toMatchObject({ currentTokenPrice: 100, currentValue: 100_000 });
    const page = (await owner.get(`/api/assets/${assetId}/overview`, after)).body;
    expect(page).toMatchObject({
      tokenPrice: { price: 100 },
      tokenCount: 25_000,
      initialSupply: 20_000,
      terms: { totalSupply: 25_000, price: 125 },
    });
    const table = (await owner.get(`/api/assets/${assetId}/cap-table`, after)).body;
    expect([table.supply, table.tokenPrice]).toEqual([25_000, 100]);
  });
});
