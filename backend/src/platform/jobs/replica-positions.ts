import type { ProjectionEngine } from '../projection-engine/projection-engine.js';
import type { JobRunner } from './job-runner.js';
import { REPLICA_STALE_MS, type ReplicaBeat } from './leases.js';

/** How long a sign-out, a revocation or a role change waits for every live replica to apply it. */
export const APPLIED_EVERYWHERE_MS = 3_000;
/** How long a signed-in request waits for this replica to reach the fence or land a heartbeat. */
const READY_WAIT_MS = 2_000;

/**
 * What makes a sign-out, a revocation or a role change honoured nowhere once answered, with several replicas each
 * serving sessions from its own memory. First the change's position is recorded as the fence: a replica serves no
 * signed-in request while its read models are behind the fence its last heartbeat read, nor while its own heartbeat
 * has not landed for REPLICA_STALE_MS (it could have missed a raised fence). Then the answer waits until every live
 * replica has published a checkpoint at or past the change — or has gone stale, or the wait ran out: either way the
 * fence keeps it from honouring what was ended, and it serves again once it has caught up.
 */
export class ReplicaPositions {
  private waiters: { position: number; wake: () => void }[] = [];

  constructor(
    private readonly runner: JobRunner,
    private readonly engine: ProjectionEngine,
    /** The read models sessions and roles are read from: what a replica must have applied to honour a sign-out. */
    private readonly readModels: readonly string[],
  ) {
    runner.onBeat(() => {
      for (const waiter of this.waiters.splice(0)) waiter.wake();
    });
  }

  /** One replica on embedded data: nothing to wait for. */
  private get alone(): boolean {
    return this.runner.leases.kind === 'local';
  }

  /**
   * Raises the fence to `position`, then resolves true once every other live replica has applied it, false when
   * `timeoutMs` ran out first (the laggards refuse signed-in requests until they have).
   */
  async appliedEverywhere(position: number, timeoutMs = APPLIED_EVERYWHERE_MS): Promise<boolean> {
    if (this.alone) return true;
    await this.runner.leases.raiseFence(position);
    // Heartbeats after the fence went up, so that a replica's published checkpoint is compared with it.
    const raisedAt = Date.now();
    const until = raisedAt + timeoutMs;
    while (Date.now() < until) {
      const beat = this.runner.lastBeat;
      if (beat && beat.at > raisedAt && this.behind(beat.replicas, position).length === 0) return true;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, until - Date.now()));
        this.waiters.push({
          position,
          wake: () => {
            clearTimeout(timer);
            resolve();
          },
        });
      });
    }
    return false;
  }

  private behind(replicas: readonly ReplicaBeat[], position: number): ReplicaBeat[] {
    const me = this.runner.replica.id;
    return replicas.filter((r) => r.id !== me && r.checkpoint < position);
  }

  /**
   * Whether this replica may serve a signed-in request now: its heartbeat is fresh and its read models are at the
   * fence (waiting a little for either).
   */
  async ready(): Promise<boolean> {
    if (this.alone) return true;
    const until = Date.now() + READY_WAIT_MS;
    for (;;) {
      const beat = this.runner.lastBeat;
      if (beat && Date.now() - beat.at < REPLICA_STALE_MS) {
        return this.engine.waitFor(beat.fence, [...this.readModels], Math.max(0, until - Date.now()));
      }
      if (Date.now() >= until) return false;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
