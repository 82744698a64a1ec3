/**
 * `npm run bench` (its chain part; alone: `npm run bench:chain`): a burst of confirmed investments on the embedded
 * chain, measured from outside — the built app on PGlite with `CHAIN=anvil`, 30 verified investors making 300
 * investments in one asset's offering at once. Prints the chain transactions and gas per confirmed investment (issue
 * 33's target: ≤ 0.1 transactions per investment; before batching each was two, a forced transfer and a lock-up) and
 * the seconds from the first request until the chain equals the register (health: nothing pending, drift 0).
 * Run by Jest (it reuses the tests' sign-up and offering helpers) but not part of the suite: `*.bench.ts`.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPublicClient, http, type Hex } from 'viem';
import { startAnvil } from '../platform/chain/anvil.js';
import { PgliteEventStore } from '../platform/event-store/pglite-event-store.js';
import { readRuntimeFile } from '../platform/operations/runtime-file.js';
import { operatorApi, type Api } from '../testing/api.js';
import { bootBuilt, requireBuilt, stopBuilt } from '../testing/built-app.js';
import * as offerings from '../testing/offerings.js';
import { freshPgliteDir } from '../testing/pglite.js';
import { signUp } from '../testing/users.js';

const INVESTORS = Number(process.env.BURST_INVESTORS ?? 30);
const INVESTMENTS = Number(process.env.BURST_INVESTMENTS ?? 300);
// The production batch wait (or the bench's own setting): the tests' 50 ms (TEST_APP_ENV, which the built app is
// given unless told otherwise) made every batch go as soon as the send before it ended.
const BATCH_WAIT_MS = process.env.CHAIN_BATCH_WAIT_MS ?? '2000';
const env = {
  CHAIN: 'anvil',
  CHAIN_BATCH_WAIT_MS: BATCH_WAIT_MS,
  AUTH_RATE_LIMIT_PER_IP: '1000000',
  ADMIN_EMAILS: 'burst-admin@example.nz',
};

test(`chain burst: ${INVESTMENTS} confirmed investments by ${INVESTORS} investors on one asset`, async () => {
  requireBuilt();
  const dir = await mkdtemp(join(tmpdir(), 'kauri-bench-burst-'));
  await freshPgliteDir(join(dir, 'events'));
  const app = await bootBuilt(dir, env);
  try {
    const server = { url: app.url, opsToken: readRuntimeFile(dir)!.opsToken, dataDir: dir };
    const operator = operatorApi(server);
    const health = async () => (await operator.get('/api/health')).body.chain;
    const settled = async () => {
      for (;;) {
        const chain = await health();
        if (chain.ok && chain.pending === 0 && chain.drift === 0) return;
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const admin = await signUp(server, { email: 'burst-admin@example.nz', verifyEmail: true });
    const { offeringId } = await offerings.offeringFor(server, admin, 100_000, '10.00');
    const investors: Api[] = [];
    for (let n = 0; n < INVESTORS; n++) investors.push(await offerings.verifiedInvestor(server, admin));
    // Their identities and registrations first: the burst measures the investments alone.
    await settled();

    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: INVESTMENTS }, (_, n) =>
        investors[n % INVESTORS]!.post('/api/invest', {
          offeringId,
          tokensRequested: 1 + (n % 5),
          investmentAmount: 10 * (1 + (n % 5)),
        }),
      ),
    );
    const answeredMs = performance.now() - started;
    const confirmed = answers.filter((r) => r.status === 201 && r.body.status === 'confirmed').length;
    // Anything else (on a machine busy enough, a request can time out): counted and shown, not hidden.
    const refused = answers.filter((r) => !(r.status === 201 && r.body.status === 'confirmed'));
    await settled();
    const settledMs = performance.now() - started;
    await stopBuilt(app.child);

    // The chain transactions the burst caused: every send recorded after the first investment was requested.
    const store = await PgliteEventStore.open({ dataDir: join(dir, 'events') });
    const log = await store.readAll({ maxCount: 1_000_000 });
    await store.close();
    const first = log.find((e) => e.type === 'InvestmentRequested')!.position;
    const hashes = new Set<string>();
    let batches = 0;
    let batched = 0;
    const t0 = Date.parse(log.find((e) => e.type === 'InvestmentRequested')!.metadata.occurredAt);
    const timeline: string[] = [];
    const kindOf = new Map<string, string>();
    for (const e of log) {
      if (e.position < first) continue;
      if (e.type === 'ChainTransactionRequested') {
        const d = e.data as { txId: string; intent: { kind: string } };
        kindOf.set(d.txId, d.intent.kind);
      }
      if (e.type === 'ChainBatchSubmitted') {
        batches++;
        const ids = (e.data as { txIds: string[] }).txIds;
        batched += ids.length;
        timeline.push(
          `${((Date.parse(e.metadata.occurredAt) - t0) / 1000).toFixed(1)}s ${kindOf.get(ids[0]!)}×${ids.length}`,
        );
      }
      if (e.type === 'ChainTransactionSubmitted' || e.type === 'ChainBatchSubmitted')
        hashes.add((e.data as { txHash: string }).txHash);
    }
    const anvil = await startAnvil({ dir: join(dir, 'chain') });
    let gas = 0n;
    try {
      const client = createPublicClient({ transport: http(anvil.url) });
      for (const hash of hashes) gas += (await client.getTransactionReceipt({ hash: hash as Hex })).gasUsed;
    } finally {
      await anvil.stop();
    }
    const perInvestment = hashes.size / confirmed;
    const figures = {
      investments: confirmed,
      investors: INVESTORS,
      notConfirmed: refused.length,
      chainTransactions: hashes.size,
      batches,
      transactionsInBatches: batched,
      transactionsPerInvestment: Number(perInvestment.toFixed(3)),
      gasPerInvestment: Math.round(Number(gas) / confirmed),
      answeredSeconds: Number((answeredMs / 1000).toFixed(1)),
      secondsUntilDriftZero: Number((settledMs / 1000).toFixed(1)),
      batchWaitMs: Number(BATCH_WAIT_MS),
    };
    console.log(
      [
        `Chain burst on the embedded chain (built app, PGlite, CHAIN=anvil):`,
        `  ${confirmed} confirmed investments by ${INVESTORS} investors on one asset, all requested at once`,
        `  chain transactions: ${hashes.size} (${batches} batches carrying ${batched} transfers and lock-ups) — ${perInvestment.toFixed(3)} per investment (target ≤ 0.1)`,
        `  gas per confirmed investment: ${figures.gasPerInvestment.toLocaleString('en-NZ')}`,
        `  requests not confirmed: ${refused.length}${refused.length ? ` (${[...new Set(refused.map((r) => `${r.status} ${JSON.stringify(r.body).slice(0, 120)}`))].join('; ')})` : ''}`,
        `  every request answered after ${figures.answeredSeconds} s; drift 0 (chain equals register) after ${figures.secondsUntilDriftZero} s`,
        `  batches (seconds after the first request, kind × members): ${timeline.join(', ')}`,
        `BURST ${JSON.stringify(figures)}`,
      ].join('\n'),
    );
    expect(confirmed).toBeGreaterThan(INVESTMENTS * 0.9);
  } finally {
    if (app.child.exitCode === null) app.child.kill('SIGKILL');
    try {
      process.kill(Number(readFileSync(join(dir, 'chain', 'anvil.pid'), 'utf8')), 'SIGTERM');
    } catch {}
    await rm(dir, { recursive: true, force: true });
  }
}, 1_200_000);
