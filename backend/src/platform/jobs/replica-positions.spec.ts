import { randomUUID } from 'node:crypto';
import type { EventToAppend } from '../event-store/event-store.js';
import { MemoryEventStore } from '../event-store/memory-event-store.js';
import { scratchDatabase } from '../event-store/scratch-database.js';
import { createLogger } from '../logging.js';
import { ProjectionEngine } from '../projection-engine/projection-engine.js';
import type { Projection } from '../projection-engine/projection.js';
import { MemoryReadStore } from '../read-store/memory-read-store.js';
import type { Doc } from '../read-store/read-store.js';
import { JobRunner } from './job-runner.js';
import { PostgresLeases } from './postgres-leases.js';
import { ReplicaPositions } from './replica-positions.js';

const scratch = scratchDatabase('kauri_fence');

/** Stands in for the sessions read model: counts events. */
const sessions: Projection<Doc & { n: number }> = {
  name: 'sessions',
  version: 1,
  eventTypes: ['Happened'],
  upcast: (event) => event, // events of one shape only
  keys: () => ['all'],
  evolve: (doc, _e, id) => ({ _id: id, n: (doc?.n ?? 0) + 1 }),
};
/** Another read model, with a bug: it stops at its first event. */
const broken: Projection<Doc> = {
  name: 'broken',
  version: 1,
  eventTypes: ['Happened'],
  upcast: (event) => event, // events of one shape only
  keys: () => ['x'],
  evolve: () => {
    throw new Error('a bug');
  },
};

function happened(): EventToAppend {
  const metadata = {
    eventId: randomUUID(),
    schemaVersion: 1,
    occurredAt: '2026-01-01T00:00:00.000Z',
    actor: { kind: 'system' as const, name: 'test' },
    correlationId: 'test',
    causationId: null,
  };
  return { type: 'Happened', data: {}, metadata };
}

describe('sign-outs across replicas', () => {
  beforeAll(() => scratch.create());
  afterAll(() => scratch.drop());

  it('are waited for on the session read models only: a projection stopped by a bug fences no replica', async () => {
    const events = new MemoryEventStore();
    const logger = createLogger('silent');
    const replica = async () => {
      const engine = new ProjectionEngine(events, new MemoryReadStore(), [
        sessions as unknown as Projection<Doc>,
        broken,
      ]);
      await engine.start();
      const runner = new JobRunner(
        await PostgresLeases.open(scratch.url),
        () => engine.appliedThrough(['sessions']),
        () => events.headPosition(),
        logger,
        { leaseMs: 100, beatMs: 50 },
      );
      await runner.start();
      return { engine, runner, positions: new ReplicaPositions(runner, engine, ['sessions']) };
    };
    const [a, b] = [await replica(), await replica()];
    try {
      const { position } = await events.append('s-1', [happened()], 'any');
      await a.engine.caughtUp();
      await b.engine.caughtUp();
      expect((await a.engine.status()).find((p) => p.name === 'broken')?.status).toBe('failed');
      // A sign-out at `position` on A: B has applied it to its sessions, so the answer does not wait out the bound…
      const started = Date.now();
      expect(await a.positions.appliedEverywhere(position, 3000)).toBe(true);
      expect(Date.now() - started).toBeLessThan(2000);
      // …and the raised fence does not keep B from serving signed-in requests.
      expect(await b.positions.ready()).toBe(true);
    } finally {
      for (const r of [a, b]) {
        await r.runner.stop();
        await r.runner.leases.close();
        await r.engine.stop();
      }
    }
  });
});
