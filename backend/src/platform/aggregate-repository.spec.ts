import { Upcasters } from './event-store/upcasters.js';
import { AggregateRepository } from './aggregate-repository.js';
import type { Decider } from './decider.js';
import { DomainError } from './errors.js';
import { int, object } from './event-schema.js';
import { MemoryEventStore } from './event-store/memory-event-store.js';
import { systemContext } from './command-context.js';

type Cmd = { type: 'Take'; n: number };
type Ev = { type: 'Taken'; data: { n: number; left: number } };
const counter: Decider<Cmd, Ev, { left: number }> = {
  name: 'counter',
  eventSchemas: { Taken: object({ n: int({ min: 1 }), left: int() }) },
  upcasters: Upcasters.none,
  initialState: { left: 10 },
  evolve: (_s, e) => ({ left: e.data.left }),
  decide: (c, s) => {
    if (c.n > s.left) throw new DomainError('Not enough left', 409);
    return [{ type: 'Taken', data: { n: c.n, left: s.left - c.n } }];
  },
};

const quiet = { error: () => undefined };

describe('AggregateRepository', () => {
  it('stamps metadata from the command context and returns the position for read-your-writes', async () => {
    const store = new MemoryEventStore();
    const repo = new AggregateRepository(store, quiet);
    const result = await repo.handle(
      counter,
      'counter-1',
      { type: 'Take', n: 3 },
      systemContext('test', 'corr-1', '2026-01-01T00:00:00.000Z'),
    );
    expect(result.position).toBe(1);
    const [event] = await store.readStream('counter-1');
    expect(event!.metadata).toMatchObject({
      schemaVersion: 1,
      occurredAt: '2026-01-01T00:00:00.000Z',
      correlationId: 'corr-1',
      actor: { kind: 'system', name: 'test' },
    });
  });

  it('never over-allocates under concurrent commands, and appends nothing for a refused one', async () => {
    const store = new MemoryEventStore();
    const repo = new AggregateRepository(store, quiet);
    const ctx = systemContext('test', 'c');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 25 }, () => repo.handle(counter, 'counter-2', { type: 'Take', n: 1 }, ctx)),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(10);
    expect(outcomes.filter((o) => o.status === 'rejected' && o.reason instanceof DomainError)).toHaveLength(15);
    expect(await store.readStream('counter-2')).toHaveLength(10);
  });

  it('sees events appended by another process (a second repository on the same store)', async () => {
    const store = new MemoryEventStore();
    const a = new AggregateRepository(store, quiet);
    const b = new AggregateRepository(store, quiet);
    await a.handle(counter, 'counter-3', { type: 'Take', n: 4 }, systemContext('a', 'c'));
    await b.handle(counter, 'counter-3', { type: 'Take', n: 4 }, systemContext('b', 'c'));
    await expect(a.handle(counter, 'counter-3', { type: 'Take', n: 4 }, systemContext('a', 'c'))).rejects.toThrow(
      'Not enough left',
    );
    expect((await a.load(counter, 'counter-3')).state.left).toBe(2);
  });

  it('asks again on fresh state when another process appended after the answer was read (handleAsking)', async () => {
    const store = new MemoryEventStore();
    const a = new AggregateRepository(store, quiet);
    const b = new AggregateRepository(store, quiet);
    const seen: number[] = [];
    const result = await a.handleAsking(
      counter,
      'counter-ask',
      async (state) => {
        seen.push(state.left);
        // While the first answer is being read, another process takes 4: that answer must not be decided on.
        if (seen.length === 1) await b.handle(counter, 'counter-ask', { type: 'Take', n: 4 }, systemContext('b', 'c'));
        return { type: 'Take', n: state.left };
      },
      systemContext('a', 'c'),
    );
    expect(seen).toEqual([10, 6]);
    expect(result.events).toEqual([{ type: 'Taken', data: { n: 6, left: 0 } }]);
    const nothing = await a.handleAsking(counter, 'counter-ask', () => null, systemContext('a', 'c'));
    expect(nothing.events).toEqual([]);
    expect((await store.readStream('counter-ask')).length).toBe(2);
  });

  it('never appends an event that does not fit its schema: refused (422), the misfit logged', async () => {
    const store = new MemoryEventStore();
    const logged: object[] = [];
    const repo = new AggregateRepository(store, { error: (details) => logged.push(details) });
    const ctx = systemContext('test', 'corr-9');
    // A decider that lets NaN through (the bug the schema is there to catch): NaN > left is false.
    await expect(repo.handle(counter, 'counter-4', { type: 'Take', n: Number.NaN }, ctx)).rejects.toMatchObject({
      status: 422,
      message: 'This request could not be recorded: Taken.n is invalid',
    });
    expect(logged).toEqual([{ decider: 'counter', streamId: 'counter-4', misfit: 'Taken.n', correlationId: 'corr-9' }]);
    expect(await store.headPosition()).toBe(0);
    // Nothing half-remembered either: the next command decides on the true state.
    await repo.handle(counter, 'counter-4', { type: 'Take', n: 2 }, ctx);
    expect((await repo.load(counter, 'counter-4')).state.left).toBe(8);
  });

  it('refuses an event type that has no schema', async () => {
    const store = new MemoryEventStore();
    const repo = new AggregateRepository(store, quiet);
    const grabbed = { type: 'Grabbed', data: { n: 1, left: 0 } } as unknown as Ev;
    const rogue: Decider<Cmd, Ev, { left: number }> = { ...counter, decide: () => [grabbed] };
    const context = systemContext('test', 'c');
    await expect(repo.handle(rogue, 'counter-5', { type: 'Take', n: 1 }, context)).rejects.toMatchObject({
      status: 422,
      message: 'This request could not be recorded: Grabbed is invalid',
    });
    expect(await store.headPosition()).toBe(0);
  });
});
