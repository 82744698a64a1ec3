import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventStore } from '../platform/event-store/event-store.js';
import { MemoryEventStore } from '../platform/event-store/memory-event-store.js';
import { PgliteEventStore } from '../platform/event-store/pglite-event-store.js';
import { PostgresEventStore } from '../platform/event-store/postgres-event-store.js';
import { scratchDatabase } from '../platform/event-store/scratch-database.js';
import { benchAudit } from './audit.bench.js';
import { benchEmbeddedBoot } from './boot.bench.js';
import { benchEventStores, type BenchRow } from './event-store.bench.js';
import { benchHttp, CONNECTIONS, RATE, settlingSummary, type HttpBench } from './http.bench.js';
import { benchProjections } from './projection.bench.js';

/**
 * `npm run bench [events] [boot events]`: every figure the backbone promises, printed as a table — append and
 * read throughput (each beside raw SQL on the same database), projection catch-up and rebuild rates, the
 * embedded restart with 1,000,000 stored events (persisted read models beside rebuilding them in memory, and
 * beside an empty history), HTTP reads on that history beside a bare node:http server, and what sealed personal
 * data and the hash-chain check cost. The machine may be busy with other work: each figure is the median of
 * several runs, and each ratio compares figures measured in turn in the same run.
 */
const events = Number(process.argv[2] ?? 20_000);
const bootEvents = Number(process.argv[3] ?? 1_000_000);
if (!Number.isInteger(events) || events < 100 || !Number.isInteger(bootEvents) || bootEvents < 100) {
  console.error('usage: npm run bench -- [events ≥ 100] [boot events ≥ 100]');
  process.exit(2);
}

const rows: BenchRow[] = [];
const step = (what: string) => process.stderr.write(`… ${what}\n`);

step(`event stores, ${events} events`);
rows.push(...(await benchEventStores({ events })));

async function projectionRows(name: string, open: () => Promise<{ store: EventStore; done(): Promise<void> }>) {
  step(`projection catch-up and rebuild on ${name}`);
  const { store, done } = await open();
  try {
    const b = await benchProjections(store, events);
    rows.push({ store: name, metric: 'projection catch-up from zero', value: b.catchUp.eventsPerSecond, unit: 'ev/s' });
    rows.push({ store: name, metric: 'projection blue/green rebuild', value: b.rebuild.eventsPerSecond, unit: 'ev/s' });
  } finally {
    await done();
  }
}

await projectionRows('memory', async () => {
  const store = new MemoryEventStore();
  return { store, done: () => store.close() };
});
await projectionRows('pglite', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'kauri-bench-proj-'));
  const store = await PgliteEventStore.open({ dataDir: dir });
  const done = async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  };
  return { store, done };
});
const scratch = scratchDatabase('kauri_bench');
try {
  await scratch.create();
  await projectionRows('postgres', async () => {
    const store = await PostgresEventStore.open({ connectionString: scratch.url });
    return { store, done: () => store.close() };
  });
  await scratch.drop();
} catch (error) {
  console.warn(`postgres projection benchmark SKIPPED: ${error instanceof Error ? error.message : String(error)}`);
}

step(`sealed personal data and hash-chain check on pglite, ${events} events`);
rows.push(...(await benchAudit(events)));

