import { benchEventStores, type BenchRow } from './event-store.bench.js';

/** Usage: node dist/bench/run-event-store-bench.js [events]   (default 20000) */
const events = process.argv[2] === undefined ? undefined : Number(process.argv[2]);
if (events !== undefined && !(Number.isInteger(events) && events >= 100)) {
  console.error(`events must be an integer of at least 100, got ${process.argv[2]}`);
  process.exit(2);
}

const number = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });
function table(rows: readonly BenchRow[]): string {
  const cells = rows.map((r) => [r.store, r.metric, number.format(r.value), r.unit, r.ratio === undefined ? '' : `${r.ratio.toFixed(2)}×`]);
  const header = ['store', 'metric', 'value', 'unit', 'vs raw SQL'];
  const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) => c.map((v, i) => (i === 2 || i === 4 ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n');
}

const started = performance.now();
const rows = await benchEventStores({ events });
console.log(table(rows));
console.log(`\n(${((performance.now() - started) / 1000).toFixed(1)} s)`);
