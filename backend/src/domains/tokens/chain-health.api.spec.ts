/**
 * Health that tells the truth about the chain (issue 27), on the real app with its embedded node: transfers stuck
 * beyond CHAIN_PENDING_BOUND_SECONDS make it degraded, naming them and the drift; a node that dies is named, restarted
 * by the app from its state file, and a purchase made while it was down reaches the chain afterwards.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Address } from 'viem';
import type { ViemChain } from '../../platform/chain/viem-chain.js';
import type { Api, ApiResponse } from '../../testing/api.js';
import { startTestServer } from '../../testing/api.js';
import * as offerings from '../../testing/offerings.js';
import { signUp } from '../../testing/users.js';
import { ChainOutbox } from './chain-outbox.js';

interface Health {
  status: 'ok' | 'degraded';
  ready: boolean;
  reasons: string[];
  chain: { ok: boolean; drift: number | null; pending: number | null; node?: { pid: number | null; restarts: number } };
}

describe('chain health and the embedded node', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let admin: Api;
  let investor: Api;
  let offeringId: string;
  let assetId: string;
  beforeAll(async () => {
    server = await startTestServer({
      env: { CHAIN: 'anvil', AUTH_RATE_LIMIT_PER_IP: '1000', CHAIN_PENDING_BOUND_SECONDS: '1' },
    });
    admin = await signUp(server, { admin: true });
    ({ offeringId, assetId } = await offerings.offeringFor(server, admin, 1000, '10.00'));
    investor = await offerings.verifiedInvestor(server, admin);
    expect(await server.app.get(ChainOutbox).settled()).toBe(true);
  }, 120_000);
  afterAll(() => server.close());

  /** Polls /api/health until `until` holds (at most 60 s), answering the last response. */
  async function healthWhen(until: (h: ApiResponse<Health>) => boolean): Promise<ApiResponse<Health>> {
    let health = await server.ops.get('/api/health');
    for (let i = 0; i < 1200 && !until(health); i++) {
      await new Promise((r) => setTimeout(r, 50));
      health = await server.ops.get('/api/health');
    }
    return health;
  }

  const invest = async (tokens: number) =>
    expect(
      (await investor.post('/api/invest', { offeringId, tokensRequested: tokens, investmentAmount: tokens * 10 }))
        .status,
    ).toBe(201);

  it('is degraded while transfers wait beyond the bound, naming them and the drift; ok once they settle', async () => {
    expect((await server.ops.get('/api/health')).body).toMatchObject({ status: 'ok', ready: true, reasons: [] });
    const chain = server.chain as ViemChain;
    // A node that stops mining: the transfer is sent and waits in its pool.
    await chain.automine(false);
    await invest(4);
    const stuck = await healthWhen((h) => h.body.reasons.some((r) => r.includes('waited more than')));
    // Still serving: the replica is ready, only degraded.
    expect(stuck.status).toBe(200);
    expect(stuck.body).toMatchObject({ status: 'degraded', ready: true });
    expect(stuck.body.reasons).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^\d+ chain transactions? ha(s|ve) waited more than 1 second$/),
        expect.stringMatching(
          /^On-chain balances differ from the register by 8 tokens \(\d+ transactions? still pending\)$/,
        ),
      ]),
    );
    await chain.automine(true);
    const settled = await healthWhen((h) => h.body.status === 'ok');
    expect(settled.body).toMatchObject({ status: 'ok', ready: true, reasons: [], chain: { drift: 0, pending: 0 } });
  }, 120_000);

  it('restarts the node when it dies (degraded meanwhile), and a purchase made while it was down reaches the chain', async () => {
    const before = (await server.ops.get('/api/health')).body as Health;
    const pid = before.chain.node!.pid!;
    expect(before.chain.node).toEqual({ pid: expect.any(Number), restarts: 0 });
    // Let the node write its state once more after the last block (every 2 s): a SIGKILL loses what came after.
    const stateFile = join(server.config.dataDir, 'chain', 'state.json');
    const since = Date.now();
    // Whole, too: the time changes as the node starts writing, and a kill mid-write leaves the file cut short. A node
    // that has not written its first state yet has no file at all.
    const written = () => {
      const stat = statSync(stateFile, { throwIfNoEntry: false });
      if (!stat || stat.mtimeMs <= since) return false;
      try {
        JSON.parse(readFileSync(stateFile, 'utf8'));
        return true;
      } catch {
        return false;
      }
    };
    for (let i = 0; i < 200 && !written(); i++) await new Promise((r) => setTimeout(r, 50));

    process.kill(pid, 'SIGKILL');
    const down = await healthWhen((h) => !h.body.chain.ok);
    expect(down.status).toBe(200);
    expect(down.body).toMatchObject({ status: 'degraded', ready: true });
    expect(down.body.reasons[0]).toMatch(/^Chain node is not answering/);
    // While the node does not answer its drift is not known: not the last figure found, which read as all agreeing.
    expect(down.body.chain).toMatchObject({ drift: null, stablecoinDrift: null, pending: 0 });
    // Bought while the node is down: recorded at once, sent when it is back.
    await invest(3);

    const back = await healthWhen(
      (h) => h.body.status === 'ok' && (h.body.chain.node?.restarts ?? 0) >= 1 && h.body.chain.pending === 0,
    );
    expect(back.body).toMatchObject({ status: 'ok', reasons: [], chain: { ok: true, drift: 0, pending: 0 } });
    expect(back.body.chain.node!.pid).not.toBe(pid);
    const token = (await investor.get(`/api/assets/${assetId}/token`)).body as { tokenAddress: Address };
    const wallet = (await investor.get('/api/wallet')).body.address as Address;
    expect(await (server.chain as ViemChain).balanceOf(token.tokenAddress, wallet)).toBe(7n);
  }, 120_000);

  it('reads every balance again when the chain goes back (a node restarted from older state): a lost transfer is drift, until the outbox sends it again', async () => {
    const chain = server.chain as ViemChain;
    const rpc = async (method: string, params: unknown[] = []) =>
      (
        (await (
          await fetch(chain.url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
          })
        ).json()) as { result: unknown }
      ).result;
    const snapshot = await rpc('evm_snapshot');
    await invest(2);
    await healthWhen((h) => h.body.status === 'ok' && h.body.chain.pending === 0);
    // The blocks since the snapshot are gone, as the last seconds are when a killed node restarts from its state file.
    // Seen while nothing is sent (another replica's lease, say)…
    const outbox = server.app.get(ChainOutbox);
    await outbox.stopSending();
    await rpc('evm_revert', [snapshot]);
    const lost = await healthWhen((h) => (h.body.chain.drift ?? 0) > 0);
    expect(lost.body.reasons).toEqual(['On-chain balances differ from the register by 4 tokens']);
    // …and sent again from its recorded bytes once the sender runs: the chain agrees again.
    outbox.startSending();
    const again = await healthWhen((h) => h.body.status === 'ok' && h.body.chain.drift === 0);
    expect(again.body.chain).toMatchObject({ drift: 0, pending: 0 });
  }, 120_000);
});