step(`embedded boot with ${bootEvents} stored events`);
let httpBench: HttpBench = { startUpMs: 0, settling: [], reads: [] };
const boot = await benchEmbeddedBoot(bootEvents, step, async (dataDir, fill) => {
  step(`HTTP reads on that history: ${CONNECTIONS} keep-alive connections, then ${RATE} requests/s`);
  httpBench = await benchHttp(dataDir, fill.signedIn, step);
});
const history = `${bootEvents.toLocaleString('en-NZ')} events`;
const { persisted, memory, empty } = boot;
const ms = (metric: string, value: number, ratio?: number): BenchRow => {
  return { store: 'pglite', metric, value, unit: 'ms', ratio };
};
// Here the ratio is against the same restart on an empty history: 1.00× is a boot that does not grow with history.
rows.push(
  ms(
    `seed ${history} (multi-row inserts, sealed and hashed${boot.fill.cached ? '; made by an earlier run' : ''})`,
    boot.fill.ms,
  ),
  ms("  copying the kept seed into this run's folder", boot.fill.copyMs),
  {
    store: 'pglite',
    metric: "  chain facts seeded with it (its chain work recorded as done; the log's events beside the history's)",
    value: boot.fill.chainEvents ?? 0,
    unit: 'events',
  },
  ms('first boot: replay into persisted read models', boot.build.servedMs),
  ms(`restart to listening, persisted, ${history}`, persisted.listeningMs, persisted.listeningMs / empty.listeningMs),
  ms(`restart to first answer, persisted, ${history}`, persisted.servedMs, persisted.servedMs / empty.servedMs),
  ms('  of which createApp (stores, read models, Nest)', persisted.bootMs, persisted.bootMs / empty.bootMs),
  ms('  of which catch-up from the checkpoints', persisted.catchUpMs),
  ms('  every read model in memory (from process start)', persisted.parsedMs),
  ms('restart to first answer, empty history', empty.servedMs),
  ms('  to listening', empty.listeningMs),
  ms(`restart to first answer, memory rebuilt at boot, ${history}`, memory.servedMs),
  ms('  of which read-model rebuild', memory.catchUpMs),
  ms(
    `restart to first answer, chain on, ${history}`,
    boot.chain.servedMs,
    boot.chain.servedMs / boot.chainEmpty.servedMs,
  ),
  ms('  to listening', boot.chain.listeningMs, boot.chain.listeningMs / boot.chainEmpty.listeningMs),
  ms(
    '  chain views ready: the outbox state loaded (from process start)',
    boot.chain.chain?.stateLoadedMs ?? Number.NaN,
    (boot.chain.chain?.stateLoadedMs ?? Number.NaN) / (boot.chainEmpty.chain?.stateLoadedMs ?? Number.NaN),
  ),
  ms('restart to first answer, chain on, empty history', boot.chainEmpty.servedMs),
  ms('  chain outbox caught up (from process start)', boot.chain.chain?.caughtUpMs ?? Number.NaN),
  {
    store: 'pglite',
    metric: '  of which events the chain outbox folded at the restart',
    value: boot.chain.chain?.eventsFolded ?? 0,
    unit: 'events',
  },
  {
    store: 'pglite',
    metric: `RSS at the first answer, persisted, ${history}`,
    value: persisted.rssServedMb,
    unit: 'MiB',
  },
  { store: 'pglite', metric: '  once every read model is in memory', value: persisted.rssLoadedMb, unit: 'MiB' },
  { store: 'pglite', metric: '  RSS at the first answer, empty history', value: empty.rssServedMb, unit: 'MiB' },
  {
    store: 'pglite',
    metric: `RSS at the first answer, chain on, ${history}`,
    value: boot.chain.rssServedMb,
    unit: 'MiB',
  },
  { store: 'pglite', metric: '  once every read model is in memory', value: boot.chain.rssLoadedMb, unit: 'MiB' },
  {
    store: 'pglite',
    metric: '  RSS at the first answer, chain on, empty history',
    value: boot.chainEmpty.rssServedMb,
    unit: 'MiB',
  },
  {
    store: 'pglite',
    metric: `history on disk (events and persisted read models), ${history}`,
    value: boot.historyMb,
    unit: 'MiB',
  },
);
const rps = (path: string, metric: string, value: number, ratio?: number): BenchRow => {
  return { store: 'http', metric: `GET ${path}: ${metric}`, value, unit: 'req/s', ratio };
};
const latency = (path: string, metric: string, value: number, ratio?: number): BenchRow => {
  return { store: 'http', metric: `GET ${path}: ${metric}`, value, unit: 'ms', ratio };
};
rows.push({
  store: 'http',
  metric: 'the reads below measured once the app had done its start-up work, after its first answer',
  value: httpBench.startUpMs,
  unit: 'ms',
});
for (const f of httpBench.reads) {
  rows.push(
    // The ratios: the median of each run's, app and bare measured back to back (HttpFigures.ratio).
    rps(f.path, `app, ${CONNECTIONS} connections`, f.appRps, f.ratio),
    rps(f.path, 'bare node:http, the same bytes (baseline)', f.bareRps),
    latency(f.path, `app at ${RATE} req/s, p50`, f.p50Ms),
    // Here the ratio is against the bare server's p99 at the same rate, the median of each run's ratio (target ≤ 3×).
    latency(f.path, `app at ${RATE} req/s, p99`, f.p99Ms, f.p99Ratio),
    latency(f.path, `bare node:http at ${RATE} req/s, p99`, f.bareP99Ms),
  );
  if (f.appCpuUs !== null && f.bareCpuUs !== null)
    rows.push(
      { store: 'http', metric: `GET ${f.path}: app CPU per request`, value: f.appCpuUs, unit: 'µs' },
      { store: 'http', metric: `GET ${f.path}: bare node:http CPU per request`, value: f.bareCpuUs, unit: 'µs' },
    );
  rows.push({
    store: 'http',
    metric: `GET ${f.path}: load generator CPU per request`,
    value: f.clientCpuUs,
    unit: 'µs',
  });
}

