import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { scratchDatabase } from '../platform/event-store/scratch-database.js';
import type { EventStore, EventToAppend } from '../platform/event-store/event-store.js';
import { MemoryEventStore } from '../platform/event-store/memory-event-store.js';
import { PgliteEventStore, pgliteDatabase } from '../platform/event-store/pglite-event-store.js';
import { PostgresEventStore, poolDatabase } from '../platform/event-store/postgres-event-store.js';
import type { SqlDatabase } from '../platform/event-store/sql-database.js';

export interface BenchRow {
  store: string;
  metric: string;
  value: number;
  unit: string;
  /** Throughput relative to the raw SQL baseline for the same kind of work on the same database. */
  ratio?: number;
  /** Each round's ratio, in order (the ratio above is their median). */
  ratios?: number[];
  /**
   * Where the database runs in this process (PGlite): the same ratio in this process's CPU time per item instead of
   * elapsed time (raw's CPU time over the store's), which other work on the machine disturbs less. The median.
   */
  cpuRatio?: number;
}

export interface BenchOptions {
  /** Events written in batches of 100 (default 20 000); one-event commands write a tenth of that. */
  events?: number;
  /** Server to create the throwaway benchmark database on; DATABASE_URL or the local server by default. */
  postgresUrl?: string;
  /** Stores to measure (default all three). */
  stores?: readonly ('memory' | 'pglite' | 'postgres')[];
}

const BATCH = 100;
const WRITERS = 8;
const READ_PAGE = 1000;

function benchEvent(i: number): EventToAppend {
  return {
    type: 'OfferingPriced',
    data: { offeringId: `offering-${i}`, priceCents: 125_000 + i, currency: 'NZD', tokens: 400, note: 'benchmark' },
    metadata: {
      eventId: randomUUID(),
      schemaVersion: 1,
      occurredAt: new Date().toISOString(),
      actor: { kind: 'system', name: 'bench' },
      correlationId: randomUUID(),
      causationId: null,
    },
  };
}

/** Items per second for `work`, which reports how many items it handled, and this process's CPU time per item (µs). */
async function rate(work: () => Promise<number>): Promise<{ perSecond: number; cpuPerItem: number }> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const count = await work();
  const { user, system } = process.cpuUsage(cpu);
  return { perSecond: count / ((performance.now() - started) / 1000), cpuPerItem: (user + system) / count };
}

/** One-event commands, each waiting for the previous, spread over 10 streams with exact expected revisions. */
async function appendOneByOne(store: EventStore, count: number, tag: string): Promise<void> {
  const revisions = new Map<string, number>();
  for (let i = 0; i < count; i++) {
    const streamId = `bench-${tag}-${i % 10}`;
    const result = await store.append(streamId, [benchEvent(i)], revisions.get(streamId) ?? 'no_stream');
    revisions.set(streamId, result.nextRevision);
  }
}

async function readEverything(store: EventStore): Promise<number> {
  let read = 0;
  for (let from = 0; ; ) {
    const page = await store.readAll({ fromPosition: from, maxCount: READ_PAGE });
    if (page.length === 0) return read;
    read += page.length;
    from = page[page.length - 1]!.position;
  }
}

/** The same rows as the event store writes, into a plain table with nothing but a bigserial key. */
const RAW_TABLE = `create table bench_raw (id bigserial primary key, stream_id text not null, revision bigint not null,
  event_id uuid not null, type text not null, data jsonb, metadata jsonb not null, recorded_at timestamptz not null default now())`;

async function rawInsert(db: SqlDatabase, events: readonly EventToAppend[], streamId: string): Promise<void> {
  const params: unknown[] = [];
  const rows = events.map((e, i) => {
    params.push(streamId, i, e.metadata.eventId, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata));
    const p = params.length - 6;
    return `($${p + 1}, $${p + 2}, $${p + 3}, $${p + 4}, $${p + 5}::jsonb, $${p + 6}::jsonb)`;
  });
  await db.transaction((tx) =>
    tx.query(
      `insert into bench_raw (stream_id, revision, event_id, type, data, metadata) values ${rows.join(', ')}`,
      params,
    ),
  );
}

