import type { Logger } from 'pino';
import { KeptSnapshots } from '../read-store/kept-snapshots.js';
import type { ReadStore } from '../read-store/read-store.js';

/** The read store's collection of the log followers' checkpoints: one snapshot per follower, named by its job. */
export const LOG_CHECKPOINTS = '_log_checkpoints';
/** What a checkpoint's snapshot holds (its position only); another version is not resumed from. */
const VERSION = 1;
/** A follower's position is stored at most this often while it handles events, and when it stops. */
const SAVE_EVERY_MS = 1_000;

/**
 * Where a process manager that follows the log (transfer settlements, stablecoin payments) has got to, kept as the
 * chain outbox keeps its fold (`KeptSnapshots` in the read store), so that a restart reads only the events after it.
 * The position is stored after the events up to it were handled, a second later at most: a crash in between
 * delivers those events again, so the follower's handlers must decide nothing twice (each is idempotent).
 */
export class LogCheckpoint {
  private readonly snapshots: KeptSnapshots;
  /** The last position handled, and the last stored. */
  private position = 0;
  private saved = 0;
  private timer: NodeJS.Timeout | null = null;
  private saving: Promise<void> = Promise.resolve();

  constructor(
    reads: ReadStore,
    private readonly name: string,
    private readonly logger: Logger,
    private readonly everyMs = SAVE_EVERY_MS,
  ) {
    this.snapshots = new KeptSnapshots(reads, LOG_CHECKPOINTS);
  }

  /** The stored position, or null when there is none to resume from (the follower then works out where to start). */
  async load(): Promise<number | null> {
    const loaded = await this.snapshots.load(this.name, VERSION).catch((error: unknown) => {
      this.logger.warn({ err: error, follower: this.name }, 'log checkpoint could not be read');
      return { json: null, head: null };
    });
    if (loaded.json === null) return null;
    this.position = this.saved = loaded.head.position;
    return this.position;
  }

  /** Every event up to `position` was handled: stored within a second. */
  handled(position: number): void {
    if (position <= this.position) return;
    this.position = position;
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.everyMs);
    this.timer.unref();
  }

  /** Stores the position handled now (at stop), after any write under way. */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const run = this.saving.then(() => this.write());
    this.saving = run;
    return run;
  }

  private async write(): Promise<void> {
    const position = this.position;
    if (position <= this.saved) return;
    try {
      await this.snapshots.save(this.name, JSON.stringify({ position }), { version: VERSION, position });
      this.saved = position;
    } catch (error) {
      this.logger.warn({ err: error, follower: this.name }, 'log checkpoint not written; trying again later');
    }
  }
}
