/**
 * Crash test for a batch of the chain outbox (issue 33): the built app on one data folder, with its embedded chain,
 * sends the transfers of concurrent investments as one `batchForcedTransfer`; it is killed with SIGKILL once that
 * batch is signed, recorded and broadcast but before its receipt (the node's automatic mining is off, so the batch
 * waits in its pool), and restarted. The restarted app settles the batch from its record — the same signed bytes sent
 * again, or its receipt — so every holding is settled exactly once: each member requested, submitted and confirmed
 * once with the batch's hash, one Transfer on chain per confirmed investment, on-chain balances equal to the
 * register (drift 0).
 */
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { toFunctionSelector, type Address } from 'viem';
import { PgliteEventStore } from './platform/event-store/pglite-event-store.js';
import { chainDataFolder, crashTestApp, readLeftChain } from './testing/built-app.js';
import * as offerings from './testing/offerings.js';
import type { Api } from './testing/api.js';

const BATCH_FORCED_TRANSFER = toFunctionSelector('batchForcedTransfer(address[],address[],uint256[])');

/**
 * JSON-RPC to the app's embedded node, found through its pid file: the port it listens on is the one of its sockets
 * in LISTEN state (it was started on port 0).
 */
function nodeOf(folder: string) {
  const pid = readFileSync(join(folder, 'chain', 'anvil.pid'), 'utf8').trim();
  const inodes = new Set(
    readdirSync(`/proc/${pid}/fd`).flatMap((fd) => {
      try {
        return [/^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1]].filter(Boolean);
      } catch {
        return [];
      }
    }),
  );
  const listening = readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.trim().split(/\s+/))
    .find((cols) => cols[3] === '0A' && inodes.has(cols[9]!));
  if (!listening) throw new Error(`the node ${pid} listens on no port`);
  const url = `http://127.0.0.1:${Number.parseInt(listening[1]!.split(':')[1]!, 16)}`;
  return async <T>(method: string, params: unknown[] = []): Promise<T> => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const body = (await response.json()) as { result: T; error?: { message: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result;
  };
}

type Pool = { pending: Record<string, Record<string, { hash: string; input: string }>> };

describe('chain batch crash test: SIGKILL between a batch’s signing and its receipt, restart, every holding once', () => {
  const folder = chainDataFolder('kauri-batch-crash');

  it('settles the batch the killed app signed, each member exactly once', async () => {
    const app = await crashTestApp(folder);
    try {
      await crashAndSettle();
    } finally {
      await app.kill();
    }
    async function crashAndSettle() {
      const { server, admin, offeringId } = app;
      const investors: Api[] = [];
      for (let n = 0; n < 4; n++) investors.push(await offerings.verifiedInvestor(server(), admin));
      await app.settled();

      // The node mines only when told: what the outbox sends waits in its pool.
      const rpc = nodeOf(folder.path);
      await rpc('evm_setAutomine', [false]);
      const count = 16;
      const invested = await Promise.all(
        Array.from({ length: count }, (_, n) =>
          investors[n % investors.length]!.post('/api/invest', {
            offeringId,
            tokensRequested: 2,
            investmentAmount: 20,
          }),
        ),
      );
      expect(invested.map((r) => r.status)).toEqual(invested.map(() => 201));
      // Single transactions (the first transfer of a quiet outbox goes alone, its lock-up after it) are mined one by
      // one; once a batch of transfers is in the pool — signed, recorded and broadcast — the app is killed.
      let batch: { hash: string; input: string } | null = null;
      for (let i = 0; i < 600 && !batch; i++) {
        const pool = await rpc<Pool>('txpool_content');
        const pending = Object.values(pool.pending).flatMap((byNonce) => Object.values(byNonce));
        batch = pending.find((tx) => tx.input.startsWith(BATCH_FORCED_TRANSFER)) ?? null;
        if (!batch && pending.length > 0) await rpc('evm_mine');
        else if (!batch) await new Promise((r) => setTimeout(r, 50));
      }
      expect(batch).not.toBeNull();
      await app.kill();

      // The restart (its node mines again) settles the batch from its record, then everything else.
      await app.restart();
      await app.settled();
      await app.stop();

      const store = await PgliteEventStore.open({ dataDir: join(folder.path, 'events') });
      const events = await store.readAll({ streamPrefixes: ['chain-tx-', 'chain-batch-'], maxCount: 100_000 });
      const confirmedInvestments = (await store.readAll({ eventTypes: ['InvestmentConfirmed'], maxCount: 100_000 }))
        .length;
      await store.close();
      expect(confirmedInvestments).toBe(count);
      const batches = events.filter((e) => e.type === 'ChainBatchSubmitted') as unknown as {
        data: { txIds: string[]; txHash: string; nonce: number };
      }[];
      const killed = batches.find((b) => b.data.txHash === batch!.hash);
      expect(killed).toBeDefined();
      expect(killed!.data.txIds.length).toBeGreaterThan(1);
      // Every transaction: requested, submitted and confirmed, once each.
      const byTx = new Map<string, { type: string; data: { txHash?: string } }[]>();
      for (const e of events)
        if (e.streamId.startsWith('chain-tx-'))
          byTx.set(e.streamId, [...(byTx.get(e.streamId) ?? []), e as { type: string; data: { txHash?: string } }]);
      for (const [tx, list] of byTx)
        expect({ tx, types: list.map((e) => e.type) }).toEqual({
          tx,
          types: ['ChainTransactionRequested', 'ChainTransactionSubmitted', 'ChainTransactionConfirmed'],
        });
      // The killed batch's members were confirmed with its hash: the bytes it signed, not a second send.
      for (const txId of killed!.data.txIds)
        expect(byTx.get(`chain-tx-${txId}`)!.map((e) => e.data.txHash)).toEqual([undefined, batch!.hash, batch!.hash]);
      // One nonce per chain transaction (a batch's members share theirs).
      const sends = new Map<string, number>();
      for (const e of events)
        if (e.type === 'ChainTransactionSubmitted' || e.type === 'ChainBatchSubmitted') {
          const d = e.data as { txHash: string; nonce: number };
          sends.set(d.txHash, d.nonce);
        }
      expect(new Set(sends.values()).size).toBe(sends.size);

      // On the chain: one Transfer per confirmed investment (plus the mint), the killed batch's all in its transaction.
      await readLeftChain(folder.path, async (reader) => {
        const suite = events.find(
          (e) => e.type === 'ChainTransactionConfirmed' && (e.data as { suite: unknown }).suite,
        )!.data as { suite: { token: Address } };
        const logs = await reader.transfers([suite.suite.token], 0n, await reader.head());
        expect(logs).toHaveLength(confirmedInvestments + 1);
        const members = killed!.data.txIds.filter((txId) => txId.includes('-transfer-')).length;
        expect(logs.filter((l) => l.txHash === batch!.hash)).toHaveLength(members);
      });
      console.log(
        `chain batch crash test: a batch of ${killed!.data.txIds.length} killed before its receipt, ${confirmedInvestments} investments settled once, ${sends.size} chain transactions`,
      );
    }
  }, 300_000);
});