async function rawSelectEverything(db: SqlDatabase): Promise<number> {
  let read = 0;
  for (let from = 0; ; ) {
    const page = await db.query<{ id: string | number }>(
      'select id, stream_id, revision, event_id, type, data, metadata from bench_raw where id > $1 order by id limit $2',
      [from, READ_PAGE],
    );
    if (page.length === 0) return read;
    read += page.length;
    from = Number(page[page.length - 1]!.id);
  }
}

/** Rounds of each measurement, store and raw in turn; the figures and ratios are the medians. */
const ROUNDS = 5;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function benchStore(
  store: EventStore,
  raw: SqlDatabase | undefined,
  events: number,
  rawParallel?: SqlDatabase,
  inProcess = false,
): Promise<BenchRow[]> {
  const single = Math.max(WRITERS, Math.round(events / 10 / ROUNDS));
  const batches = Math.ceil(events / BATCH / ROUNDS);
  const perWriter = Math.ceil(single / WRITERS);
  if (raw) {
    await raw.query('drop table if exists bench_raw');
    await raw.query(RAW_TABLE);
  }

  // Each measurement of the store is paired with raw SQL doing the same work on the same database, measured right
  // before or after it (in turn: store first in even rounds, raw first in odd ones), so that the machine's other
  // work falls on both alike. A figure is the median over the rounds; a ratio is the median of the rounds' ratios.
  const figures = new Map<string, number[]>();
  const ratios = new Map<string, number[]>();
  const cpuRatios = new Map<string, number[]>();
  const record = (map: Map<string, number[]>, name: string, value: number) =>
    map.set(name, [...(map.get(name) ?? []), value]);
  const pair = async (
    round: number,
    name: string,
    work: () => Promise<number>,
    rawName: string | undefined,
    rawWork: (() => Promise<number>) | undefined,
  ) => {
    let value = { perSecond: 0, cpuPerItem: 0 };
    let baseline: typeof value | undefined;
    const runStore = async () => {
      value = await rate(work);
    };
    const runRaw = async () => {
      if (rawWork) baseline = await rate(rawWork);
    };
    if (round % 2 === 0) {
      await runStore();
      await runRaw();
    } else {
      await runRaw();
      await runStore();
    }
    record(figures, name, value.perSecond);
    if (rawName && baseline !== undefined) {
      record(figures, rawName, baseline.perSecond);
      record(ratios, name, value.perSecond / baseline.perSecond);
      if (inProcess) record(cpuRatios, name, baseline.cpuPerItem / value.cpuPerItem);
    }
  };
  for (let round = 0; round < ROUNDS; round++) {
    const tag = `r${round}`;
    const rawSingle = raw
      ? async () => {
          for (let i = 0; i < single; i++) await rawInsert(raw, [benchEvent(i)], `raw-${i % 10}`);
          return single;
        }
      : undefined;
    await pair(
      round,
      'single',
      async () => {
        await appendOneByOne(store, single, `${tag}-single`);
        return single;
      },
      'rawSingle',
      rawSingle,
    );
    // Beside 8 raw writers in parallel where the database has several connections, else one raw writer.
    await pair(
      round,
      'concurrent',
      async () => {
        await Promise.all(
          Array.from({ length: WRITERS }, (_, w) => appendOneByOne(store, perWriter, `${tag}-writer${w}`)),
        );
        return perWriter * WRITERS;
      },
      rawParallel ? 'rawConcurrent' : 'rawSingle',
      rawParallel
        ? async () => {
            const writer = async (w: number) => {
              for (let i = 0; i < perWriter; i++) await rawInsert(rawParallel, [benchEvent(i)], `raw-w${w}`);
            };
            await Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
            return perWriter * WRITERS;
          }
        : rawSingle,
    );
    await pair(
      round,
      'batch',
      async () => {
        for (let b = 0; b < batches; b++) {
          const batch = Array.from({ length: BATCH }, (_, i) => benchEvent(i));
          await store.append(`bench-${tag}-batch-${b}`, batch, 'no_stream');
        }
        return batches * BATCH;
      },
      'rawBatch',
      raw
        ? async () => {
            for (let b = 0; b < batches; b++) {
              await rawInsert(
                raw,
                Array.from({ length: BATCH }, (_, i) => benchEvent(i)),
                `raw-${tag}-b${b}`,
              );
            }
            return batches * BATCH;
          }
        : undefined,
    );
    await pair(
      round,
      'readAll',
      () => readEverything(store),
      'rawRead',
      raw ? () => rawSelectEverything(raw) : undefined,
    );
  }
  const figure = (name: string) => (figures.has(name) ? median(figures.get(name)!) : undefined);
  const row = (metric: string, name: string): BenchRow => ({
    store: store.kind,
    metric,
    value: figure(name)!,
    unit: 'events/s',
    ...(ratios.has(name) ? { ratio: median(ratios.get(name)!), ratios: ratios.get(name)! } : {}),
    ...(cpuRatios.has(name) ? { cpuRatio: median(cpuRatios.get(name)!) } : {}),
  });

  const rows = [
    row('append, 1 event/command', 'single'),
    row(`append, 1 event/command, ${WRITERS} concurrent writers`, 'concurrent'),
    row(`append, batches of ${BATCH}`, 'batch'),
    row(`readAll, pages of ${READ_PAGE}`, 'readAll'),
  ];
  const baseline = (metric: string, name: string) =>
    figures.has(name) && rows.push({ store: store.kind, metric, value: figure(name)!, unit: 'rows/s' });
  baseline('raw INSERT, 1 row/transaction (baseline)', 'rawSingle');
  baseline(`raw INSERT, 1 row/transaction, ${WRITERS} writers in parallel (baseline)`, 'rawConcurrent');
  baseline(`raw multi-row INSERT, ${BATCH} rows/transaction (baseline)`, 'rawBatch');
  baseline(`raw SELECT, pages of ${READ_PAGE} (baseline)`, 'rawRead');
  return rows;
}

