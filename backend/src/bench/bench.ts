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
import { benchProjections } from './projection.bench.js';

/**
 * `npm run bench [events]`: every figure the backbone promises, printed as a table — append and read
 * throughput (each beside raw SQL on the same database), projection catch-up and rebuild rates, and the
 * embedded restart time with 1,000,000 stored events (persisted read models beside rebuilding them in memory);
 * and what sealed personal data and the hash-chain check cost.
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
const boot = await benchEmbeddedBoot(bootEvents, step);
const history = `${bootEvents.toLocaleString('en-NZ')} events`;
const { persisted, memory, empty } = boot;
const ms = (metric: string, value: number, ratio?: number): BenchRow => {
  return { store: 'pglite', metric, value, unit: 'ms', ratio };
};
rows.push(
  ms(`seed ${history} (multi-row inserts, sealed and hashed)`, boot.fill.ms),
  ms('first boot: replay into persisted read models', boot.build.servedMs),
  ms(`restart to first answer, persisted, ${history}`, persisted.servedMs, persisted.servedMs / memory.servedMs),
  ms('  of which createApp (stores, read models, Nest)', persisted.bootMs, persisted.bootMs / memory.bootMs),
  ms('  of which catch-up from the checkpoints', persisted.catchUpMs),
  ms('  every read model parsed (from process start)', persisted.parsedMs),
  ms(`restart to first answer, memory rebuilt at boot, ${history}`, memory.servedMs),
  ms('  of which createApp', memory.bootMs),
  ms('  of which read-model rebuild', memory.catchUpMs),
  ms('restart to first answer, empty history', empty.servedMs),
  ms('  of which createApp', empty.bootMs),
);

const number = new Intl.NumberFormat('en-NZ', { maximumFractionDigits: 0 });
const cells = rows.map((r) => [
  r.store,
  r.metric,
  number.format(r.value),
  r.unit,
  r.ratio === undefined ? '' : `${r.ratio.toFixed(2)}×`,
]);
// The ratio compares with the same work done plainly: raw SQL for the stores, unsealed events for sealing, and
// the memory rebuild at boot for the restart with persisted read models.
const header = ['store', 'metric', 'value', 'unit', 'vs plain'];
const widths = header.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
const line = (c: string[]) =>
  c.map((v, i) => (i === 2 || i === 4 ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join('  ');
console.log([line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)].join('\n'));
const runs = boot.persistedRuns.map((r) => number.format(r.servedMs)).join(', ');
const same = boot.persistedEqualsReplay ? 'yes' : 'NO';
console.log(
  [
    '',
    `Embedded restart with ${history} (${persisted.readStore}), process start to the first answer from a read model:`,
    `  persisted read models ${number.format(persisted.servedMs)} ms (median of ${runs}),`,
    `  read models rebuilt in memory ${number.format(memory.servedMs)} ms: ` +
      `${(memory.servedMs / persisted.servedMs).toFixed(1)}× faster; ` +
      `an empty history takes ${number.format(empty.servedMs)} ms.`,
    `  Persisted copy equals the rebuild (checksums of every read model): ${same}.`,
  ].join('\n'),
);
if (!boot.persistedEqualsReplay) process.exitCode = 1;
