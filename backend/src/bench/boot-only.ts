import { loadavg } from 'node:os';
import { benchEmbeddedBoot, type BootFigures } from './boot.bench.js';
import { benchHttp, CONNECTIONS, RATE, settlingSummary, type HttpBench } from './http.bench.js';

/**
 * `node backend/dist/bench/boot-only.js [boot events]`: only the restarts of `npm run bench` (persisted, empty
 * history, rebuilt in memory, and with the embedded chain on beside an empty history; RSS and the history's size
 * on disk) and the HTTP reads on that history, with the machine's load average beside them. The seeded history is
 * kept in .tmp/bench-seed between runs (seed.ts).
 */
const events = Number(process.argv[2] ?? 1_000_000);
const load = () => loadavg();
const step = (what: string) =>
  process.stderr.write(
    `… ${what} (load ${load()
      .map((l) => l.toFixed(1))
      .join(' ')})\n`,
  );
let httpBench: HttpBench = { startUpMs: 0, settling: [], reads: [] };
const boot = await benchEmbeddedBoot(events, step, async (dataDir, fill) => {
  step(`HTTP reads: ${CONNECTIONS} keep-alive connections, then ${RATE} requests/s`);
  httpBench = await benchHttp(dataDir, fill.signedIn, step);
});
const brief = (b: BootFigures) =>
  `${b.servedMs} ms to the first answer (${b.listeningMs} listening, ${b.parsedMs} every read model in memory), ` +
  `RSS ${b.rssServedMb} MiB then ${b.rssLoadedMb} MiB` +
  (b.chain
    ? `; outbox state loaded at ${b.chain.stateLoadedMs} ms, resumed from ${b.chain.resumedFrom}, folded ${b.chain.eventsFolded}`
    : '');
const runs = (list: readonly BootFigures[]) => list.map((r) => r.servedMs).join(', ');
console.log(
  [
    `${events.toLocaleString('en-NZ')} events and ${(boot.fill.chainEvents ?? 0).toLocaleString('en-NZ')} chain facts: ${boot.fill.cached ? `seed copied in ${boot.fill.copyMs} ms (seeded earlier in ${boot.fill.ms} ms)` : `seeded in ${boot.fill.ms} ms`}; history on disk ${boot.historyMb} MiB`,
    `first boot (replay into persisted read models): ${boot.build.servedMs} ms`,
    `persisted: ${brief(boot.persisted)}; runs ${runs(boot.persistedRuns)}`,
    `empty history: ${brief(boot.empty)}; runs ${runs(boot.emptyRuns)}; ratio ${(boot.persisted.servedMs / boot.empty.servedMs).toFixed(2)}×`,
    `memory rebuild: ${brief(boot.memory)}`,
    `chain on: ${brief(boot.chain)}; runs ${runs(boot.chainRuns)}`,
    `chain on, empty history: ${brief(boot.chainEmpty)}; runs ${runs(boot.chainEmptyRuns)}; ratio ${(boot.chain.servedMs / boot.chainEmpty.servedMs).toFixed(2)}×`,
    `persisted read models equal the rebuild: ${boot.persistedEqualsReplay ? 'yes' : 'NO'}`,
    `HTTP reads: ${settlingSummary(httpBench)}:`,
    ...httpBench.reads.map(
      (f) =>
        `GET ${f.path}: app ${Math.round(f.appRps)} req/s, bare ${Math.round(f.bareRps)} req/s, ${f.ratio.toFixed(2)}× ` +
        `(runs ${f.runs.map((r) => `${Math.round(r.app)}/${Math.round(r.bare)}`).join(', ')}); p99 ${f.p99Ms.toFixed(1)} ms, bare ${f.bareP99Ms.toFixed(1)} ms ` +
        `(${f.p99Ratio.toFixed(2)}×); CPU ${f.appCpuUs?.toFixed(0)} µs, bare ${f.bareCpuUs?.toFixed(0)} µs; errors ${f.errors}`,
    ),
    `load average at the end: ${load()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  ].join('\n'),
);
