import { randomUUID } from 'node:crypto';
import type { EventStore, EventToAppend } from '../platform/event-store/event-store.js';
import { ProjectionEngine } from '../platform/projection-engine/projection-engine.js';
import type { Projection } from '../platform/projection-engine/projection.js';
import { MemoryReadStore } from '../platform/read-store/memory-read-store.js';
import type { Doc, ReadStore } from '../platform/read-store/read-store.js';

/**
 * Projection throughput on any event store: fill it with offering-shaped events, then time a projection
 * catching up from zero and a blue/green rebuild, both into a memory read store so the figure is the event
 * store's read path plus the engine.
 */

export interface BenchResult {
  events: number;
  ms: number;
  eventsPerSecond: number;
}

export interface ProjectionBench {
  append: BenchResult;
  catchUp: BenchResult;
  rebuild: BenchResult;
}

const OFFERINGS = 20;
const INVESTORS = 500;
/** Events per append: a command appends a handful; a bulk import many. */
const APPEND_CHUNK = 50;

interface InvestmentData {
  offeringId: string;
  assetId: string;
  investorId?: string;
  tokens: number;
  priceCents?: number;
}

/** Keyed three ways per investment: the offering, the investor and the asset behind the offering. */
interface Position extends Doc {
  kind: 'offering' | 'investor' | 'asset';
  requested: number;
  active: number;
  investments: number;
}

export const benchProjection: Projection<Position> = {
  name: 'bench_positions',
  version: 1,
  eventTypes: ['OfferingOpened', 'InvestmentRequested', 'SubscriptionActivated'],
  upcast: (event) => event, // events of one shape only
  keys(event) {
    const data = event.data as InvestmentData;
    const keys = [`offering-${data.offeringId}`, `asset-${data.assetId}`];
    if (data.investorId) keys.push(`investor-${data.investorId}`);
    return keys;
  },
  evolve(doc, event, id) {
    const data = event.data as InvestmentData;
    const kind = id.slice(0, id.indexOf('-')) as Position['kind'];
    const current = doc ?? { _id: id, kind, requested: 0, active: 0, investments: 0 };
    switch (event.type) {
      case 'InvestmentRequested':
        return { ...current, requested: current.requested + data.tokens, investments: current.investments + 1 };
      case 'SubscriptionActivated':
        return { ...current, active: current.active + data.tokens };
      default:
        return current;
    }
  },
};

function event(type: string, data: InvestmentData, investorId: string | null): EventToAppend {
  return {
    type,
    data,
    metadata: {
      eventId: randomUUID(),
      schemaVersion: 1,
      occurredAt: new Date().toISOString(),
      actor: investorId ? { kind: 'user', userId: investorId, roles: [] } : { kind: 'system', name: 'bench' },
      correlationId: randomUUID(),
      causationId: null,
    },
  };
}

/**
 * Appends `events` events over OFFERINGS offering streams: each offering is opened, then investors request
 * tokens and most requests are activated. Deterministic apart from ids and times.
 */
export async function fillBenchStore(store: EventStore, events: number): Promise<BenchResult> {
  const streams = new Map<string, EventToAppend[]>();
  let made = 0;
  const add = (offering: number, e: EventToAppend) => {
    const id = `offering-bench${offering}`;
    const list = streams.get(id) ?? [];
    list.push(e);
    streams.set(id, list);
    made++;
  };
  for (let o = 0; o < OFFERINGS && made < events; o++) {
    add(
      o,
      event(
        'OfferingOpened',
        { offeringId: `bench${o}`, assetId: `asset${o % 7}`, tokens: 1_000_000, priceCents: 100 },
        null,
      ),
    );
  }
  for (let i = 0; made < events; i++) {
    const o = i % OFFERINGS;
    const investorId = `investor${(i * 7919) % INVESTORS}`;
    const data = { offeringId: `bench${o}`, assetId: `asset${o % 7}`, investorId, tokens: (i % 50) + 1 };
    add(o, event(i % 4 === 3 ? 'SubscriptionActivated' : 'InvestmentRequested', data, investorId));
  }

  // Interleave the streams chunk by chunk, so the global log mixes them as live traffic would.
  const queues = [...streams].map(([id, list]) => ({ id, list, at: 0 }));
  const started = performance.now();
  while (queues.some((q) => q.at < q.list.length)) {
    for (const q of queues) {
      if (q.at >= q.list.length) continue;
      await store.append(q.id, q.list.slice(q.at, q.at + APPEND_CHUNK), 'any');
      q.at += APPEND_CHUNK;
    }
  }
  return result(events, performance.now() - started);
}

/**
 * Times the bench projection built from zero into `reads`, then a rebuild of it on the same (running) engine.
 * `events` is how many the store holds (positions may have gaps, so the head is no count).
 */
export async function timeProjection(
  store: EventStore,
  events: number,
  reads: ReadStore = new MemoryReadStore(),
): Promise<Omit<ProjectionBench, 'append'>> {
  const engine = new ProjectionEngine(store, reads, [benchProjection as unknown as Projection<Doc>]);
  try {
    let started = performance.now();
    await engine.start();
    if (!(await engine.caughtUp())) throw new Error('bench projection did not catch up');
    const catchUp = result(events, performance.now() - started);

    started = performance.now();
    await engine.rebuild(benchProjection.name);
    const rebuild = result(events, performance.now() - started);
    return { catchUp, rebuild };
  } finally {
    await engine.stop();
  }
}

/** Fills an empty `store` with `events` events, then times catch-up and rebuild. */
export async function benchProjections(store: EventStore, events: number, reads?: ReadStore): Promise<ProjectionBench> {
  const append = await fillBenchStore(store, events);
  return { append, ...(await timeProjection(store, events, reads)) };
}

/** The rebuild figure alone: events per second replayed into a fresh copy and swapped in. */
export async function benchProjectionRebuild(store: EventStore, events: number): Promise<BenchResult> {
  return (await benchProjections(store, events)).rebuild;
}

function result(events: number, ms: number): BenchResult {
  return { events, ms: Math.round(ms), eventsPerSecond: Math.round(events / Math.max(ms / 1000, 0.001)) };
}
