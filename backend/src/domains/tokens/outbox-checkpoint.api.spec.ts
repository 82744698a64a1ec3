/**
 * The chain outbox's checkpoint on the real app with its embedded chain, restarted on the same stores and chain
 * state: the fold resumes from its snapshot and reads only the events after it, the holdings still settle (an
 * investment whose intents were folded before the snapshot and recorded after the restart included), and a snapshot
 * of a stale version is ignored (folded from 0). Status and rebuild through the operations API, as the CLI uses it.
 */
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { type Api, TEST_APP_ENV } from '../../testing/api.js';
import { follow, restartableChainApp } from '../../testing/restarts.js';
import { CHAIN_STATE_LOADING } from '../../messages.js';
import * as offerings from '../../testing/offerings.js';
import { signUp } from '../../testing/users.js';
import { ChainOutbox, type ChainFlowStatus } from './chain-outbox.js';
import { FLOW_EVENT_TYPES, FLOW_SNAPSHOTS, type SnapshotHead } from './flow-checkpoint.js';
import { FLOW_VERSION } from './flow.js';

describe('chain outbox checkpoint across restarts', () => {
  // Restarted on the same log, read store, vault (the signer's key) and chain state.
  const kept = restartableChainApp('kauri-outbox-checkpoint-');
  const { dataDir, eventStore, readStore, vault } = kept;
  let server: Awaited<ReturnType<typeof kept.start>>;
  let admin: Api;
  let investor: Api;
  let offeringId: string;

  beforeAll(async () => {
    server = await kept.start();
    admin = await signUp(server, { admin: true });
    ({ offeringId } = await offerings.offeringFor(server, admin, 1000, '10.00'));
    investor = await offerings.verifiedInvestor(server, admin);
  }, 180_000);

  const ops = async <T>(method: 'GET' | 'POST', path = ''): Promise<T> => {
    const res = await fetch(`${server.url}/api/operations/chain-outbox${path}`, {
      method,
      headers: { authorization: `Ops ${server.opsToken}` },
    });
    expect(res.status).toBe(200);
    return (await res.json()) as T;
  };
  /** A rebuild through the operations API: started (202), followed in the status until its outcome. */
  const rebuildThroughOps = async () => {
    const res = await fetch(`${server.url}/api/operations/chain-outbox/rebuild`, {
      method: 'POST',
      headers: { authorization: `Ops ${server.opsToken}` },
    });
    expect(res.status).toBe(202);
    const { requestedAt } = (await res.json()) as { requestedAt: string };
    for (;;) {
      const status = await ops<ChainFlowStatus>('GET');
      if (!status.rebuilding && status.lastRebuild && status.lastRebuild.finishedAt >= requestedAt)
        return status.lastRebuild;
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  const invest = async (tokens: number) =>
    expect(
      (await investor.post('/api/invest', { offeringId, tokensRequested: tokens, investmentAmount: tokens * 10 }))
        .status,
    ).toBe(201);
  const restart = async () => {
    server = await kept.restart(admin, investor);
  };
  const flowEventsAfter = async (position: number) =>
    (await eventStore.readAll({ eventTypes: FLOW_EVENT_TYPES, fromPosition: position, maxCount: 1_000_000 })).length;
  const storedHead = () => readStore.collection<SnapshotHead>(FLOW_SNAPSHOTS).get(`c${server.chain!.chainId}`);
  /** Every holding of the investor is on chain as the register says, and nothing is pending or drifting. */
  const settledOnChain = async () => {
    const outbox = server.app.get(ChainOutbox);
    expect(await outbox.settled(90_000)).toBe(true);
    let chain = { ok: false, drift: -1, pending: -1 };
    for (let i = 0; i < 200 && !(chain.ok && chain.drift === 0 && chain.pending === 0); i++) {
      chain = (await server.ops.get('/api/health')).body.chain;
      if (!(chain.ok && chain.drift === 0 && chain.pending === 0)) await new Promise((r) => setTimeout(r, 100));
    }
    expect(chain).toMatchObject({ ok: true, drift: 0, pending: 0 });
    const { holdings } = (await investor.get('/api/holdings')).body;
    expect(holdings.length).toBeGreaterThan(0);
    for (const holding of holdings)
      expect({ balance: holding.onChainBalance, status: holding.chainTxStatus }).toEqual({
        balance: holding.onChainExpected,
        status: 'confirmed',
      });
    return holdings.length as number;
  };

  it('resumes from its snapshot, folds only the events after it, and settles an investment caught across the cut', async () => {
    await invest(5);
    expect(await settledOnChain()).toBe(1);
    const live = await ops<ChainFlowStatus>('GET');
    expect(live).toMatchObject({ enabled: true, folding: true, caughtUp: true, sending: true, lag: 0, resumedFrom: 0 });
    expect(live.position).toBe(server.app.get(ChainOutbox).state.position);
    // Operators only: the ops token or an admin.
    expect((await server.api.get('/api/operations/chain-outbox')).status).toBe(401);
    expect((await investor.post('/api/operations/chain-outbox/rebuild')).status).toBe(403);
    expect((await admin.get('/api/operations/chain-outbox')).body).toMatchObject({ sending: true });

    // The sender stops (as a replica losing its lease would); the fold goes on. An investment now is folded — its
    // transfer and lock-up are wanted — but nobody records them.
    const outbox = server.app.get(ChainOutbox);
    await outbox.stopSending();
    await invest(7);
    for (let i = 0; i < 250 && outbox.pending() < 2; i++) await new Promise((r) => setTimeout(r, 20));
    expect((await ops<ChainFlowStatus>('GET')).sending).toBe(false);
    expect(outbox.pending()).toBe(2);

    // A rebuild folds from 0, agrees with the running fold, and writes a snapshot — with those two intents in it.
    const rebuilt = await rebuildThroughOps();
    expect(rebuilt).toMatchObject({ outcome: 'swapped', agreed: true, events: await flowEventsAfter(0), error: null });
    const cut = (await storedHead())!;
    expect(cut).toMatchObject({ version: FLOW_VERSION, position: rebuilt.position });
    expect(server.app.get(ChainOutbox).pending()).toBe(2);
    // One more investment after the snapshot, while still nobody sends.
    await invest(3);

    await restart();
    const total = await flowEventsAfter(0);
    const holdings = await settledOnChain();
    expect(holdings).toBe(3);
    const resumed = await ops<ChainFlowStatus>('GET');
    expect(resumed).toMatchObject({ resumedFrom: cut.position, snapshotPosition: expect.any(Number), lag: 0 });
    // Exactly the events after the snapshot (those there at boot and those the outbox appended since), not the log.
    expect(resumed.eventsFolded).toBe(await flowEventsAfter(cut.position));
    expect(resumed.eventsFolded).toBeLessThan(total / 2);
  }, 300_000);

  it('ignores a snapshot of another version: folds from 0, still settled, and writes one of its own', async () => {
    await invest(4);
    await settledOnChain();
    await restart();
    const stored = (await storedHead())!;
    expect(stored.version).toBe(FLOW_VERSION);
    // A snapshot as an older evolve left it.
    await readStore.collection<SnapshotHead>(FLOW_SNAPSHOTS).upsert({ ...stored, version: FLOW_VERSION - 1 });

    await restart();
    const folded = await ops<ChainFlowStatus>('GET');
    expect(folded).toMatchObject({ resumedFrom: 0 });
    expect(await settledOnChain()).toBe(4);
    expect((await ops<ChainFlowStatus>('GET')).eventsFolded).toBe(await flowEventsAfter(0));

    // Stopping writes the snapshot anew (the sender's last word), in this version.
    await server.app.get(ChainOutbox).stopSending();
    expect(await storedHead()).toMatchObject({
      version: FLOW_VERSION,
      position: server.app.get(ChainOutbox).state.position,
    });

    // A rebuild pauses sending; whether it resumes after is what startSending / stopSending said meanwhile (the
    // job runner holding the sender's lease calls them).
    const outbox = server.app.get(ChainOutbox);
    outbox.startSending();
    const first = outbox.rebuild();
    await outbox.stopSending();
    expect((await first).agreed).toBe(true);
    expect((await outbox.status()).sending).toBe(false);
    const second = outbox.rebuild();
    outbox.startSending();
    expect((await outbox.status()).sending).toBe(false);
    expect((await second).agreed).toBe(true);
    expect((await outbox.status()).sending).toBe(true);
    await expect(outbox.settled(30_000)).resolves.toBe(true);
  }, 300_000);

  it('serves before its state is loaded: health and the public site answer at once, chain views wait for it', async () => {
    await invest(2);
    expect(await settledOnChain()).toBe(5);
    await kept.stop();
    // The app listening but not told it serves (startServer's `serving`): its outbox loads its state only when a
    // request needs it, as one does in the moment after a restart.
    const { createApp } = await import('../../app.js');
    const running = await createApp({
      eventStore,
      readStore,
      vault,
      env: {
        EVENT_STORE: 'memory',
        READ_STORE: 'memory',
        LOG_LEVEL: 'silent',
        ...TEST_APP_ENV,
        CHAIN: 'anvil',
        DATA_DIR: dataDir,
      },
    });
    try {
      await running.app.listen(0, '127.0.0.1');
      const url = `http://127.0.0.1:${(running.app.getHttpServer().address() as AddressInfo).port}`;
      const outbox = running.app.get(ChainOutbox);
      expect(outbox.ready).toBe(false);
      // Never answered from the empty state it starts with.
      expect(() => outbox.state).toThrow(CHAIN_STATE_LOADING);

      const health = await fetch(`${url}/api/health`, { headers: { authorization: `Ops ${running.opsToken}` } });
      const body = (await health.json()) as { status: string; chain: { stateLoading?: boolean }; reasons: string[] };
      expect({ status: health.status, verdict: body.status, loading: body.chain.stateLoading }).toEqual({
        status: 200,
        verdict: 'degraded',
        loading: true,
      });
      expect(body.reasons).toContain('Chain state is loading after a restart: chain views wait for it');
      expect((await fetch(`${url}/api/early-access`)).status).toBe(200);
      expect(outbox.ready).toBe(false);

      // A chain view waits for the state, then answers from it: every transfer confirmed, as before the restart.
      follow(url, investor);
      const { status, body: read } = await investor.get('/api/holdings');
      expect(status).toBe(200);
      expect(read.holdings.map((h: { chainTxStatus: string }) => h.chainTxStatus)).toEqual(Array(5).fill('confirmed'));
      expect(outbox.ready).toBe(true);
      expect((await outbox.status()).resumedFrom).toBeGreaterThan(0);
    } finally {
      await running.close();
    }
    server = await kept.restart(admin, investor);
  }, 300_000);
});
