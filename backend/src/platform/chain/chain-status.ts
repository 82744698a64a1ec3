import type { ChainPort } from './chain.js';

/** What the token domain last found when it compared the chain with the register (read by /api/health). */
export interface Reconciliation {
  /** Σ |register − chain| over every holder of every token; must be 0 once nothing is pending. */
  drift: number;
  /** Σ |paid − held|, in cents, over the wallets distributions paid in the stablecoin (issue 31); 0 when they agree. */
  stablecoinDrift: number;
  /** Chain transactions not yet settled: while there are any, drift may be their tokens in flight. */
  pending: number;
  /** Transactions that will not happen by themselves (failed, or waiting on nothing that moves): see an admin. */
  problems: number;
  checkedAt: string;
  head: number;
}

/**
 * The chain and its last reconciliation, shared between the platform's health check and the token domain
 * (platform code imports no domain: the domain writes here, health reads).
 */
export class ChainStatus {
  reconciliation: Reconciliation | null = null;
  /** Refreshes `reconciliation`; set by the token domain. */
  reconcile: (() => Promise<Reconciliation>) | null = null;
  /** Counts the chain transactions requested before `before` and still without outcome; set by the token domain. */
  waitingSince: ((before: Date) => number) | null = null;
  /** Counts the chain transactions without outcome, from the log (no node needed); set by the token domain. */
  pendingNow: (() => number) | null = null;
  /** Whether the token domain's state of the chain is still loading (a restart's first moments); set by it. */
  stateLoading: (() => boolean) | null = null;

  constructor(
    readonly chain: ChainPort | null,
    /** A transaction without outcome for longer than this is overdue (`CHAIN_PENDING_BOUND_SECONDS`). */
    readonly pendingBoundSeconds = 120,
  ) {}

  async health() {
    if (!this.chain) return { ok: true, kind: 'off' as const, chainId: null, head: null, drift: null };
    const health = await this.chain.health();
    // Loading: nothing to reconcile or count yet — health answers at once rather than wait for it.
    const stateLoading = this.stateLoading?.() ?? false;
    let reconciliation = this.reconciliation;
    if (health.ok && this.reconcile && !stateLoading) {
      try {
        reconciliation = await this.reconcile();
      } catch {
        // keep the last one
      }
    }
    // Counted from the log whether or not the node answers: a node that is down is when sends wait.
    const overdue = stateLoading
      ? 0
      : (this.waitingSince?.(new Date(Date.now() - this.pendingBoundSeconds * 1000)) ?? 0);
    // A node that does not answer cannot be compared with: its drift is not known (null), not the last figure found
    // (which read as "0: all agree" while transactions piled up); what waits is still counted from the log.
    return {
      ...health,
      ...(stateLoading ? { stateLoading } : {}),
      drift: health.ok ? (reconciliation?.drift ?? null) : null,
      stablecoinDrift: health.ok ? (reconciliation?.stablecoinDrift ?? null) : null,
      pending: stateLoading ? null : (this.pendingNow?.() ?? reconciliation?.pending ?? null),
      overdue,
      pendingBoundSeconds: this.pendingBoundSeconds,
      problems: reconciliation?.problems ?? null,
    };
  }
}
