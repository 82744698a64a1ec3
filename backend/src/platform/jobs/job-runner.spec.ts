import { onServer, scratchDatabase } from '../event-store/scratch-database.js';
import { createLogger } from '../logging.js';
import { JobRunner } from './job-runner.js';
import { LocalLeases } from './leases.js';
import { applicationName, PostgresLeases } from './postgres-leases.js';

const scratch = scratchDatabase('kauri_jobs');
const logger = createLogger('silent');
const TICKS = { leaseMs: 100, beatMs: 50 };

/** Resolves once `check` holds, polling; fails the test after `ms`. */
async function eventually(check: () => boolean, ms = 5000): Promise<void> {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('job runner', () => {
  const runners: JobRunner[] = [];
  beforeAll(() => scratch.create());
  afterAll(async () => {
    for (const runner of runners) {
      await runner.stop();
      await runner.leases.close().catch(() => undefined);
    }
    await scratch.drop();
  });

  /** A replica: a runner on its own leases, with a subscription job and a schedule, counting what it ran. */
  async function replica(name: string) {
    const runner = new JobRunner(
      await PostgresLeases.open(scratch.url),
      () => 42,
      async () => 50,
      logger,
      TICKS,
    );
    runners.push(runner);
    const ran = { follower: false, stops: 0, sweeps: 0, checks: 0, name };
    runner.declare({
      name: 'follower',
      description: 'follows the log',
      start: () => {
        ran.follower = true;
      },
      stop: () => {
        ran.follower = false;
        ran.stops++;
      },
      checkpoint: () => 40,
    });
    runner.declare({
      name: 'sweep',
      description: 'every 30 ms',
      everyMs: 30,
      firstAfterMs: 0,
      run: async () => {
        ran.sweeps++;
      },
    });
    runner.declare({
      name: 'check',
      description: 'each replica its own',
      scope: 'every-replica',
      everyMs: 30,
      firstAfterMs: 0,
      run: async () => {
        ran.checks++;
      },
    });
    await runner.start();
    return { runner, ran };
  }

  it('runs each job on one replica, every-replica jobs on each, and hands jobs over when the holder dies', async () => {
    const a = await replica('a');
    const b = await replica('b');
    const c = await replica('c');
    const all = [a, b, c];
    await eventually(() => all.every((r) => r.ran.checks > 0));
    // One follower, one sweeper, across the three.
    expect(all.filter((r) => r.ran.follower)).toHaveLength(1);
    expect(all.filter((r) => r.runner.holds('sweep'))).toHaveLength(1);
    const sweeper = all.find((r) => r.runner.holds('sweep'))!;
    await eventually(() => sweeper.ran.sweeps >= 2);
    expect(all.filter((r) => r !== sweeper).every((r) => r.ran.sweeps === 0)).toBe(true);

    // Another replica's view: who holds each job, with the holder's checkpoint and the lag from the head.
    const holder = all.find((r) => r.ran.follower)!;
    const other = all.find((r) => r !== holder)!;
    await eventually(() => (other.runner.lastBeat?.replicas.length ?? 0) === 3);
    const seen = await other.runner.status();
    const follower = seen.jobs.find((j) => j.name === 'follower')!;
    expect(follower).toMatchObject({ kind: 'subscription', heldHere: false, checkpoint: 40, lag: 10 });
    expect(follower.holder?.id).toBe(holder.runner.replica.id);
    expect(seen.jobs.find((j) => j.name === 'check')).toMatchObject({ scope: 'every-replica', heldHere: true });

    // The holder's lock connection dies: it stops its jobs at its next tick, and one replica (it, with a new
    // connection, or another) runs each again.
    await onServer(
      scratch.url,
      `select pg_terminate_backend(pid) from pg_stat_activity
       where application_name = '${applicationName(holder.runner.replica)}' and datname = current_database()`,
    );
    await eventually(() => holder.ran.stops === 1);
    await eventually(() => all.filter((r) => r.ran.follower).length === 1);

    // The holder stops (SIGTERM): it lets go, and another replica takes the job within a tick or two.
    const current = all.find((r) => r.ran.follower)!;
    const stoppedAt = Date.now();
    await current.runner.stop();
    await eventually(() => all.some((r) => r !== current && r.ran.follower));
    expect(Date.now() - stoppedAt).toBeLessThan(1000);
    expect(all.filter((r) => r.ran.follower)).toHaveLength(1);
  });

  it('on embedded data, runs every job in the one process', async () => {
    const runner = new JobRunner(
      new LocalLeases(),
      () => 0,
      async () => 0,
      logger,
      TICKS,
    );
    let started = false;
    runner.declare({ name: 'follower', description: '', start: () => void (started = true), stop: () => undefined });
    await runner.start();
    expect(started).toBe(true);
    expect((await runner.status()).leases).toBe('local');
    await runner.stop();
    expect(() =>
      runner.declare({ name: 'follower', description: '', start: () => undefined, stop: () => undefined }),
    ).toThrow(/declared twice/);
  });
});
