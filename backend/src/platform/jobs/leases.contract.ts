import { createLogger } from '../logging.js';
import { JobRunner } from './job-runner.js';
import type { Leases } from './leases.js';

/**
 * What every shared `Leases` adapter must do: `open` gives a replica on the adapter's database (each call another
 * replica, with a connection of its own); `kill` cuts a replica off as a crash would (its connection gone without
 * a goodbye). The leases of one database are shared by the tests, so each test names jobs of its own.
 */
export function describeLeasesContract(
  name: string,
  open: () => Promise<Leases>,
  kill: (leases: Leases) => Promise<void>,
  /** The longest a dead holder keeps a lease from the others (0 for one freed when its connection closes). */
  takeoverMs: number,
): void {
  describe(`leases contract: ${name}`, () => {
    let n = 0;
    let job: (label: string) => string;
    const opened: Leases[] = [];
    const replica = async () => {
      const leases = await open();
      opened.push(leases);
      return leases;
    };
    beforeEach(() => {
      n++;
      job = (label) => `${name}-${n}-${label}-${process.pid}`;
    });
    afterAll(async () => {
      for (const leases of opened) await leases.close().catch(() => undefined);
    });

    it('gives a job to one replica at a time, and to another once released', async () => {
      const [a, b] = [await replica(), await replica()];
      expect(await a.tryAcquire(job('x'))).toBe(true);
      expect(await a.tryAcquire(job('x'))).toBe(true);
      expect(await b.tryAcquire(job('x'))).toBe(false);
      // Another job is free for the other.
      expect(await b.tryAcquire(job('y'))).toBe(true);
      expect(await a.renew([job('x')])).toEqual(new Set([job('x')]));
      await a.release(job('x'));
      expect(await a.renew([job('x')])).toEqual(new Set());
      expect(await b.tryAcquire(job('x'))).toBe(true);
      expect(await a.tryAcquire(job('x'))).toBe(false);
    });

    it('of many replicas racing for one job, exactly one gets it', async () => {
      const replicas = await Promise.all([1, 2, 3, 4].map(() => replica()));
      const won = await Promise.all(replicas.map((r) => r.tryAcquire(job('race'))));
      expect(won.filter(Boolean)).toHaveLength(1);
    });

    it('frees the jobs of a replica that dies, for another to take', async () => {
      const [a, b] = [await replica(), await replica()];
      expect(await a.tryAcquire(job('x'))).toBe(true);
      await kill(a);
      const started = Date.now();
      let taken = false;
      while (!taken && Date.now() - started < takeoverMs + 5_000) {
        taken = await b.tryAcquire(job('x'));
        if (!taken) await new Promise((r) => setTimeout(r, 100));
      }
      expect(taken).toBe(true);
      expect(Date.now() - started).toBeLessThan(takeoverMs + 5_000);
      // The dead one knows it holds nothing any more.
      expect(await a.renew([job('x')])).toEqual(new Set());
    });

    it("publishes each replica's heartbeat, with its checkpoint and jobs, and a fence that only rises", async () => {
      const [a, b] = [await replica(), await replica()];
      await a.beat(7, [{ name: job('x'), checkpoint: 5 }]);
      const { replicas, fence } = await b.beat(9, []);
      const seen = new Map(replicas.map((r) => [r.id, r]));
      expect(seen.get(a.replica.id)).toMatchObject({ checkpoint: 7, jobs: [{ name: job('x'), checkpoint: 5 }] });
      expect(seen.get(b.replica.id)).toMatchObject({ checkpoint: 9, jobs: [], pid: process.pid });
      await a.raiseFence(fence + 10);
      await b.raiseFence(fence + 3);
      expect((await b.beat(9, [])).fence).toBe(fence + 10);
      // A replica that closes leaves the live list.
      await a.close();
      expect((await b.beat(9, [])).replicas.map((r) => r.id)).not.toContain(a.replica.id);
    });

    it('runs a job on one replica of three through the job runner, and hands it over when its holder stops', async () => {
      const name = job('runner');
      const running = new Set<string>();
      const runners = await Promise.all(
        [1, 2, 3].map(async () => {
          const runner = new JobRunner(
            await replica(),
            () => 0,
            async () => 0,
            createLogger('silent'),
            {
              leaseMs: 100,
              beatMs: 50,
            },
          );
          runner.declare({
            name,
            description: 'contract',
            start: () => void running.add(runner.replica.id),
            stop: () => void running.delete(runner.replica.id),
          });
          return runner;
        }),
      );
      await Promise.all(runners.map((r) => r.start()));
      const until = async (check: () => boolean) => {
        for (const deadline = Date.now() + takeoverMs + 5_000; !check() && Date.now() < deadline; )
          await new Promise((r) => setTimeout(r, 20));
        return check();
      };
      expect(await until(() => running.size === 1)).toBe(true);
      const holder = runners.find((r) => running.has(r.replica.id))!;
      await holder.stop();
      expect(await until(() => running.size === 1 && !running.has(holder.replica.id))).toBe(true);
      for (const runner of runners) await runner.stop();
      expect(running.size).toBe(0);
    });
  });
}
