import { benchEventStores } from './event-store.bench.js';

/**
 * `node backend/dist/bench/event-store-only.js [events] [stores]`: only the event-store part of `npm run bench`
 * (appends and readAll beside raw SQL), e.g. `20000 pglite,postgres`, for comparing append paths quickly.
 */
const events = Number(process.argv[2] ?? 20_000);
const stores = (process.argv[3] ?? 'memory,pglite,postgres').split(',') as ('memory' | 'pglite' | 'postgres')[];
const rows = await benchEventStores({ events, stores });
for (const r of rows) {
  const rounds = r.ratios ? `; rounds ${r.ratios.map((x) => x.toFixed(2)).join(' ')}` : '';
  const cpu = r.cpuRatio === undefined ? '' : `; in CPU time ${r.cpuRatio.toFixed(2)}×`;
  const ratio = r.ratio === undefined ? '' : ` (${r.ratio.toFixed(2)}× raw${rounds}${cpu})`;
  console.log(
    `${r.store.padEnd(8)} ${r.metric.padEnd(60)} ${Math.round(r.value).toString().padStart(8)} ${r.unit}${ratio}`,
  );
}
