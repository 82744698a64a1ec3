import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchHttp, CONNECTIONS, RATE, settlingSummary } from './http.bench.js';
import { seedEmbeddedCached } from './seed.js';

/**
 * `node backend/dist/bench/http-only.js [events]`: only the HTTP reads of `npm run bench`, on a smaller seeded
 * history (20,000 events by default), for comparing the HTTP layer quickly.
 */
const events = Number(process.argv[2] ?? 20_000);
const dataDir = await mkdtemp(join(tmpdir(), 'kauri-bench-http-'));
try {
  const fill = await seedEmbeddedCached(dataDir, events);
  process.stderr.write(`… seeded ${events} events; ${CONNECTIONS} connections, then ${RATE} requests/s\n`);
  const bench = await benchHttp(dataDir, fill.signedIn, (what) => process.stderr.write(`… ${what}\n`));
  console.log(settlingSummary(bench));
  for (const f of bench.reads) {
    const ratio = f.ratio.toFixed(2);
    console.log(
      `GET ${f.path}: app ${Math.round(f.appRps)} req/s, bare ${Math.round(f.bareRps)} req/s; ${ratio}× (median of the runs' ratios); ` +
        `p50 ${f.p50Ms.toFixed(2)} ms, p99 ${f.p99Ms.toFixed(2)} ms, max ${f.maxMs.toFixed(1)} ms ` +
        `(bare p99 ${f.bareP99Ms.toFixed(2)} ms; p99 ${f.p99Ratio.toFixed(2)}× the bare server's, median of the runs' ratios); server CPU ${f.appCpuUs?.toFixed(0) ?? '?'} µs/request ` +
        `(bare ${f.bareCpuUs?.toFixed(0) ?? '?'} µs; client ${f.clientCpuUs.toFixed(0)} µs, ` +
        `${Math.round(f.clientBusy * 100)} % of a core beside bare); errors ${f.errors}; runs ${JSON.stringify(f.runs.map((r) => [Math.round(r.app), Math.round(r.bare)]))}`,
    );
  }
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
