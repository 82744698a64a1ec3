import { randomUUID } from 'node:crypto';
import {
  WrongExpectedRevisionError,
  type EventStore,
  type EventToAppend,
  type ExpectedRevision,
  type RecordedEvent,
  type SubscribeOptions,
} from './event-store.js';

/** An event with fresh metadata; `data` defaults to a small object naming the type. */
export function contractEvent(type: string, data: unknown = { type }): EventToAppend {
  return {
    type,
    data,
    metadata: {
      eventId: randomUUID(),
      schemaVersion: 1,
      occurredAt: new Date().toISOString(),
      actor: { kind: 'system', name: 'contract' },
      correlationId: randomUUID(),
      causationId: null,
    },
  };
}

/** Resolves once `check` holds, polling; fails with `what` after `timeoutMs`. */
export async function eventually(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 5000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const ids = (events: readonly { metadata: { eventId: string } }[]) => events.map((e) => e.metadata.eventId);

/**
 * The behaviour every EventStore adapter must show. All tests share one store, so each works in its own
 * streams (random prefix) and never assumes the log is empty; nothing else may write to the store meanwhile.
 */
export function describeEventStoreContract(name: string, open: () => Promise<EventStore>): void {
  describe(`EventStore contract: ${name}`, () => {
    let store: EventStore;
    let prefix: string;

    beforeAll(async () => {
      store = await open();
    });
    afterAll(async () => {
      await store?.close();
    });
    beforeEach(() => {
      prefix = `c${randomUUID().slice(0, 8)}`;
    });

    const stream = (name: string) => `${prefix}-${name}`;

    /** Appends and expects a WrongExpectedRevisionError with the given actual revision. */
    async function expectConflict(
      streamId: string,
      expected: ExpectedRevision,
      actual: number | 'no_stream',
      events = [contractEvent('Refused')],
    ): Promise<void> {
      const refusal = store.append(streamId, events, expected);
      await expect(refusal).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      await expect(refusal).rejects.toMatchObject({ streamId, expected, actual });
    }

    describe('append and read', () => {
      it('stores events in order with revisions from 0 and round-trips type, data and metadata', async () => {
        const events = [
          contractEvent('Drafted', { title: 'Villa', tags: ['a', 'b'], price: 12.5, nested: { ok: true } }),
          contractEvent('Renamed', { title: 'Lodge' }),
          contractEvent('Priced', [1, 2, 3]),
        ];
        const result = await store.append(stream('asset'), events, 'no_stream');
        expect(result.nextRevision).toBe(2);

        const read = await store.readStream(stream('asset'));
        expect(read.map((e) => e.revision)).toEqual([0, 1, 2]);
        expect(read.map((e) => e.streamId)).toEqual([stream('asset'), stream('asset'), stream('asset')]);
        expect(read.map(({ type, data, metadata }) => ({ type, data, metadata }))).toEqual(events);
        expect(result.position).toBe(read[2]!.position);
      });

      it('gives every event a global position above 0, strictly increasing across streams and appends', async () => {
        const a1 = await store.append(stream('a'), [contractEvent('One'), contractEvent('Two')], 'any');
        const b = await store.append(stream('b'), [contractEvent('Three')], 'any');
        const a2 = await store.append(stream('a'), [contractEvent('Four')], 'any');
        expect(a1.position).toBeGreaterThan(0);
        expect(b.position).toBeGreaterThan(a1.position);
        expect(a2.position).toBeGreaterThan(b.position);

        const a = await store.readStream(stream('a'));
        expect(a.map((e) => e.type)).toEqual(['One', 'Two', 'Four']);
        expect(a[0]!.position).toBeGreaterThan(0);
        expect(a[1]!.position).toBeGreaterThan(a[0]!.position);
        expect(a[1]!.position).toBe(a1.position);
        expect(a[2]!.position).toBe(a2.position);
      });

      it('reads an unknown stream as empty', async () => {
        expect(await store.readStream(stream('missing'))).toEqual([]);
        expect(await store.readStream(stream('missing'), { direction: 'backwards' })).toEqual([]);
      });
    });

    describe('expected revision', () => {
      it("'no_stream' creates a stream and is refused once it exists", async () => {
        await store.append(stream('s'), [contractEvent('First')], 'no_stream');
        await expectConflict(stream('s'), 'no_stream', 0);
      });

      it("'stream_exists' is refused for a missing stream and accepted for an existing one", async () => {
        await expectConflict(stream('s'), 'stream_exists', 'no_stream');
        await store.append(stream('s'), [contractEvent('First')], 'any');
        const result = await store.append(stream('s'), [contractEvent('Second')], 'stream_exists');
        expect(result.nextRevision).toBe(1);
      });

      it('an exact revision (0 = the first event) must match the last event in the stream', async () => {
        await expectConflict(stream('s'), 0, 'no_stream');
        await store.append(stream('s'), [contractEvent('First')], 'no_stream');
        expect(
          (await store.append(stream('s'), [contractEvent('Second'), contractEvent('Third')], 0)).nextRevision,
        ).toBe(2);
        await expectConflict(stream('s'), 1, 2);
        await expectConflict(stream('s'), 3, 2);
        expect((await store.append(stream('s'), [contractEvent('Fourth')], 2)).nextRevision).toBe(3);
      });

      it("'any' appends whatever the stream's state", async () => {
        expect((await store.append(stream('s'), [contractEvent('First')], 'any')).nextRevision).toBe(0);
        expect((await store.append(stream('s'), [contractEvent('Second')], 'any')).nextRevision).toBe(1);
      });

      it('appends nothing when refused', async () => {
        await store.append(stream('s'), [contractEvent('First')], 'no_stream');
        const head = await store.headPosition();
        await expectConflict(stream('s'), 5, 0, [contractEvent('Refused'), contractEvent('AlsoRefused')]);
        expect((await store.readStream(stream('s'))).map((e) => e.type)).toEqual(['First']);
        expect(await store.headPosition()).toBe(head);
      });

      it('lets exactly one of many concurrent appends at the same revision win', async () => {
        await store.append(stream('race'), [contractEvent('Opened')], 'no_stream');
        const outcomes = await Promise.allSettled(
          Array.from({ length: 8 }, (_, i) =>
            store.append(stream('race'), [contractEvent(`Take${i}`), contractEvent(`Took${i}`)], 0),
          ),
        );
        const won = outcomes.filter((o) => o.status === 'fulfilled');
        const lost = outcomes.filter((o) => o.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(7);
        for (const o of lost) expect(o.reason).toBeInstanceOf(WrongExpectedRevisionError);
        const read = await store.readStream(stream('race'));
        expect(read.map((e) => e.revision)).toEqual([0, 1, 2]);
        expect(read[1]!.type.replace('Take', '')).toBe(read[2]!.type.replace('Took', ''));
      });

      it('lets concurrent new-stream appends race on no_stream with one winner', async () => {
        const outcomes = await Promise.allSettled(
          Array.from({ length: 6 }, () => store.append(stream('reserve'), [contractEvent('Reserved')], 'no_stream')),
        );
        expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
        for (const o of outcomes)
          if (o.status === 'rejected') expect(o.reason).toBeInstanceOf(WrongExpectedRevisionError);
        expect(await store.readStream(stream('reserve'))).toHaveLength(1);
      });
    });

    describe('idempotency by event id', () => {
      it('stores a retried append once and answers it as the first time', async () => {
        const batch = [contractEvent('Requested'), contractEvent('Reserved')];
        const first = await store.append(stream('s'), batch, 'no_stream');
        const head = await store.headPosition();

        expect(await store.append(stream('s'), batch, 'no_stream')).toEqual(first);
        expect(await store.append(stream('s'), batch, 'any')).toEqual(first);
        expect(ids(await store.readStream(stream('s')))).toEqual(ids(batch));
        expect(await store.headPosition()).toBe(head);

        const next = await store.append(stream('s'), [contractEvent('Confirmed')], first.nextRevision);
        expect(next.nextRevision).toBe(2);
      });

      it('keeps event ids apart per stream', async () => {
        const event = contractEvent('Shared');
        await store.append(stream('a'), [event], 'no_stream');
        await store.append(stream('b'), [event], 'no_stream');
        expect(ids(await store.readStream(stream('b')))).toEqual([event.metadata.eventId]);
      });
    });

    describe('readStream', () => {
      let all: RecordedEvent[];
      beforeEach(async () => {
        await store.append(
          stream('s'),
          Array.from({ length: 6 }, (_, i) => contractEvent(`E${i}`)),
          'no_stream',
        );
        all = await store.readStream(stream('s'));
      });
      const types = (events: RecordedEvent[]) => events.map((e) => e.type);

      it('reads forwards from an inclusive revision, up to maxCount', async () => {
        expect(types(all)).toEqual(['E0', 'E1', 'E2', 'E3', 'E4', 'E5']);
        expect(types(await store.readStream(stream('s'), { fromRevision: 2 }))).toEqual(['E2', 'E3', 'E4', 'E5']);
        expect(types(await store.readStream(stream('s'), { fromRevision: 2, maxCount: 2 }))).toEqual(['E2', 'E3']);
        expect(types(await store.readStream(stream('s'), { maxCount: 1 }))).toEqual(['E0']);
        expect(await store.readStream(stream('s'), { fromRevision: 6 })).toEqual([]);
      });

      it('reads backwards from the end or from an inclusive revision, up to maxCount', async () => {
        expect(types(await store.readStream(stream('s'), { direction: 'backwards' }))).toEqual([
          'E5',
          'E4',
          'E3',
          'E2',
          'E1',
          'E0',
        ]);
        expect(types(await store.readStream(stream('s'), { direction: 'backwards', maxCount: 2 }))).toEqual([
          'E5',
          'E4',
        ]);
        expect(
          types(await store.readStream(stream('s'), { direction: 'backwards', fromRevision: 3, maxCount: 2 })),
        ).toEqual(['E3', 'E2']);
      });

      it('pages through a stream with fromRevision and maxCount', async () => {
        const pages: string[][] = [];
        for (let from = 0; ; from += 4) {
          const page = await store.readStream(stream('s'), { fromRevision: from, maxCount: 4 });
          if (page.length === 0) break;
          pages.push(types(page));
        }
        expect(pages).toEqual([
          ['E0', 'E1', 'E2', 'E3'],
          ['E4', 'E5'],
        ]);
      });
    });

    describe('readAll', () => {
      let start: number;
      let written: RecordedEvent[];
      beforeEach(async () => {
        start = await store.headPosition();
        await store.append(
          stream('asset-1'),
          [contractEvent('AssetDrafted'), contractEvent('AssetRenamed')],
          'no_stream',
        );
        await store.append(stream('user-1'), [contractEvent('UserRegistered')], 'no_stream');
        await store.append(stream('asset-2'), [contractEvent('AssetDrafted')], 'no_stream');
        await store.append(stream('asset-1'), [contractEvent('AssetPublished')], 'any');
        await store.append(stream('user-1'), [contractEvent('UserRenamed')], 'any');
        written = [];
        for (const s of ['asset-1', 'user-1', 'asset-2']) written.push(...(await store.readStream(stream(s))));
        written.sort((a, b) => a.position - b.position);
      });

      /** Pages with maxCount from `start`, checking each page's size and order. */
      async function pageThrough(options: { streamPrefixes?: string[]; eventTypes?: string[] }, maxCount: number) {
        const seen: RecordedEvent[] = [];
        let from = start;
        for (;;) {
          const page = await store.readAll({ ...options, fromPosition: from, maxCount });
          expect(page.length).toBeLessThanOrEqual(maxCount);
          if (page.length === 0) return seen;
          for (const event of page) {
            expect(event.position).toBeGreaterThan(from);
            from = event.position;
          }
          seen.push(...page);
        }
      }

      it('pages through the log after an exclusive position, in position order', async () => {
        const seen = await pageThrough({}, 2);
        expect(seen.filter((e) => e.streamId.startsWith(prefix))).toEqual(written);
        const [first, second] = written;
        expect((await store.readAll({ fromPosition: first!.position, maxCount: 1 }))[0]).toEqual(second);
      });

      it('filters by stream prefix', async () => {
        const seen = await pageThrough({ streamPrefixes: [stream('asset-')] }, 2);
        expect(seen).toEqual(written.filter((e) => e.streamId.startsWith(stream('asset-'))));
        const both = await pageThrough({ streamPrefixes: [stream('asset-2'), stream('user-')] }, 10);
        expect(both.map((e) => e.type)).toEqual(['UserRegistered', 'AssetDrafted', 'UserRenamed']);
      });

      it('treats a stream prefix literally', async () => {
        await store.append(`${prefix}_x-1`, [contractEvent('Underscored')], 'no_stream');
        expect(await pageThrough({ streamPrefixes: [`${prefix}%`] }, 10)).toEqual([]);
        expect((await pageThrough({ streamPrefixes: [`${prefix}_`] }, 10)).map((e) => e.type)).toEqual(['Underscored']);
      });

      it('filters by event type, and by both', async () => {
        const drafted = await pageThrough({ eventTypes: ['AssetDrafted', 'UserRenamed'] }, 1);
        expect(drafted.filter((e) => e.streamId.startsWith(prefix))).toEqual(
          written.filter((e) => e.type === 'AssetDrafted' || e.type === 'UserRenamed'),
        );
        const both = await pageThrough(
          { streamPrefixes: [stream('asset-1')], eventTypes: ['AssetDrafted', 'AssetPublished'] },
          1,
        );
        expect(both.map((e) => e.type)).toEqual(['AssetDrafted', 'AssetPublished']);
      });

      it('reports the head position: that of the newest event', async () => {
        expect(await store.headPosition()).toBe(written[written.length - 1]!.position);
      });
    });

    describe('subscribe', () => {
      /** Subscribes and records deliveries; `caughtUp` resolves with the position reported. */
      function follow(options: Omit<SubscribeOptions, 'onEvent' | 'onCaughtUp'>) {
        const seen: RecordedEvent[] = [];
        let caughtUpCalls = 0;
        let markCaughtUp: (position: number) => void;
        const caughtUp = new Promise<number>((resolve) => (markCaughtUp = resolve));
        const subscription = store.subscribe({
          ...options,
          onEvent: (event) => void seen.push(event),
          onCaughtUp: (position) => {
            caughtUpCalls++;
            markCaughtUp(position);
          },
        });
        return { seen, caughtUp, subscription, caughtUpCalls: () => caughtUpCalls };
      }

      it('delivers history, reports catching up once, then delivers live appends once each, in order', async () => {
        const start = await store.headPosition();
        await store.append(stream('a'), [contractEvent('Old1'), contractEvent('Old2')], 'no_stream');
        const follower = follow({ fromPosition: start, streamPrefixes: [prefix] });
        const caughtUpAt = await follower.caughtUp;
        expect(follower.seen.map((e) => e.type)).toEqual(['Old1', 'Old2']);
        expect(caughtUpAt).toBe(follower.seen[1]!.position);

        await store.append(stream('a'), [contractEvent('New1')], 1);
        await store.append(stream('b'), [contractEvent('New2'), contractEvent('New3')], 'no_stream');
        await eventually('live events arrive', () => follower.seen.length >= 5);
        await new Promise((r) => setTimeout(r, 100));
        await follower.subscription.stop();

        expect(follower.seen.map((e) => e.type)).toEqual(['Old1', 'Old2', 'New1', 'New2', 'New3']);
        const positions = follower.seen.map((e) => e.position);
        expect(positions).toEqual([...positions].sort((a, b) => a - b));
        expect(new Set(positions).size).toBe(5);
        expect(follower.caughtUpCalls()).toBe(1);
      });

      it('starts after an exclusive position and honours the filters', async () => {
        const first = await store.append(stream('a'), [contractEvent('Skipped')], 'no_stream');
        await store.append(stream('a'), [contractEvent('Wanted'), contractEvent('Unwanted')], 0);
        await store.append(stream('other'), [contractEvent('Wanted')], 'no_stream');
        const follower = follow({
          fromPosition: first.position,
          streamPrefixes: [stream('a')],
          eventTypes: ['Wanted', 'Skipped'],
        });
        await follower.caughtUp;
        await store.append(stream('a'), [contractEvent('Wanted'), contractEvent('Unwanted')], 2);
        await eventually('the live event arrives', () => follower.seen.length >= 2);
        await follower.subscription.stop();
        expect(follower.seen.map((e) => [e.streamId, e.type, e.revision])).toEqual([
          [stream('a'), 'Wanted', 1],
          [stream('a'), 'Wanted', 3],
        ]);
      });

      it('delivers nothing after stop()', async () => {
        const follower = follow({ fromPosition: await store.headPosition(), streamPrefixes: [prefix] });
        await follower.caughtUp;
        await follower.subscription.stop();
        await store.append(stream('a'), [contractEvent('Late')], 'no_stream');
        await new Promise((r) => setTimeout(r, 200));
        expect(follower.seen).toEqual([]);
      });

      it('awaits each handler before delivering the next event', async () => {
        const start = await store.headPosition();
        await store.append(
          stream('a'),
          [contractEvent('One'), contractEvent('Two'), contractEvent('Three')],
          'no_stream',
        );
        let running = 0;
        let overlapped = false;
        const handled: string[] = [];
        const subscription = store.subscribe({
          fromPosition: start,
          streamPrefixes: [prefix],
          onEvent: async (event) => {
            overlapped ||= running > 0;
            running++;
            await new Promise((r) => setTimeout(r, 20));
            handled.push(event.type);
            running--;
          },
        });
        await eventually('all three are handled', () => handled.length === 3);
        await subscription.stop();
        expect(handled).toEqual(['One', 'Two', 'Three']);
        expect(overlapped).toBe(false);
      });
    });

    it('reports health', async () => {
      expect(await store.health()).toMatchObject({ ok: true, kind: store.kind });
    });
  });
}
