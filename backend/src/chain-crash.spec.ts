/**
 * Crash test for the chain outbox: the built app on one data folder, with its embedded chain, is killed with
 * SIGKILL twice while it sends the transactions of concurrent investments, and restarted each time. In the end
 * every requested transaction was submitted once and confirmed once, no nonce was used twice, the chain holds
 * exactly one Transfer per confirmed transfer (several in one chain transaction when they went as a batch), and on-chain balances equal the register (drift 0).
 */
import { join } from 'node:path';
import type { Address } from 'viem';
import { PgliteEventStore } from './platform/event-store/pglite-event-store.js';
import { chainDataFolder, crashTestApp, readLeftChain, runTool } from './testing/built-app.js';
import * as offerings from './testing/offerings.js';
import type { Api } from './testing/api.js';
import { noncesByTransaction } from './testing/chain-nonces.js';

describe('chain outbox crash test: SIGKILL during chain sends, restart, every transaction exactly once', () => {
  const folder = chainDataFolder('kauri-chain-crash');

  it('settles every transaction once across two kills', async () => {
    const app = await crashTestApp(folder);
    const { server, admin, offeringId } = app;
    const investors: Api[] = [];
    for (let n = 0; n < 4; n++) investors.push(await offerings.verifiedInvestor(server(), admin));
    app.follow(...investors);
    let acknowledged = 0;

    for (let kill = 0; kill < 2; kill++) {
      // Investments keep arriving while the chain outbox sends; the kill lands mid-way — once the first of this
      // round is acknowledged (a fixed delay alone killed before any answer on a busy machine), a moment later.
      let firstAcknowledged: () => void = () => {};
      const acknowledgedOnce = new Promise<void>((resolve) => {
        firstAcknowledged = resolve;
      });
      const sends = Array.from({ length: 30 }, (_, n) =>
        investors[n % investors.length]!.post('/api/invest', { offeringId, tokensRequested: 2, investmentAmount: 20 })
          .then((r) => {
            if (r.status !== 201) return;
            acknowledged++;
            firstAcknowledged();
          })
          .catch(() => null),
      );
      await Promise.race([acknowledgedOnce, Promise.all(sends)]);
      await new Promise((r) => setTimeout(r, 100 + kill * 200));
      await app.kill();
      await Promise.all(sends);
      await app.restart();
    }
    expect(acknowledged).toBeGreaterThan(0);

    // The restarted app settles what the killed ones left: nothing pending, no drift.
    await app.settled();
    // The operator's check says the same through the running app (exit 0: no drift).
    const reconcile = await runTool('chain', ['reconcile'], folder.path);
    expect({ status: reconcile.status, out: reconcile.stdout }).toEqual({
      status: 0,
      out: expect.stringContaining('drift 0, pending 0'),
    });
    // The outbox's fold through the running app: live, sending, no lag.
    const status = await runTool('chain', ['status'], folder.path);
    expect({ status: status.status, out: status.stdout }).toEqual({
      status: 0,
      out: expect.stringMatching(/through the running app[\s\S]*live/),
    });
    // A rebuild through it: folded from 0 in the background, followed to its outcome, the same fold.
    const rebuiltLive = await runTool('chain', ['rebuild'], folder.path);
    expect({ status: rebuiltLive.status, out: rebuiltLive.stdout }).toEqual({
      status: 0,
      out: expect.stringMatching(/through the running app[\s\S]*the fold it replaced agreed/),
    });
    await app.stop();
    // Stopped, the app wrote its fold's snapshot: the stored one is at the log's last flow event (lag 0).
    const stored = await runTool('chain', ['status'], folder.path);
    expect({ status: stored.status, out: stored.stdout }).toEqual({
      status: 0,
      out: expect.stringMatching(/standalone[\s\S]*snapshot at position \d+ .*lag 0/),
    });
    // A rebuild without the app (which it boots here): folded from 0, it agrees with the snapshot's fold.
    const rebuilt = await runTool('chain', ['rebuild'], folder.path);
    expect({ status: rebuilt.status, out: rebuilt.stdout }).toEqual({
      status: 0,
      out: expect.stringContaining('the fold it replaced agreed'),
    });

    const store = await PgliteEventStore.open({ dataDir: join(folder.path, 'events') });
    const events = await store.readAll({ streamPrefixes: ['chain-tx-'], maxCount: 100_000 });
    const confirmedInvestments = (await store.readAll({ eventTypes: ['InvestmentConfirmed'], maxCount: 100_000 }))
      .length;
    await store.close();
    const byTx = new Map<string, string[]>();
    for (const e of events) byTx.set(e.streamId, [...(byTx.get(e.streamId) ?? []), e.type]);
    for (const [tx, types] of byTx)
      expect({ tx, types }).toEqual({
        tx,
        types: ['ChainTransactionRequested', 'ChainTransactionSubmitted', 'ChainTransactionConfirmed'],
      });
    const submitted = events.filter((e) => e.type === 'ChainTransactionSubmitted');
    // One nonce per chain transaction (a batch's members share its hash and nonce).
    const { hashes, pairs } = noncesByTransaction(submitted);
    expect(pairs).toBe(hashes);
    const transfers = events.filter(
      (e) => e.type === 'ChainTransactionRequested' && (e.data as any).intent.kind === 'forced-transfer',
    );
    expect(transfers).toHaveLength(confirmedInvestments);

    // On the chain itself (its state as the app left it): one Transfer per confirmed transfer, plus the mint.
    await readLeftChain(folder.path, async (reader) => {
      const suite = events.find((e) => e.type === 'ChainTransactionConfirmed' && (e.data as { suite: unknown }).suite)!
        .data as { suite: { token: Address } };
      const logs = await reader.transfers([suite.suite.token], 0n, await reader.head());
      expect(logs).toHaveLength(confirmedInvestments + 1);
      // Each chain transaction moved exactly what was confirmed under its hash: one Transfer per transfer it carries
      // (a batch carries several, issue 33), plus the mint's.
      const carried = new Map<string, number>();
      for (const e of events)
        if (e.type === 'ChainTransactionConfirmed' && /-(transfer|mint)-/.test((e.data as { txId: string }).txId)) {
          const hash = (e.data as { txHash: string }).txHash;
          carried.set(hash, (carried.get(hash) ?? 0) + 1);
        }
      const moved = new Map<string, number>();
      for (const l of logs) moved.set(l.txHash, (moved.get(l.txHash) ?? 0) + 1);
      expect(moved).toEqual(carried);
    });
    console.log(
      `chain crash test: 2 kills, ${acknowledged} investments acknowledged, ${confirmedInvestments} confirmed, ${submitted.length} chain transactions each sent once`,
    );
  }, 300_000);
});
