/**
 * Transfers between investors on the embedded chain (issue 32), over HTTP on the real app: each refusal before
 * anything is recorded, then propose → accept → approve → settled by delivery versus payment through T-REX's
 * DVDTransferManager — the tokens and the NZD stablecoin move in the same transaction (one hash in both Transfer
 * logs) — and the register, the cap table and both parties' lists show it.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Address } from 'viem';
import { TRANSFER_MESSAGES as M } from '../../messages.js';
import { nzLongDate } from '../../platform/nz-time.js';
import type { Api } from '../../testing/api.js';
import { startTestServer } from '../../testing/api.js';
import { confirmedPurchase, tenDollarOffering } from '../../testing/income.js';
import { approvedAsset, lapsedInvestor, verifiedInvestor } from '../../testing/offerings.js';
import { signUp } from '../../testing/users.js';
import { REGISTER_MESSAGES } from '../register/register.decider.js';
import { ChainOutbox } from '../tokens/chain-outbox.js';
import { stablecoinOf, suiteOf } from '../tokens/flow.js';
import { untilWithin } from '../../testing/until.js';

type Server = Awaited<ReturnType<typeof startTestServer>>;
type Person = Api & { user: { id: string } };

describe('transfers between investors, delivery versus payment on the embedded chain', () => {
  let server: Server;
  let admin: Person;
  let owner: Person;
  let seller: Person;
  let buyer: Person;
  let locked: Person;
  let stranger: Person;
  let assetId: string;
  let lockedUntil: string;

  const transferEvents = async () => (await server.eventStore.readAll({ streamPrefixes: ['transfer-'] })).length;

  const until = untilWithin(90_000);

  beforeAll(async () => {
    server = await startTestServer({ env: { CHAIN: 'anvil', AUTH_RATE_LIMIT_PER_IP: '1000' } });
    admin = await signUp(server, { admin: true });
    ({ owner, assetId } = await approvedAsset(server, admin, 2_000));
    const offering = (lockupPeriod: number) =>
      tenDollarOffering(admin, assetId, 500, { name: `Series ${lockupPeriod}`, lockupPeriod });
    const open = await offering(0);
    const lockedOffering = await offering(90);
    seller = await verifiedInvestor(server, admin);
    buyer = await verifiedInvestor(server, admin);
    locked = await verifiedInvestor(server, admin);
    stranger = await signUp(server);
    for (const [investor, offeringId, tokens] of [
      [seller, open, 100],
      // Free tokens first, then locked ones: the latest lock-up holds them all (one lock per wallet on chain).
      [locked, open, 50],
      [locked, lockedOffering, 20],
    ] as const)
      await confirmedPurchase(investor, offeringId, tokens);
    lockedUntil = [...server.app.get(ChainOutbox).state.investments.values()]
      .filter((i) => i.investorId === locked.user.id)
      .map((i) => i.transferableFrom!)
      .sort()
      .at(-1)!;
    expect(await server.app.get(ChainOutbox).settled(120_000)).toBe(true);
  }, 300_000);
  afterAll(() => server.close());

  const propose = (from: Api, body: Record<string, unknown>) =>
    from.post('/api/transfers', { assetId, toInvestorId: buyer.user.id, tokens: 10, pricePerToken: '12.50', ...body });

  it('refuses, with the reason and nothing recorded: to oneself, an unverified or lapsed buyer, more than held, a lock-up, a bad price', async () => {
    const before = await transferEvents();
    const self = await propose(seller, { toInvestorId: seller.user.id });
    expect([self.status, self.body.message]).toEqual([400, M.toSelf]);
    const unverified = await propose(seller, { toInvestorId: stranger.user.id });
    expect([unverified.status, unverified.body.message]).toEqual([409, M.buyerNotVerified]);
    const lapsed = await lapsedInvestor(server, admin.user.id);
    const lapsedBuyer = await propose(seller, { toInvestorId: lapsed.user.id });
    expect([lapsedBuyer.status, lapsedBuyer.body.message]).toEqual([409, M.buyerLapsed]);
    const tooMany = await propose(seller, { tokens: 101 });
    expect([tooMany.status, tooMany.body.message]).toEqual([409, M.notEnough(100)]);
    const none = await propose(stranger, {});
    expect([none.status, none.body.message]).toEqual([409, M.notEnough(0)]);
    const lockedUp = await propose(locked, {});
    expect([lockedUp.status, lockedUp.body.message]).toEqual([409, M.lockedUp(nzLongDate(lockedUntil))]);
    // The holder's investments say the same of the free purchase: transferable when the latest lock-up ends.
    const held = (await locked.get('/api/investments')).body.investments as {
      tokens: number;
      transferableFrom: string;
      lockupEnds: string;
    }[];
    expect(held.map((i) => [i.tokens, i.transferableFrom]).sort()).toEqual([
      [20, lockedUntil],
      [50, lockedUntil],
    ]);
    expect(held.find((i) => i.tokens === 50)!.lockupEnds < lockedUntil).toBe(true);
    // Three decimals, and a decimal comma (which was once read as 1250.00, a hundred times the price meant).
    for (const pricePerToken of ['12.505', '12,50']) {
      const price = await propose(seller, { pricePerToken });
      expect(price.status).toBe(400);
      expect(price.body.errors).toEqual([{ field: 'pricePerToken', message: M.price }]);
    }
    // 10 tokens at $200,000,000,000: more than one payment may be (it was recorded, then never approvable).
    const huge = await propose(seller, { pricePerToken: '200000000000.00' });
    expect([huge.status, huge.body.errors]).toEqual([400, [{ field: 'pricePerToken', message: M.totalTooLarge }]]);
    expect(await transferEvents()).toBe(before);
  });

  it('proposed → accepted → approved → settled: tokens and stablecoin in one transaction, the register and both sides show it', async () => {
    const proposed = await propose(seller, { tokens: 40 });
    expect(proposed.status).toBe(201);
    expect(proposed.body).toMatchObject({ status: 'proposed' });
    const id = proposed.body.id as string;
    // Only the parties (and the asset's owner, who approves) see it.
    expect((await stranger.get(`/api/transfers/${id}`)).status).toBe(404);
    expect((await stranger.post(`/api/transfers/${id}/accept`)).status).toBe(404);
    expect((await buyer.get('/api/transfers')).body.transfers).toEqual([
      expect.objectContaining({ id, role: 'buyer', status: 'proposed', tokens: 40, pricePerToken: '12.50' }),
    ]);
    // The seller promised 40 of 100: 61 more is beyond what is free.
    const beyond = await propose(seller, { tokens: 61 });
    expect([beyond.status, beyond.body.message]).toEqual([409, M.claimedElsewhere(40, 60, 'seller', 'open')]);
    expect((await owner.post(`/api/transfers/${id}/approve`)).body.message).toBe(M.notAccepted);
    expect((await seller.post(`/api/transfers/${id}/accept`)).body.message).toBe(M.onlyBuyer);
    expect((await buyer.post(`/api/transfers/${id}/accept`)).body).toMatchObject({ id, status: 'accepted' });
    expect((await buyer.post(`/api/transfers/${id}/approve`)).status).toBe(403);
    expect((await owner.post(`/api/transfers/${id}/approve`)).body).toMatchObject({ id, status: 'approved' });
    expect((await seller.post(`/api/transfers/${id}/cancel`)).body.message).toBe(M.notCancellable);

    const outbox = server.app.get(ChainOutbox);
    expect(await outbox.settled(120_000)).toBe(true);
    const settled = await until(
      'the transfer settled',
      async () => (await seller.get(`/api/transfers/${id}`)).body,
      (b) => b.status === 'settled' || b.status === 'failed',
    );
    expect(settled).toMatchObject({
      id,
      assetId,
      fromInvestorId: seller.user.id,
      toInvestorId: buyer.user.id,
      tokens: 40,
      pricePerToken: '12.50',
      status: 'settled',
      refusal: null,
    });
    const txHash = settled.txHash as string;
    expect(txHash).toMatch(/^0x[0-9a-f]{64}$/);

    // Delivery versus payment: both Transfer logs in the one transaction.
    const token = suiteOf(outbox.state, assetId)!.token;
    const coin = stablecoinOf(outbox.state)!;
    const sellerWallet = outbox.state.wallets.get(seller.user.id)!.toLowerCase();
    const buyerWallet = outbox.state.wallets.get(buyer.user.id)!.toLowerCase();
    const logs = (await server.chain!.transfers([token, coin], 0n, await server.chain!.head())).filter(
      (l) => l.txHash === txHash,
    );
    expect(logs.map((l) => [l.token.toLowerCase(), l.from.toLowerCase(), l.to.toLowerCase(), l.value]).sort()).toEqual(
      [
        [token.toLowerCase(), sellerWallet, buyerWallet, 40n],
        [coin.toLowerCase(), buyerWallet, sellerWallet, 50_000n],
      ].sort(),
    );
    expect(await server.chain!.balanceOf(token, sellerWallet as Address)).toBe(60n);
    expect(await server.chain!.balanceOf(token, buyerWallet as Address)).toBe(40n);
    expect(await server.chain!.balanceOf(coin, sellerWallet as Address)).toBe(50_000n);
    expect(await server.chain!.balanceOf(coin, buyerWallet as Address)).toBe(0n);

    // The register recorded the move once; the cap table shows both holders.
    const recorded = (await server.eventStore.readAll({ streamPrefixes: [`asset-${assetId}`] })).filter(
      (e) => e.type === 'TokensTransferred',
    );
    expect(recorded).toHaveLength(1);
    expect(recorded[0]!.data).toMatchObject({ transferId: id, tokens: 40, priceCents: 1250, txHash });
    const capTable = await until(
      'the cap table',
      async () => (await owner.get(`/api/assets/${assetId}/cap-table`)).body,
      (b) => JSON.stringify(b).includes(buyer.user.id),
    );
    const line = (investorId: string) =>
      (capTable.lines as { investorId: string | null; tokens: number }[]).find((l) => l.investorId === investorId);
    expect([line(seller.user.id)?.tokens, line(buyer.user.id)?.tokens]).toEqual([60, 40]);

    // The holdings agree with the register: the seller holds 60 of the 100 bought, the buyer 40 received at 12.50.
    type Holding = { id: string; source: string; tokensBought: number; tokensHeld: number; onChainBalance: number };
    const held = async (who: Person) => (await who.get('/api/holdings')).body.holdings as Holding[];
    const sellerHoldings = await until(
      "the seller's holdings",
      () => held(seller),
      (h) => h[0]?.tokensHeld === 60,
    );
    expect(sellerHoldings).toEqual([
      expect.objectContaining({ source: 'offering', tokensBought: 100, tokensHeld: 60, onChainBalance: 60 }),
    ]);
    // What the 60 left cost, as the seller's home counts it: the price paid for 100, pro rata.
    const [sold] = sellerHoldings as (Holding & { purchasePrice: string; costHeld: number })[];
    expect(sold!.costHeld).toBe(Math.round(Number(sold!.purchasePrice) * 60) / 100);
    const buyerHoldings = await until(
      "the buyer's holdings",
      () => held(buyer),
      (h) => h.length > 0,
    );
    expect(buyerHoldings).toEqual([
      expect.objectContaining({
        source: 'transfer',
        transferId: id,
        offeringId: null,
        tokensBought: 40,
        tokensHeld: 40,
        purchasePrice: '500.00',
        costHeld: 500,
        tokenPrice: '12.50',
        status: 'confirmed',
        onChainBalance: 40,
        // Its chain side is the settlement that moved it, not a transfer still to come.
        chainTxStatus: 'confirmed',
        chainTxHash: txHash,
      }),
    ]);
    for (const [who, holding, tokens] of [
      [seller, sellerHoldings[0]!, 60],
      [buyer, buyerHoldings[0]!, 40],
    ] as const) {
      expect((await who.get('/api/investments')).body.investments).toEqual([
        expect.objectContaining({ id: holding.id, source: holding.source, tokens }),
      ]);
      expect((await who.get(`/api/investments/${holding.id}`)).body).toMatchObject({ id: holding.id, tokens });
    }
    expect((await buyer.get('/api/transfers')).body.transfers[0]).toMatchObject({ id, status: 'settled', txHash });
  }, 300_000);

  it('either party cancels before settlement; a cancelled transfer cannot be accepted', async () => {
    const proposed = await propose(seller, { tokens: 5 });
    expect(proposed.status).toBe(201);
    const id = proposed.body.id as string;
    // Whoever sees it but is not a party is told who may cancel; whoever does not see it, that there is none.
    const refused = async (who: Person, command: string) => {
      const response = await who.post(`/api/transfers/${id}/${command}`);
      return [response.status, response.body.message];
    };
    expect(await refused(owner, 'cancel')).toEqual([403, M.onlyParties]);
    expect(await refused(admin, 'cancel')).toEqual([403, M.onlyParties]);
    expect(await refused(owner, 'accept')).toEqual([403, M.onlyBuyer]);
    expect(await refused(seller, 'approve')).toEqual([403, M.onlyApprover]);
    for (const command of ['accept', 'approve', 'cancel'])
      expect(await refused(stranger, command)).toEqual([404, M.notFound]);
    expect((await buyer.post(`/api/transfers/${id}/cancel`)).body).toMatchObject({ id, status: 'cancelled' });
    expect((await buyer.post(`/api/transfers/${id}/accept`)).body.message).toBe(M.notProposed);
  });

  it('a command on a transfer the read models do not show yet (another replica proposed it a moment ago) is judged on its stream', async () => {
    // Found with two replicas: the buyer's accept on the other one answered 404 for a few hundred milliseconds.
    await server.engine.stop();
    try {
      const proposed = await propose(seller, { tokens: 1 });
      expect(proposed.status).toBe(201);
      const id = proposed.body.id as string;
      expect((await stranger.post(`/api/transfers/${id}/accept`)).status).toBe(404);
      expect((await buyer.post(`/api/transfers/${id}/cancel`)).body).toMatchObject({ id, status: 'cancelled' });
    } finally {
      await server.engine.start();
    }
  });

  it("the asset's setting hands approval to Kauri's admins: the owner's approval is refused, an admin's settles; only an admin hands it back", async () => {
    const setting = () => owner.get(`/api/assets/${assetId}/register`).then((r) => r.body.transferApproval);
    expect(await setting()).toBe('owner');
    const bad = await owner.put(`/api/assets/${assetId}/transfer-approval`, { approval: 'constructor' });
    expect([bad.status, bad.body.errors]).toEqual([400, [{ field: 'approval', message: REGISTER_MESSAGES.approval }]]);
    expect((await stranger.put(`/api/assets/${assetId}/transfer-approval`, { approval: 'admin' })).status).toBe(404);
    expect((await owner.put(`/api/assets/${assetId}/transfer-approval`, { approval: 'admin' })).status).toBe(200);
    expect(await setting()).toBe('admin');

    const id = (await propose(seller, { tokens: 5 })).body.id as string;
    expect((await buyer.post(`/api/transfers/${id}/accept`)).body).toMatchObject({ status: 'accepted' });
    // Every party's view names who approves, so the owner's screen offers no Approve the server would refuse.
    for (const party of [seller, buyer, owner])
      expect((await party.get(`/api/transfers/${id}`)).body).toMatchObject({ status: 'accepted', approver: 'admin' });
    const refused = await owner.post(`/api/transfers/${id}/approve`);
    expect([refused.status, refused.body.message]).toEqual([403, M.onlyAdminApprover]);
    expect((await admin.post(`/api/transfers/${id}/approve`)).body).toMatchObject({ id, status: 'approved' });
    expect(await server.app.get(ChainOutbox).settled(120_000)).toBe(true);
    await until(
      'the settlement',
      async () => (await seller.get(`/api/transfers/${id}`)).body.status,
      (s) => s === 'settled',
    );

    const back = await owner.put(`/api/assets/${assetId}/transfer-approval`, { approval: 'owner' });
    expect([back.status, back.body.message]).toEqual([403, REGISTER_MESSAGES.approvalBackToOwner]);
    expect((await admin.put(`/api/assets/${assetId}/transfer-approval`, { approval: 'owner' })).status).toBe(200);
    expect(await setting()).toBe('owner');
  }, 300_000);
});
