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
 *
 * Each reason belongs to a check named as in the answer (eventStore, readStore, projections, chain, or a domain's
 * check such as register); `failing` lists those names, which anyone may read, while the reasons (with positions,
 * projection names and counts) are for operators.
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
  /** The checks the reasons belong to, each named once, in the reasons' order. */
  failing: string[];
}

/** A reason and the check it belongs to. */
type Finding = [check: string, reason: string];

export function healthVerdict(parts: HealthParts): HealthVerdict {
  const blocking: Finding[] = [];
  const degrading: Finding[] = [];
  for (const [check, name, store] of [
    ['eventStore', 'Event store', parts.eventStore],
    ['readStore', 'Read store', parts.readStore],
  ] as const)
    if (!store.ok)
      blocking.push([check, `${name} (${store.kind}) is not answering${store.detail ? `: ${store.detail}` : ''}`]);
  for (const p of parts.projections) {
    // Still serving from memory, current: only storing its copy is held up, and is retried.
    if (p.persistence && p.status !== 'failed')
      degrading.push([
        'projections',
        `Projection ${p.name} is serving from memory but not stored: retrying (${plural(p.persistence.attempts, 'failed attempt', 'failed attempts')}, last: ${p.persistence.lastError})`,
      ]);
    if (p.status !== 'failed') continue;
    const at = p.lastError ? `${p.lastError.position} (${p.lastError.eventType})` : String(p.checkpoint);
    blocking.push(['projections', `Projection ${p.name} stopped at position ${at}`]);
  }
  const { chain } = parts;
  const chainReason = (reason: string) => degrading.push(['chain', reason]);
  if (chain.kind !== 'off') {
    if (chain.starting) chainReason('Chain node is starting: chain transactions wait for it');
    else if (!chain.ok) chainReason(`Chain node is not answering${chain.detail ? `: ${chain.detail}` : ''}`);
    if (chain.stateLoading) chainReason('Chain state is loading after a restart: chain views wait for it');
    if (chain.overdue)
      chainReason(
        `${plural(chain.overdue, 'chain transaction has', 'chain transactions have')} waited more than ${duration(chain.pendingBoundSeconds ?? 0)}`,
      );
    // Held up: failed, or waiting on something no send will bring (GET /api/admin/chain/problems, Retry).
    if (chain.problems)
      chainReason(
        `${plural(chain.problems, 'chain transaction is held up and needs', 'chain transactions are held up and need')} an admin (Operations)`,
      );
    if (chain.drift) {
      const inFlight = chain.pending ? ` (${plural(chain.pending, 'transaction', 'transactions')} still pending)` : '';
      chainReason(`On-chain balances differ from the register by ${plural(chain.drift, 'token', 'tokens')}${inFlight}`);
    }
    if (chain.stablecoinDrift) {
      const inFlight = chain.pending ? ` (${plural(chain.pending, 'transaction', 'transactions')} still pending)` : '';
      const cents = chain.stablecoinDrift;
      chainReason(
        `Stablecoin balances differ from the distributions paid in it by NZD ${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}${inFlight}`,
      );
    }
  }
  for (const [name, report] of Object.entries(parts.checks))
    if (report.ok === false)
      degrading.push([name, typeof report.reason === 'string' ? report.reason : `The ${name} check failed`]);
  const findings = [...blocking, ...degrading];
  return {
    status: findings.length === 0 ? 'ok' : 'degraded',
    ready: blocking.length === 0,
    reasons: findings.map(([, reason]) => reason),
    failing: [...new Set(findings.map(([check]) => check))],
  };
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function duration(seconds: number): string {
  if (seconds % 3600 === 0) return plural(seconds / 3600, 'hour', 'hours');
  if (seconds % 60 === 0) return plural(seconds / 60, 'minute', 'minutes');
  return plural(seconds, 'second', 'seconds');
}
