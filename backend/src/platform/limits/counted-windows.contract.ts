import type { CountedWindows } from './counted-windows.js';

const MINUTE = 60_000;

/**
 * What every `CountedWindows` adapter must do. `open` gives a store on the adapter's database; `openAnother` a second,
 * independent store on the same database (another replica), for the adapters that share one.
 */
export function describeCountedWindowsContract(
  name: string,
  open: () => Promise<CountedWindows>,
  openAnother?: () => Promise<CountedWindows>,
): void {
  describe(`counted windows contract: ${name}`, () => {
    let store: CountedWindows;
    let n = 0;
    /** A key of this test alone: the stores of one database are shared by the tests. */
    let key: (label: string) => string;
    beforeAll(async () => {
      store = await open();
    });
    afterAll(() => store.close());
    beforeEach(() => {
      n++;
      key = (label) => `${name}-${n}-${label}`;
    });

    it('counts hits in a sliding window, answering their times oldest first, this one included', async () => {
      expect(await store.hit(key('a'), 10 * MINUTE, 0)).toEqual([0]);
      expect(await store.hit(key('a'), 10 * MINUTE, MINUTE)).toEqual([0, MINUTE]);
      expect(await store.hits(key('a'), 10 * MINUTE, 2 * MINUTE)).toEqual([0, MINUTE]);
      // The first hit leaves the window 10 minutes after it was made.
      expect(await store.hits(key('a'), 10 * MINUTE, 10 * MINUTE)).toEqual([MINUTE]);
      expect(await store.hit(key('a'), 10 * MINUTE, 11 * MINUTE)).toEqual([11 * MINUTE]);
      expect(await store.hits(key('b'), 10 * MINUTE, 0)).toEqual([]);
    });

    it('counts two hits in one millisecond twice, and takes back one at a time', async () => {
      await store.hit(key('a'), MINUTE, 5);
      expect(await store.hit(key('a'), MINUTE, 5)).toEqual([5, 5]);
      await store.forget(key('a'), 5);
      expect(await store.hits(key('a'), MINUTE, 5)).toEqual([5]);
      await store.forget(key('a'), 7); // never hit: nothing happens
      await store.forget(key('a'), 5);
      await store.forget(key('a'), 5);
      expect(await store.hits(key('a'), MINUTE, 5)).toEqual([]);
      expect(await store.hit(key('a'), MINUTE, 5)).toEqual([5]);
    });

    it('keeps keys apart and resets one', async () => {
      await store.hit(key('a'), MINUTE, 1);
      await store.hit(key('b'), MINUTE, 2);
      await store.reset(key('a'));
      expect(await store.hits(key('a'), MINUTE, 3)).toEqual([]);
      expect(await store.hits(key('b'), MINUTE, 3)).toEqual([2]);
    });

    it('counts every one of many concurrent hits exactly once, each answer counting those before it', async () => {
      const answers = await Promise.all(Array.from({ length: 40 }, () => store.hit(key('a'), MINUTE, 7)));
      expect(await store.hits(key('a'), MINUTE, 10)).toHaveLength(40);
      // Hits are ordered: one answer saw 1, one saw 2, … one saw all 40 — so a limit lets exactly its number pass.
      expect(answers.map((a) => a.length).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    });

    if (openAnother)
      it('counts concurrent hits from two stores on one database (two replicas) exactly once each', async () => {
        const other = await openAnother();
        try {
          const answers = await Promise.all(
            Array.from({ length: 30 }, (_, i) => (i % 2 ? other : store).hit(key('shared'), MINUTE, 100)),
          );
          expect(answers.map((a) => a.length).sort((x, y) => x - y)).toEqual(
            Array.from({ length: 30 }, (_, i) => i + 1),
          );
          expect(await store.hits(key('shared'), MINUTE, 200)).toHaveLength(30);
          expect(await other.hits(key('shared'), MINUTE, 200)).toHaveLength(30);
          await other.forget(key('shared'), 100);
          expect(await store.hits(key('shared'), MINUTE, 200)).toHaveLength(29);
          await other.reset(key('shared'));
          expect(await store.hits(key('shared'), MINUTE, 200)).toEqual([]);
        } finally {
          await other.close();
        }
      });
  });
}
