/**
 * The stablecoin payment of a distribution on the embedded chain (issue 31), over HTTP on the real app: declared by
 * the owner, approved by another admin, funded by card, paid — each platform holder's line an ERC-20 transfer of its
 * net cents of Kauri's test NZD coin through the chain outbox, recorded paid with its hash when confirmed; the
 * off-platform holder by direct credit — and reconciled: each wallet's stablecoin balance equals its paid lines.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Address } from 'viem';
import { DISTRIBUTION_MESSAGES as M } from '../../messages.js';
import type { Config } from '../../platform/config.js';
import { nzDate } from '../../platform/nz-time.js';
import { CONFIG } from '../../platform/injection-keys.js';
import type { Api } from '../../testing/api.js';
import { startTestServer } from '../../testing/api.js';
import { assetWithHolder, confirmedPurchase, fundedDistribution } from '../../testing/income.js';
import { verifiedInvestor } from '../../testing/offerings.js';
import { signUp } from '../../testing/users.js';
import type { ViemChain } from '../../platform/chain/viem-chain.js';
import { ChainOutbox } from '../tokens/chain-outbox.js';
import { stablecoinOf } from '../tokens/flow.js';
import { TokenViews } from '../tokens/token-views.js';
import { untilWithin } from '../../testing/until.js';

type Server = Awaited<ReturnType<typeof startTestServer>>;
type Line = { holderKind: string; investorId: string | null; net: string; payment: Record<string, unknown> };

describe('distributions paid in the stablecoin on the embedded chain', () => {
  let server: Server;
  let admin: Api & { user: { id: string } };
  let owner: Api & { user: { id: string } };
  let assetId: string;
  let investors: (Api & { user: { id: string } })[];
  let offeringId: string;
  const today = nzDate(new Date());

  beforeAll(async () => {
    server = await startTestServer({
      env: { CHAIN: 'anvil', AUTH_RATE_LIMIT_PER_IP: '1000', CHAIN_EXPLORER_URL: 'https://explorer.example/' },
    });
    admin = await signUp(server, { admin: true });
    let first: Api & { user: { id: string } };
    ({ owner, assetId, offeringId, investor: first } = await assetWithHolder(server, admin));
    investors = [first, await verifiedInvestor(server, admin)];
    await confirmedPurchase(investors[1]!, offeringId, 60);
    expect((await owner.post(`/api/assets/${assetId}/investors`, { name: 'Mere Tane', tokens: 200 })).status).toBe(201);
    expect(await server.app.get(ChainOutbox).settled()).toBe(true);
  });
  afterAll(() => server.close());

  const until = untilWithin(60_000);

  it('declare → approve (another admin) → fund → pay: every wallet holder holds its line’s net, once, and the distribution is paid', async () => {
    const declared = await owner.post(`/api/assets/${assetId}/distributions`, {
      kind: 'interest',
      amount: '1000.00',
      recordDate: today,
      paymentDate: today,
    });
    expect(declared.status).toBe(201);
    const id = declared.body.id as string;
    const url = `/api/assets/${assetId}/distributions/${id}`;
    expect((await admin.post(`/api/admin/distributions/${id}/approve`)).status).toBe(200);
    expect((await owner.post(`${url}/fund`, { number: '4242424242424242', expiry: '12/34', cvc: '123' })).status).toBe(
      200,
    );
    expect((await admin.post(`/api/admin/distributions/${id}/pay`)).status).toBe(200);

    const paying = (await owner.get(url)).body;
    expect(paying.status).toBe('paying');
    const lines = paying.lines as Line[];
    expect(lines.map((l) => [l.holderKind, l.payment.method, l.payment.status])).toEqual([
      ['off-platform', 'direct-credit', 'pending'],
      ['platform', 'stablecoin', 'pending'],
      ['platform', 'stablecoin', 'pending'],
      ['owner', 'retained', 'retained'],
    ]);
    // The holders at the record date were checked against the chain's balances then, and the block recorded.
    expect(paying.recordCheck).toMatchObject({ moment: paying.declaredAt });
    const checked = await server.chain!.block(BigInt(paying.recordCheck.blockNumber));
    expect(checked.hash).toBe(paying.recordCheck.blockHash);
    expect(Number(checked.timestamp) * 1000).toBeLessThanOrEqual(Date.parse(paying.declaredAt));

    // The outbox sends the coin, its mint and a transfer per wallet line; the process manager records each paid.
    const outbox = server.app.get(ChainOutbox);
    expect(await outbox.settled()).toBe(true);
    const paid = await until(
      'the stablecoin lines paid',
      async () => (await owner.get(url)).body,
      (body) =>
        (body.lines as Line[]).filter((l) => l.payment.method === 'stablecoin' && l.payment.status === 'paid')
          .length === 2,
    );
    // The bank has not run yet: the off-platform holder's line holds the distribution at paying.
    expect(paid.status).toBe('paying');
    // The screens link each stablecoin payment's transaction to the explorer.
    expect(paid.chainExplorerUrl).toBe('https://explorer.example');

    const confirmed = (await server.eventStore.readAll({ streamPrefixes: ['chain-tx-'] })).filter(
      (e) => e.type === 'ChainTransactionConfirmed',
    );
    const coin = stablecoinOf(outbox.state)!;
    expect(coin).toMatch(/^0x[0-9a-fA-F]{40}$/);
    for (const [n, line] of (paid.lines as Line[]).entries()) {
      if (line.payment.method !== 'stablecoin') continue;
      const txId = `c31337-dist-${id}-line-${n}`;
      const mine = confirmed.filter((e) => (e.data as { txId: string }).txId === txId);
      expect(mine).toHaveLength(1);
      expect(line.payment).toMatchObject({
        method: 'stablecoin',
        status: 'paid',
        txHash: (mine[0]!.data as { txHash: string }).txHash,
      });
      const wallet = outbox.state.wallets.get(line.investorId!)!;
      expect(line.payment.wallet ?? wallet).toBe(wallet);
      const cents = Math.round(Number(line.net) * 100);
      expect(await server.chain!.balanceOf(coin, wallet as Address)).toBe(BigInt(cents));
    }
    // Minted exactly what the wallet lines pay: the signer keeps nothing of it.
    expect(await server.chain!.balanceOf(coin, server.chain!.signer)).toBe(0n);
    const holdings = await server.app.get(TokenViews).stablecoinHoldings();
    expect(holdings).toHaveLength(2);
    for (const h of holdings) expect(h.onChain).toBe(h.expected);
    const health = (await server.ops.get('/api/health')).body;
    expect(health.chain).toMatchObject({ drift: 0, stablecoinDrift: 0 });
    expect(health.status).toBe('ok');

    // The bank run for the off-platform holder: now every line is paid, and so is the distribution.
    const bank = await admin.post(`/api/admin/distributions/${id}/direct-credit/confirm`, { bankReference: 'IB4B 7' });
    expect(bank.status).toBe(200);
    expect((await owner.get(url)).body.status).toBe('paid');
    const income = (await investors[0]!.get('/api/income')).body;
    expect(income.lines[0]).toMatchObject({ status: 'paid', payment: { method: 'stablecoin', status: 'paid' } });
    expect(income.lines[0].payment.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(income.chainExplorerUrl).toBe('https://explorer.example');
  });

  it('a second distribution reuses the coin (deployed once) and mints only what it pays', async () => {
    const declared = await owner.post(`/api/assets/${assetId}/distributions`, {
      kind: 'rent',
      amount: '20.00',
      recordDate: today,
      paymentDate: today,
    });
    const id = declared.body.id as string;
    expect((await admin.post(`/api/admin/distributions/${id}/approve`)).status).toBe(200);
    const url = `/api/assets/${assetId}/distributions/${id}`;
    expect((await owner.post(`${url}/fund`, { number: '4242424242424242', expiry: '12/34', cvc: '123' })).status).toBe(
      200,
    );
    expect((await admin.post(`/api/admin/distributions/${id}/pay`)).status).toBe(200);
    expect(await server.app.get(ChainOutbox).settled()).toBe(true);
    await until(
      'the stablecoin lines paid',
      async () => (await owner.get(url)).body,
      (body) => (body.lines as Line[]).filter((l) => l.payment.status === 'paid').length === 2,
    );
    const requested = (await server.eventStore.readAll({ streamPrefixes: ['chain-tx-'] })).filter(
      (e) => e.type === 'ChainTransactionRequested' && (e.data as { txId: string }).txId === 'c31337-stablecoin',
    );
    expect(requested).toHaveLength(1);
    expect(await server.chain!.balanceOf(stablecoinOf(server.app.get(ChainOutbox).state)!, server.chain!.signer)).toBe(
      0n,
    );
    const holdings = await server.app.get(TokenViews).stablecoinHoldings();
    for (const h of holdings) expect(h.onChain).toBe(h.expected);
  });

  it('a paid holder sells to another by delivery versus payment: the coin the sale paid counts, and health stays ok', async () => {
    const [seller, buyer] = investors as [Api & { user: { id: string } }, Api & { user: { id: string } }];
    const proposed = await seller.post('/api/transfers', {
      assetId,
      toInvestorId: buyer.user.id,
      tokens: 10,
      pricePerToken: '1.00',
    });
    expect(proposed.status).toBe(201);
    const id = proposed.body.id as string;
    expect((await buyer.post(`/api/transfers/${id}/accept`)).status).toBe(200);
    expect((await owner.post(`/api/transfers/${id}/approve`)).status).toBe(200);
    const outbox = server.app.get(ChainOutbox);
    expect(await outbox.settled(120_000)).toBe(true);
    await until(
      'the transfer settled',
      async () => (await seller.get(`/api/transfers/${id}`)).body.status,
      (status) => status === 'settled',
    );
    const holdings = await server.app.get(TokenViews).stablecoinHoldings();
    const sellerWallet = outbox.state.wallets.get(seller.user.id)!.toLowerCase();
    const paidLines = holdings.find((h) => h.wallet === sellerWallet)!;
    for (const h of holdings) expect(h.onChain).toBe(h.expected);
    expect(paidLines.onChain).toBeGreaterThan(1_000); // their paid lines and the sale's NZD 10.00
    const health = await until(
      'health read after the sale',
      async () => (await server.ops.get('/api/health')).body,
      (body) => body.chain.pending === 0,
    );
    expect(health).toMatchObject({ status: 'ok', chain: { stablecoinDrift: 0 } });
  });

  it('with a configured coin (a real network): refused while the platform wallet holds too little, then paid from it without a mint', async () => {
    const outbox = server.app.get(ChainOutbox);
    const coin = stablecoinOf(outbox.state)!;
    // As on a real network: the coin is configuration, and the platform's signer holds what it pays out.
    const config = server.app.get<symbol, Config>(CONFIG);
    config.chain.stablecoinAddress = coin;
    try {
      const declared = await owner.post(`/api/assets/${assetId}/distributions`, {
        kind: 'rent',
        amount: '100.00',
        recordDate: today,
        paymentDate: today,
      });
      const id = declared.body.id as string;
      const url = `/api/assets/${assetId}/distributions/${id}`;
      expect((await admin.post(`/api/admin/distributions/${id}/approve`)).status).toBe(200);
      expect(
        (await owner.post(`${url}/fund`, { number: '4242424242424242', expiry: '12/34', cvc: '123' })).status,
      ).toBe(200);
      const lines = (await owner.get(url)).body.lines as Line[];
      const needed = lines
        .filter((l) => l.holderKind === 'platform')
        .reduce((sum, l) => sum + Math.round(Number(l.net) * 100), 0);
      const refused = await admin.post(`/api/admin/distributions/${id}/pay`);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(
        M.stablecoinShort(`${Math.floor(needed / 100)}.${String(needed % 100).padStart(2, '0')}`, '0.00'),
      );
      expect((await owner.get(url)).body.status).toBe('funded');

      // Operations top the platform wallet up (here the test coin's owner mints to it), and the run goes.
      await server.chain!.send({ op: 'mint', token: coin, to: server.chain!.signer, amount: BigInt(needed) });
      expect((await admin.post(`/api/admin/distributions/${id}/pay`)).status).toBe(200);
      expect(await outbox.settled()).toBe(true);
      await until(
        'the stablecoin lines paid',
        async () => (await owner.get(url)).body,
        (body) => (body.lines as Line[]).filter((l) => l.payment.status === 'paid').length === 2,
      );
      const requested = (await server.eventStore.readAll({ streamPrefixes: ['chain-tx-'] }))
        .filter((e) => e.type === 'ChainTransactionRequested')
        .map((e) => (e.data as { txId: string }).txId)
        .filter((txId) => txId.includes(id));
      expect(requested.sort()).toEqual([`c31337-dist-${id}-line-1`, `c31337-dist-${id}-line-2`]);
      expect(await server.chain!.balanceOf(coin, server.chain!.signer)).toBe(0n);
      for (const h of await server.app.get(TokenViews).stablecoinHoldings()) expect(h.onChain).toBe(h.expected);
    } finally {
      config.chain.stablecoinAddress = null;
    }
  });

  it('a holder’s wallet recovered after the record moment: what the lost wallet held then is still theirs, and the run agrees', async () => {
    const outbox = server.app.get(ChainOutbox);
    const holder = investors[0]!.user.id;
    const lost = outbox.state.wallets.get(holder)!;
    const id = await fundedDistribution(owner, admin, assetId);
    // After the record moment the holder's custody wallet is recovered (four eyes): its tokens move to a new one.
    const second = await signUp(server, { admin: true });
    const reason = 'Passport and live video call re-verified by the compliance team';
    const asked = await admin.post('/api/admin/wallet-recoveries', { personId: holder, reason });
    expect(asked.status).toBe(201);
    const approved = await second.post(`/api/admin/wallet-recoveries/${asked.body.id}/approve`, {});
    expect(approved.status).toBe(201);
    expect(await outbox.settled()).toBe(true);
    expect(outbox.state.wallets.get(holder)).not.toBe(lost);

    const paid = await admin.post(`/api/admin/distributions/${id}/pay`);
    expect([paid.status, paid.body.message]).toEqual([200, undefined]);
    const check = (await owner.get(`/api/assets/${assetId}/distributions/${id}`)).body.recordCheck;
    expect(check).toMatchObject({ blockNumber: expect.any(Number) });
  });

  // Last: it moves the node's clock ahead of the wall clock.
  it('drift at the record date stops the run, though the chain agrees with the register again by then', async () => {
    const outbox = server.app.get(ChainOutbox);
    // The run before it leaves its payments on their way: a declaration for today waits for them, for a while only
    // (on a loaded machine it could be refused as settling, which is not what this is about).
    expect(await outbox.settled(120_000)).toBe(true);
    const token = (await server.app.get(TokenViews).token(assetId))!.tokenAddress as Address;
    const [a, b] = investors.map((i) => outbox.state.wallets.get(i.user.id)! as Address);
    // Someone moves 10 tokens between two holders on chain, behind the register's back…
    await server.chain!.send({ op: 'forced-transfer', token, from: a!, to: b!, amount: 10n });
    const declared = await owner.post(`/api/assets/${assetId}/distributions`, {
      kind: 'rent',
      amount: '50.00',
      recordDate: today,
      paymentDate: today,
    });
    expect([declared.status, declared.body.message]).toEqual([201, undefined]);
    const id = declared.body.id as string;
    const url = `/api/assets/${assetId}/distributions/${id}`;
    // …and back, after the record moment (a later block: the node's clock moves on first).
    await (server.chain as ViemChain).increaseTime(2);
    await server.chain!.send({ op: 'forced-transfer', token, from: b!, to: a!, amount: 10n });
    expect((await admin.post(`/api/admin/distributions/${id}/approve`)).status).toBe(200);
    expect((await owner.post(`${url}/fund`, { number: '4242424242424242', expiry: '12/34', cvc: '123' })).status).toBe(
      200,
    );
    const refused = await admin.post(`/api/admin/distributions/${id}/pay`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      /end of the record date \(block \d+\) differ from the register’s holders for 2/,
    );
    expect(refused.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(
      investors.map((i) => `holder.${i.user.id}`).sort(),
    );
    const after = (await owner.get(url)).body;
    expect(after).toMatchObject({ status: 'funded', recordCheck: null });
    expect(
      (await server.eventStore.readStream(`distribution-${id}`)).some(
        (e) => e.type === 'DistributionEntitlementsChecked',
      ),
    ).toBe(false);
  });
  it('declared for today while an investment is still on its way to the chain: refused while it cannot arrive, and declared the moment it has, the run finds the chain agreeing', async () => {
    const chain = server.chain as ViemChain;
    expect(await server.app.get(ChainOutbox).settled()).toBe(true);
    const form = { kind: 'interest', amount: '100.00', recordDate: today, paymentDate: today };
    const before = (await server.eventStore.readAll({ streamPrefixes: ['distribution-'] })).length;
    // The node mines nothing: the investment's transfer waits in its pool.
    await chain.automine(false);
    try {
      await confirmedPurchase(investors[1]!, offeringId, 5);
      const refused = await owner.post(`/api/assets/${assetId}/distributions`, form);
      expect([refused.status, refused.body.message]).toEqual([409, M.chainSettling]);
      expect(await server.eventStore.readAll({ streamPrefixes: ['distribution-'] })).toHaveLength(before);
    } finally {
      await chain.automine(true);
    }
    // Declared straight after another investment: it waits the moment the chain takes, and its check agrees.
    await confirmedPurchase(investors[1]!, offeringId, 5);
    const id = await fundedDistribution(owner, admin, assetId);
    const paid = await admin.post(`/api/admin/distributions/${id}/pay`);
    expect([paid.status, paid.body.message]).toEqual([200, undefined]);
  });
});
