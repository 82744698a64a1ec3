/**
 * Crash test for the stablecoin payment of a distribution (issue 31): the built app on one data folder, with its
 * embedded chain, pays a distribution's wallet lines through the chain outbox and is killed with SIGKILL twice
 * while it does — once as the first lines are paid, once just after the restart — and restarted each time. In the end
 * every holder was paid exactly once: one transfer requested, submitted and confirmed per line, one
 * `StablecoinPaymentConfirmed` per line, one Transfer of the coin on chain per line (plus the mint), each wallet's
 * balance equal to its line's net, and the distribution paid.
 */
import { join } from 'node:path';
import type { Address } from 'viem';
import { PgliteEventStore } from './platform/event-store/pglite-event-store.js';
import { nzDate } from './platform/nz-time.js';
import { chainDataFolder, crashTestApp, readLeftChain } from './testing/built-app.js';
import * as offerings from './testing/offerings.js';
import { noncesByTransaction } from './testing/chain-nonces.js';

const HOLDERS = 12;

describe('stablecoin crash test: SIGKILL during a distribution’s payment, restart, every holder paid exactly once', () => {
  const folder = chainDataFolder('kauri-coin-crash');

  it('pays every wallet line once across two kills', async () => {
    const app = await crashTestApp(folder, { offering: { tokens: 5_000, lockupPeriod: 0 } });
    const { server, admin, owner, assetId } = app;
    for (let n = 0; n < HOLDERS; n++) {
      const investor = await offerings.verifiedInvestor(server(), admin);
      const invested = await investor.post('/api/invest', {
        offeringId: app.offeringId,
        tokensRequested: 10 + 7 * n,
        investmentAmount: (10 + 7 * n) * 10,
      });
      expect(invested.body).toMatchObject({ status: 'confirmed' });
    }
    await app.settled();

    const today = nzDate(new Date());
    const declared = await owner.post(`/api/assets/${assetId}/distributions`, {
      kind: 'dividend',
      amount: '12345.67',
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
    const paidLines = async () => {
      const res = await owner.get(url).catch(() => null);
      return res?.status === 200
        ? (res.body.lines as { payment: { status: string } }[]).filter((l) => l.payment.status === 'paid').length
        : -1;
    };

    // Kill 1: as the payment run goes — once the first line is recorded paid (or after 3 s).
    expect((await admin.post(`/api/admin/distributions/${id}/pay`)).status).toBe(200);
    for (let i = 0; i < 300 && (await paidLines()) < 1; i++) await new Promise((r) => setTimeout(r, 10));
    const beforeFirstKill = await paidLines();
    await app.kill();
    // Kill 2: after the restart, as soon as it has recorded one more line paid (or after 5 s), while it settles
    // what the first left and sends the rest.
    await app.restart();
    for (let i = 0; i < 500 && (await paidLines()) <= beforeFirstKill; i++) await new Promise((r) => setTimeout(r, 10));
    const beforeSecondKill = await paidLines();
    await app.kill();
    await app.restart();

    let status = '';
    for (let i = 0; i < 600 && status !== 'paid'; i++) {
      await new Promise((r) => setTimeout(r, 200));
      status = (await owner.get(url)).body.status;
    }
    expect(status).toBe('paid');
    await app.settled();
    await app.stop();

    const store = await PgliteEventStore.open({ dataDir: join(folder.path, 'events') });
    const chainEvents = await store.readAll({ streamPrefixes: ['chain-tx-'], maxCount: 100_000 });
    const distribution = await store.readStream(`distribution-${id}`);
    await store.close();
    const started = distribution.find((e) => e.type === 'DistributionPaymentStarted')!.data as {
      methods: { line: number; method: string; wallet: string | null; net: number }[];
    };
    const wallets = started.methods.filter((m) => m.method === 'stablecoin');
    expect(wallets).toHaveLength(HOLDERS);
    // One transaction per line, requested, submitted and confirmed once each.
    const byTx = new Map<string, string[]>();
    for (const e of chainEvents) byTx.set(e.streamId, [...(byTx.get(e.streamId) ?? []), e.type]);
    for (const m of wallets)
      expect(byTx.get(`chain-tx-c31337-dist-${id}-line-${m.line}`)).toEqual([
        'ChainTransactionRequested',
        'ChainTransactionSubmitted',
        'ChainTransactionConfirmed',
      ]);
    // One nonce per chain transaction (a batch's members share its hash and nonce).
    const { hashes, pairs } = noncesByTransaction(chainEvents);
    expect(pairs).toBe(hashes);
    // One payment recorded per line, then the distribution paid, once.
    const recorded = distribution
      .filter((e) => e.type === 'StablecoinPaymentConfirmed')
      .map((e) => (e.data as any).line);
    expect([...recorded].sort((a, b) => a - b)).toEqual(wallets.map((m) => m.line));
    expect(distribution.filter((e) => e.type === 'DistributionPaid')).toHaveLength(1);

    // On the chain itself: the mint and one Transfer per line, each wallet holding exactly its line's net.
    const coin = (
      chainEvents.find(
        (e) => e.type === 'ChainTransactionConfirmed' && (e.data as { txId: string }).txId === 'c31337-stablecoin',
      )!.data as { contractAddress: Address }
    ).contractAddress;
    await readLeftChain(folder.path, async (reader) => {
      const logs = await reader.transfers([coin], 0n, await reader.head());
      expect(logs).toHaveLength(HOLDERS + 1);
      for (const m of wallets) {
        const to = logs.filter((l) => l.to.toLowerCase() === m.wallet!.toLowerCase());
        expect(to.map((l) => l.value)).toEqual([BigInt(m.net)]);
        expect(await reader.balanceOf(coin, m.wallet as Address)).toBe(BigInt(m.net));
      }
    });
    console.log(
      `stablecoin crash test: ${HOLDERS} lines; ${beforeFirstKill} paid at the first kill, ${beforeSecondKill} at the second; each paid once`,
    );
  }, 300_000);
});
