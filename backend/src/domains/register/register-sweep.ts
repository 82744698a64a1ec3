import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import { systemContext } from '../../platform/command-context.js';
import type { EventStore } from '../../platform/event-store/event-store.js';
import { JobRunner } from '../../platform/jobs/job-runner.js';
import { ReadModels } from '../../platform/read-store/read-models.js';
import { EVENT_STORE, LOGGER } from '../../platform/injection-keys.js';
import { registersProjection } from '../../projections/registers.js';
import { OfferingAllocations } from './offering-allocations.js';

const SWEEP_EVERY_MS = 60_000;
const FIRST_RUN_AFTER_MS = 2_000;
/** An allocation younger than this may still be in the middle of its request; older, a crash left it. */
export const ALLOCATION_GRACE_MS = 2 * 60_000;
const ACTOR = 'register-sweep';

export interface SweepOutcome {
  completed: number;
  released: number;
  settled: number;
  /** Offerings from before the register, now allocated on it. */
  adopted: number;
  /** Such offerings the unallocated supply cannot cover (they oversold): left as drift for operations. */
  refused: number;
}

/**
 * The register's process manager (docs/design.md §6): at boot, every minute, and when asked. It finishes what a crash
 * interrupted — an allocation whose offering was never recorded is completed from the terms it carries (or
 * given back if the offering is refused), and an offering whose facts ran ahead of the register is settled.
 * Work is found on the registers read model; each step is decided on the streams, so a stale read or a sweep
 * run twice records nothing twice.
 */
@Injectable()
export class RegisterSweep {
  private readonly allocations: OfferingAllocations;

  constructor(
    repository: AggregateRepository,
    @Inject(EVENT_STORE) events: EventStore,
    private readonly reads: ReadModels,
    @Inject(LOGGER) private readonly logger: Logger,
    jobs: JobRunner,
  ) {
    this.allocations = new OfferingAllocations(repository, events);
    // Every minute, on the replica holding it; first soon after it starts (the app has begun to serve).
    jobs.declare({
      name: 'register-sweep',
      description: "Finishes the register's work a crash interrupted: allocations, offerings, settlements",
      everyMs: SWEEP_EVERY_MS,
      firstAfterMs: FIRST_RUN_AFTER_MS,
      run: () => this.sweep(),
    });
  }

  /** One pass; `now` fixes the clock in tests. Returns what it did. */
  async sweep(now = Date.now()): Promise<SweepOutcome> {
    const done: SweepOutcome = { completed: 0, released: 0, settled: 0, adopted: 0, refused: 0 };
    const context = systemContext(ACTOR, randomUUID(), new Date(now).toISOString());
    for (const doc of await this.reads.of(registersProjection).find({})) {
      for (const o of doc.offerings) {
        if (o.allocatedAt === null) {
          // An offering from before the register: adopted once, or refused (it oversold) at every pass.
          const outcome = await this.allocations.adopt(o.offeringId, context);
          if (outcome === 'refused')
            this.logger.warn(
              { offeringId: o.offeringId, assetId: doc._id },
              'an offering from before the register oversells',
            );
          if (outcome !== 'none') done[outcome] += 1;
        } else if (!o.created && !o.closed && now - Date.parse(o.allocatedAt) > ALLOCATION_GRACE_MS) {
          const outcome = await this.allocations.complete(doc._id, o.offeringId, context);
          done[outcome] += 1;
        } else if (o.created && o.lastFact > o.settledThrough) {
          if ((await this.allocations.settle(doc._id, o.offeringId, context)) !== null) done.settled += 1;
        }
      }
    }
    if (done.completed + done.released + done.settled + done.adopted > 0)
      this.logger.info(done, 'register sweep settled work');
    return done;
  }
}
