/** What a domain adds to `/api/health`: a figure it keeps up to date itself, read without work on each request. */
export interface HealthReport {
  /** false degrades the app's status; null: not known yet (e.g. before a first run). */
  ok: boolean | null;
  /** Why ok is false, in words for an operator (public: name no person or asset); listed in health's reasons. */
  reason?: string;
  [detail: string]: unknown;
}

/**
 * The checks beyond the stores and projections that `/api/health` shows, each under its name. Platform code
 * cannot know the domains; they register here at boot (the register's reconciliation, for one).
 */
export class HealthChecks {
  private readonly checks = new Map<string, () => HealthReport>();

  add(name: string, report: () => HealthReport): void {
    this.checks.set(name, report);
  }

  reports(): Map<string, HealthReport> {
    return new Map([...this.checks].map(([name, report]) => [name, report()]));
  }
}