/**
 * Throughput of the memory, PGlite (file-backed, in a temporary folder) and PostgreSQL event stores, each
 * SQL one beside raw SQL doing the same work on the same database: single-event commands are compared with
 * single-row insert transactions, batches with multi-row inserts, readAll with a keyset-paged SELECT.
 * PostgreSQL runs in a throwaway database; it is left out (with a warning) when the server is unreachable.
 */
export async function benchEventStores(opts: BenchOptions = {}): Promise<BenchRow[]> {
  const events = opts.events ?? 20_000;
  const stores = new Set(opts.stores ?? ['memory', 'pglite', 'postgres']);
  const rows: BenchRow[] = [];

  if (stores.has('memory')) {
    const memory = new MemoryEventStore();
    rows.push(...(await benchStore(memory, undefined, events)));
    await memory.close();
  }

  if (stores.has('pglite')) await benchPglite(rows, events);
  if (stores.has('postgres')) await benchPostgres(rows, events, opts.postgresUrl);
  return rows;
}

async function benchPglite(rows: BenchRow[], events: number): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'kauri-bench-pglite-'));
  try {
    const pglite = await PGlite.create(dir);
    const store = await PgliteEventStore.open({ pglite });
    try {
      rows.push(...(await benchStore(store, pgliteDatabase(pglite), events, undefined, true)));
    } finally {
      await store.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function benchPostgres(rows: BenchRow[], events: number, postgresUrl?: string): Promise<void> {
  const scratch = scratchDatabase('kauri_bench', postgresUrl);
  try {
    await scratch.create();
  } catch (error) {
    console.warn(
      `postgres benchmark SKIPPED: cannot reach ${scratch.serverUrl} (${error instanceof Error ? error.message : String(error)})`,
    );
    return;
  }
  try {
    const url = scratch.url;
    const store = await PostgresEventStore.open({ connectionString: url, maxConnections: WRITERS + 2 });
    const pool = new pg.Pool({ connectionString: url, max: 2 });
    const parallel = new pg.Pool({ connectionString: url, max: WRITERS });
    // Idle connections end when the database is dropped: nothing to report then.
    for (const p of [pool, parallel]) p.on('error', () => undefined);
    try {
      rows.push(...(await benchStore(store, poolDatabase(pool), events, poolDatabase(parallel))));
    } finally {
      await parallel.end();
      await pool.end();
      await store.close();
    }
  } finally {
    await scratch.drop();
  }
}
