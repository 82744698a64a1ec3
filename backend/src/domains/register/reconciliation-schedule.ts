import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import type { EventStore } from '../../platform/event-store/event-store.js';
import { JobRunner } from '../../platform/jobs/job-runner.js';
import { HealthChecks } from '../../platform/operations/health-checks.js';
import { ProjectionEngine } from '../../platform/projection-engine/projection-engine.js';
import type { ReadStore } from '../../platform/read-store/read-store.js';
import { EVENT_STORE, LOGGER, READ_STORE } from '../../platform/injection-keys.js';
import { assetsProjection } from '../../projections/assets.js';
import { holdingsProjection } from '../../projections/holdings.js';
import { offeringsProjection } from '../../projections/offerings.js';
import { registersProjection } from '../../projections/registers.js';
import { RegisterReconciliation, type ReconciliationScope } from './reconciliation.js';

const EVERY_MS = 60_000;
/** Every this many runs, the scheduled run compares every asset again (the others, only what changed). */
const WHOLE_EVERY = 60;
const FIRST_RUN_AFTER_MS = 5_000;
const READ_MODELS = [registersProjection, assetsProjection, holdingsProjection, offeringsProjection].map((p) => p.name);

/**
 * The reconciliation in the running app: every asset after the read models have caught up at boot, whenever an
 * operator asks and every hour; in between, every minute, the assets whose streams moved (a whole run reads every
 * asset's stream, which on a long history is work a minute should not repeat). `/api/health` shows the last run's
 * verdict (never a run of its own).
 */
@Injectable()
export class ReconciliationSchedule implements OnApplicationShutdown {
  readonly reconciliation: RegisterReconciliation;
  private ticks = 0;
  private readonly running = new Set<Promise<unknown>>();

  constructor(
    @Inject(EVENT_STORE) events: EventStore,
    @Inject(READ_STORE) reads: ReadStore,
    engine: ProjectionEngine,
    checks: HealthChecks,
    @Inject(LOGGER) private readonly logger: Logger,
    jobs: JobRunner,
  ) {
    // Each replica checks its own read models (every replica folds the log into memory): a job of every replica.
    // The first run reads every asset's stream and all four read models: after a restart's first answers.
    jobs.declare({
      name: 'register-reconciliation',
      description: "Compares this replica's register views with the register's streams and the chain",
      scope: 'every-replica',
      everyMs: EVERY_MS,
      firstAfterMs: FIRST_RUN_AFTER_MS,
      run: () => this.run(this.ticks++ % WHOLE_EVERY === 0 ? 'all' : 'changed'),
    });
    this.reconciliation = new RegisterReconciliation(events, reads, {
      caughtUp: (position) => engine.waitFor(position, READ_MODELS, 10_000),
    });
    checks.add('register', () => {
      const s = this.reconciliation.status();
      const drifting = new Set(s.drift.map((d) => d.assetId)).size;
      return {
        ok: s.error ? false : s.ok,
        ...(s.error
          ? { reason: 'The register reconciliation failed (see /admin/operations)' }
          : s.ok === false && {
              reason: `Register drift ${s.drift.length} on ${drifting} ${drifting === 1 ? 'asset' : 'assets'}`,
            }),
        assets: s.assets,
        drift: s.drift.length,
        unsettled: s.unsettled,
        checkedAt: s.finishedAt,
        ...(s.error && { error: s.error }),
      };
    });
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }

  /** Starts (or joins) a run; drift is logged as an error once per run. */
  run(scope: ReconciliationScope = 'all') {
    const done = this.reconciliation.start(undefined, scope).then((status) => {
      if (status.error) this.logger.error({ error: status.error }, 'register reconciliation failed');
      else if (status.drift.length > 0)
        this.logger.error({ drift: status.drift.slice(0, 20), count: status.drift.length }, 'register drift');
      return status;
    });
    this.track(done);
    return done;
  }

  private track(work: Promise<unknown>): void {
    const tracked = work.catch(() => undefined);
    this.running.add(tracked);
    void tracked.finally(() => this.running.delete(tracked));
  }
}
