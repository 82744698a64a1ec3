import type { ProjectionInfo } from '../projection-engine/projection-engine.js';
import type { HealthReport } from '../operations/health-checks.js';

/**
 * Readiness and its reasons, from what `/api/health` gathered (pure; health-verdict.spec.ts).
 *
 * - **Not ready** (HTTP 503, `ready: false`): this replica cannot serve correctly — the event store or the read
 *   store does not answer, or a projection has stopped (its read model no longer follows the log). A load balancer
 *   should send its requests elsewhere.
 * - **Degraded** (HTTP 200, `status: "degraded"`, `ready: true`): the replica serves, but something an operator
 *   must see is wrong — the chain node does not answer, chain transactions have waited beyond the bound or are
 *   held up (failed, or waiting on something no send will bring), on-chain
 *   balances differ from the register, a domain check (the register's reconciliation) failed, a projection's read
 *   model serves from memory while storing it is retried (a deadlock, a lost connection). Taking the replica
 *   out would not help: every replica shares these, and the pages and API still answer.
 */
export interface HealthParts {
  eventStore: { ok: boolean; kind: string; detail?: string };
  readStore: { ok: boolean; kind: string; detail?: string };
  projections: ProjectionInfo[];
  chain: {
    ok: boolean;
    kind: string;
    detail?: string;
    /** Being opened (the embedded node starting). */
    starting?: boolean;
    /** The token domain's state of the chain is being loaded (a restart's first moments). */
    stateLoading?: boolean;
    drift: number | null;
    /** Cents: the stablecoin distributions paid against the wallets' balances. */
    stablecoinDrift?: number | null;
    pending?: number | null;
    overdue?: number;
    pendingBoundSeconds?: number;
    problems?: number | null;
  };
  checks: Record<string, HealthReport>;
}

export interface HealthVerdict {
  status: 'ok' | 'degraded';
  ready: boolean;
  reasons: string[];
}

export function healthVerdict(parts: HealthParts): HealthVerdict {
  const blocking: string[] = [];
  const degrading: string[] = [];
  for (const [name, store] of [
    ['Event store', parts.eventStore],
    ['Read store', parts.readStore],
  ] as const)
    if (!store.ok) blocking.push(`${name} (${store.kind}) is not answering${store.detail ? `: ${store.detail}` : ''}`);
  for (const p of parts.projections) {
    // Still serving from memory, current: only storing its copy is held up, and is retried.
    if (p.persistence && p.status !== 'failed')
      degrading.push(
        `Projection ${p.name} is serving from memory but not stored: retrying (${plural(p.persistence.attempts, 'failed attempt', 'failed attempts')}, last: ${p.persistence.lastError})`,
      );
    if (p.status !== 'failed') continue;
    const at = p.lastError ? `${p.lastError.position} (${p.lastError.eventType})` : String(p.checkpoint);
    blocking.push(`Projection ${p.name} stopped at position ${at}`);
  }
  const { chain } = parts;
  if (chain.kind !== 'off') {
    if (chain.starting) degrading.push('Chain node is starting: chain transactions wait for it');
    else if (!chain.ok) degrading.push(`Chain node is not answering${chain.detail ? `: ${chain.detail}` : ''}`);
    if (chain.stateLoading) degrading.push('Chain state is loading after a restart: chain views wait for it');
    if (chain.overdue)
      degrading.push(
        `${plural(chain.overdue, 'chain transaction has', 'chain transactions have')} waited more than ${duration(chain.pendingBoundSeconds ?? 0)}`,
      );
    // Held up: failed, or waiting on something no send will bring (GET /api/admin/chain/problems, Retry).
    if (chain.problems)
      degrading.push(
        `${plural(chain.problems, 'chain transaction is held up and needs', 'chain transactions are held up and need')} an admin (Operations)`,
      );
    if (chain.drift) {
      const inFlight = chain.pending ? ` (${plural(chain.pending, 'transaction', 'transactions')} still pending)` : '';
      degrading.push(
        `On-chain balances differ from the register by ${plural(chain.drift, 'token', 'tokens')}${inFlight}`,
      );
    }
    if (chain.stablecoinDrift) {
      const inFlight = chain.pending ? ` (${plural(chain.pending, 'transaction', 'transactions')} still pending)` : '';
      const cents = chain.stablecoinDrift;
      degrading.push(
        `Stablecoin balances differ from the distributions paid in it by NZD ${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}${inFlight}`,
      );
    }
  }
  for (const [name, report] of Object.entries(parts.checks))
    if (report.ok === false)
      degrading.push(typeof report.reason === 'string' ? report.reason : `The ${name} check failed`);
  const reasons = [...blocking, ...degrading];
  return { status: reasons.length === 0 ? 'ok' : 'degraded', ready: blocking.length === 0, reasons };
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function duration(seconds: number): string {
  if (seconds % 3600 === 0) return plural(seconds / 3600, 'hour', 'hours');
  if (seconds % 60 === 0) return plural(seconds / 60, 'minute', 'minutes');
  return plural(seconds, 'second', 'seconds');
}
