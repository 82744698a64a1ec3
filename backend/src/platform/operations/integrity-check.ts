import type { EventStore } from '../event-store/event-store.js';
import type { IntegrityReport } from '../event-store/integrity.js';

export interface IntegrityCheckStatus {
  running: boolean;
  checked: number;
  /** Events in the log when the check started (the progress bar's end). */
  total: number;
  startedAt: string | null;
  finishedAt: string | null;
  /** The last finished check's report; null for EventStoreDB, which keeps no hashes. */
  report: IntegrityReport | null;
  supported: boolean;
  error: string | null;
}

/**
 * One tamper-evidence check at a time for the whole app: the audit screen's button and the CLI start it and
 * follow its progress; a second start while one runs joins it.
 */
export class IntegrityCheck {
  private current: IntegrityCheckStatus = {
    running: false,
    checked: 0,
    total: 0,
    startedAt: null,
    finishedAt: null,
    report: null,
    supported: true,
    error: null,
  };
  private running: Promise<IntegrityCheckStatus> | null = null;

  constructor(private readonly store: EventStore) {}

  status(): IntegrityCheckStatus {
    return { ...this.current };
  }

  /** Starts a check unless one is running; resolves when it is done. */
  start(): Promise<IntegrityCheckStatus> {
    if (!this.running) {
      // Marked running before the first await, so the caller's status already says so.
      this.current = {
        running: true,
        checked: 0,
        total: 0,
        startedAt: new Date().toISOString(),
        finishedAt: null,
        report: null,
        supported: true,
        error: null,
      };
      this.running = this.run().finally(() => (this.running = null));
    }
    return this.running;
  }

  private async run(): Promise<IntegrityCheckStatus> {
    try {
      this.current.total = await this.store.headPosition();
      const report = await this.store.verifyIntegrity((checked, total) => {
        this.current.checked = checked;
        this.current.total = Math.max(total, checked);
      });
      this.current = {
        ...this.current,
        running: false,
        report,
        supported: report !== null,
        checked: report?.checkedEvents ?? this.current.checked,
        finishedAt: new Date().toISOString(),
      };
    } catch (error) {
      this.current = {
        ...this.current,
        running: false,
        error: error instanceof Error ? error.message : String(error),
        finishedAt: new Date().toISOString(),
      };
    }
    return this.status();
  }
}
