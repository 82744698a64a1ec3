import type { ChainPort } from './chain.js';

/** What the token domain last found when it compared the chain with the register (read by /api/health). */
export interface Reconciliation {
  /** Σ |register − chain| over every holder of every token; must be 0 once nothing is pending. */
  drift: number;
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

  constructor(readonly chain: ChainPort | null) {}

  async health() {
    if (!this.chain) return { ok: true, kind: 'off' as const, chainId: null, head: null, drift: null };
    const health = await this.chain.health();
    let reconciliation = this.reconciliation;
    if (health.ok && this.reconcile) {
      try {
        reconciliation = await this.reconcile();
      } catch {
        // keep the last one
      }
    }
    return {
      ...health,
      drift: reconciliation?.drift ?? null,
      pending: reconciliation?.pending ?? null,
      problems: reconciliation?.problems ?? null,
    };
  }
}
