import { startServer } from '../app.js';
import { ChainOutbox } from '../domains/tokens/chain-outbox.js';

/**
 * One restart, timed from this process's start (`performance.now()` counts from it) to the first answer from a
 * read model — module loading, opening the stores, loading or rebuilding the read models and Nest included.
 * Configured by the environment (DATA_DIR, READ_STORE, …); prints one JSON line for boot.bench.ts.
 */
const server = await startServer({ port: 0 });
const listeningMs = performance.now();
const res = await fetch(`${server.url}/api/early-access`);
if (!res.ok) throw new Error(`GET /api/early-access answered ${res.status}`);
const servedMs = performance.now();
const rssServedMb = process.memoryUsage().rss / 2 ** 20;
// With a chain: its outbox's state loads as the app starts serving, and the chain views wait for it.
const outbox = server.chain ? server.app.get(ChainOutbox) : null;
await outbox?.loaded();
const stateLoadedMs = performance.now();
// The persisted store loads each read model on first use: use them all, to time the moment all are in memory.
for (const name of await server.readStore.listCollections()) await server.readStore.collection(name).count({ _id: '' });
const parsedMs = performance.now();
const rssLoadedMb = process.memoryUsage().rss / 2 ** 20;
// With a chain: how much of the log its outbox folded at this boot (from its snapshot, or from 0), and — asked for
// by BENCH_CHAIN_SETTLE=1 — the wait until its fold has caught up (so that the snapshot written at stop is whole).
if (outbox && process.env.BENCH_CHAIN_SETTLE === '1')
  for (let status = await outbox.status(); !status.caughtUp; status = await outbox.status())
    await new Promise((r) => setTimeout(r, 200));
const chainStatus = outbox ? await outbox.status() : null;
const chain = chainStatus && {
  stateLoadedMs: Math.round(stateLoadedMs),
  resumedFrom: chainStatus.resumedFrom,
  eventsFolded: chainStatus.eventsFolded,
  caughtUpMs: chainStatus.caughtUp ? Math.round(performance.now()) : null,
};
const health = await server.readStore.health();
const { readModels } = await server.engine.checksums();
const failed = (await server.engine.status()).filter((p) => p.status === 'failed').map((p) => p.name);
const figures = {
  listeningMs: Math.round(listeningMs),
  servedMs: Math.round(servedMs),
  parsedMs: Math.round(parsedMs),
  bootMs: Math.round(server.bootMs),
  catchUpMs: Math.round(server.catchUpMs),
  readStore: health.detail ?? '',
  rssServedMb: Math.round(rssServedMb),
  rssLoadedMb: Math.round(rssLoadedMb),
  chain,
  checksums: readModels,
  failed,
};
process.stdout.write(`${JSON.stringify(figures)}\n`);
await server.close();