const number = new Intl.NumberFormat('en-NZ', { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat('en-NZ', { maximumFractionDigits: 1 });
const cells = rows.map((r) => [
  r.store,
  r.metric,
  (r.unit === 'ms' && r.value < 100 ? decimal : number).format(r.value),
  r.unit,
  r.ratio === undefined
    ? ''
    : `${r.ratio.toFixed(2)}×${r.cpuRatio === undefined ? '' : ` (CPU ${r.cpuRatio.toFixed(2)}×)`}`,
]);
// The ratio compares with the same work done plainly: raw SQL for the stores, unsealed events for sealing, an
// empty history for the restarts, and a bare node:http server for HTTP. For PGlite, which runs in this process, the
// same ratio in CPU time follows in brackets.
const header = ['store', 'metric', 'value', 'unit', 'vs plain'];
const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
const line = (c: string[]) =>
  c.map((v, i) => (i === 2 || i === 4 ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join('  ');
console.log([line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n'));
const runs = (list: readonly { servedMs: number }[]) => list.map((r) => number.format(r.servedMs)).join(', ');
const same = boot.persistedEqualsReplay ? 'yes' : 'NO';
console.log(
  [
    '',
    `Embedded restart with ${history}, process start to the first answer from a read model:`,
    `  persisted read models ${number.format(persisted.servedMs)} ms (median of ${runs(boot.persistedRuns)}),`,
    `  an empty history ${number.format(empty.servedMs)} ms (median of ${runs(boot.emptyRuns)}),`,
    `  read models rebuilt in memory ${number.format(memory.servedMs)} ms;`,
    `  the embedded chain on ${number.format(boot.chain.servedMs)} ms (median of ${runs(boot.chainRuns)}), beside an empty`,
    `  history with the chain on ${number.format(boot.chainEmpty.servedMs)} ms (median of ${runs(boot.chainEmptyRuns)}): ` +
      `${(boot.chain.servedMs / boot.chainEmpty.servedMs).toFixed(2)}× (targets: ≤ 2,000 ms, ≤ 1.10×).`,
    `  Persisted copy equals the rebuild (checksums of every read model): ${same}.`,
    `HTTP: ${settlingSummary(httpBench)}.`,
    ...httpBench.reads.map(
      (f) =>
        `GET ${f.path}: app ${f.runs.map((r) => number.format(r.app)).join(', ')} req/s, ` +
        `bare ${f.runs.map((r) => number.format(r.bare)).join(', ')} req/s (runs); ${f.errors} errors; ` +
        `the load generator kept ${Math.round(f.clientBusy * 100)} % of a core busy beside the bare server` +
        (f.clientBusy > 0.9 ? ' (it, not the server, may have set the baseline).' : '.'),
    ),
  ].join('\n'),
);
if (httpBench.reads.some((f) => f.errors > 0)) process.exitCode = 1;
if (!boot.persistedEqualsReplay) process.exitCode = 1;
