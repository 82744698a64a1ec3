/**
 * Crash test for transfers between investors (issue 32): the built app on one data folder, with its embedded chain,
 * settles several approved transfers by delivery versus payment through the chain outbox and is killed with SIGKILL
 * twice while it does — once as the first settles, once just after the restart — and restarted each time. In the end
 * every transfer is settled exactly once: each DvP step requested, submitted and confirmed once, one
 * `TransferSettled` and one register `TokensTransferred` per transfer, and on chain one take per transfer whose
 * transaction holds both the token's and the coin's Transfer log.
 */
import { join } from 'node:path';
import type { Address } from 'viem';
import { PgliteEventStore } from './platform/event-store/pglite-event-store.js';
import { chainDataFolder, crashTestApp, readLeftChain } from './testing/built-app.js';
import * as offerings from './testing/offerings.js';
import type { Api } from './testing/api.js';
import { noncesByTransaction } from './testing/chain-nonces.js';

const TRANSFERS = 4;
const STEPS = ['fund', 'seller-allow', 'buyer-allow', 'initiate', 'take'];

describe('transfer crash test: SIGKILL during DvP settlement, restart, every transfer settled exactly once', () => {
  const folder = chainDataFolder('kauri-transfer-crash');

  it('settles every transfer once across two kills', async () => {
    const app = await crashTestApp(folder, { offering: { tokens: 5_000, lockupPeriod: 0 } });
    const { server, admin, owner, assetId } = app;
    const seller = await offerings.verifiedInvestor(server(), admin);
    app.follow(seller);
    const invested = await seller.post('/api/invest', {
      offeringId: app.offeringId,
      tokensRequested: 400,
      investmentAmount: 4000,
    });
    expect(invested.body).toMatchObject({ status: 'confirmed' });
    const buyers: Api[] = [];
    for (let n = 0; n < TRANSFERS; n++) buyers.push(await offerings.verifiedInvestor(server(), admin));
    app.follow(...buyers);
    await app.settled(600);

    const ids: string[] = [];
    for (const [n, buyer] of buyers.entries()) {
      const proposed = await seller.post('/api/transfers', {
        assetId,
        toInvestorId: (buyer as unknown as { user: { id: string } }).user.id,
        tokens: 10 + n,
        pricePerToken: '12.34',
      });
      expect(proposed.status).toBe(201);
      ids.push(proposed.body.id as string);
      expect((await buyer.post(`/api/transfers/${proposed.body.id}/accept`)).body.status).toBe('accepted');
    }
    const settledCount = async () => {
      const res = await seller.get('/api/transfers').catch(() => null);
      return res?.status === 200
        ? (res.body.transfers as { status: string }[]).filter((t) => t.status === 'settled').length
        : -1;
    };

    // Kill 1: as settlement goes — once the first transfer settles (or after 3 s).
    for (const id of ids) expect((await owner.post(`/api/transfers/${id}/approve`)).body.status).toBe('approved');
    for (let i = 0; i < 300 && (await settledCount()) < 1; i++) await new Promise((r) => setTimeout(r, 10));
    const beforeFirstKill = await settledCount();
    await app.kill();
    // Kill 2: after the restart, as soon as one more settles (or after 5 s).
    await app.restart();
    for (let i = 0; i < 500 && (await settledCount()) <= beforeFirstKill; i++)
      await new Promise((r) => setTimeout(r, 10));
    const beforeSecondKill = await settledCount();
    await app.kill();
    await app.restart();

    let settled = 0;
    for (let i = 0; i < 900 && settled < TRANSFERS; i++) {
      await new Promise((r) => setTimeout(r, 200));
      settled = await settledCount();
    }
    expect(settled).toBe(TRANSFERS);
    await app.settled(600);
    await app.stop();

    const store = await PgliteEventStore.open({ dataDir: join(folder.path, 'events') });
    const chainEvents = await store.readAll({ streamPrefixes: ['chain-tx-'], maxCount: 100_000 });
    const register = (await store.readStream(`asset-${assetId}`)).filter((e) => e.type === 'TokensTransferred');
    const streams = await Promise.all(ids.map((id) => store.readStream(`transfer-${id}`)));
    await store.close();
    const byTx = new Map<string, string[]>();
    for (const e of chainEvents) byTx.set(e.streamId, [...(byTx.get(e.streamId) ?? []), e.type]);
    const takes = new Map<string, string>();
    for (const [n, id] of ids.entries()) {
      for (const step of STEPS)
        expect(byTx.get(`chain-tx-c31337-xfer-${id}-${step}`)).toEqual([
          'ChainTransactionRequested',
          'ChainTransactionSubmitted',
          'ChainTransactionConfirmed',
        ]);
      const events = streams[n]!.map((e) => e.type);
      expect(events.filter((t) => t === 'TransferSettled')).toHaveLength(1);
      const hash = (streams[n]!.find((e) => e.type === 'TransferSettled')!.data as { txHash: string }).txHash;
      takes.set(id, hash);
      expect(register.filter((e) => (e.data as { transferId: string }).transferId === id)).toHaveLength(1);
    }
    // One nonce per chain transaction (a batch's members share its hash and nonce).
    const { hashes, pairs } = noncesByTransaction(chainEvents);
    expect(pairs).toBe(hashes);

    // On the chain: each take moved the tokens and the coin in its one transaction.
    const confirmed = (txId: string) =>
      chainEvents.find((e) => e.type === 'ChainTransactionConfirmed' && (e.data as { txId: string }).txId === txId)!
        .data as { contractAddress: Address; suite: { token: Address } | null };
    const coin = confirmed('c31337-stablecoin').contractAddress;
    const token = confirmed(`c31337-suite-${assetId}`).suite!.token;
    await readLeftChain(folder.path, async (reader) => {
      const logs = await reader.transfers([token, coin], 0n, await reader.head());
      for (const [n, id] of ids.entries()) {
        const inTake = logs.filter((l) => l.txHash === takes.get(id));
        expect(inTake.map((l) => [l.token.toLowerCase(), l.value]).sort()).toEqual(
          [
            [token.toLowerCase(), BigInt(10 + n)],
            [coin.toLowerCase(), BigInt((10 + n) * 1234)],
          ].sort(),
        );
      }
    });
    console.log(
      `transfer crash test: ${TRANSFERS} transfers; ${beforeFirstKill} settled at the first kill, ${beforeSecondKill} at the second; each settled once`,
    );
  }, 600_000);
});
