import type { ProjectionInfo } from '../projection-engine/projection-engine.js';
import { healthVerdict, type HealthParts } from './health-verdict.js';

const projection = (name: string, over: Partial<ProjectionInfo> = {}): ProjectionInfo => ({
  name,
  version: 1,
  status: 'live',
  checkpoint: 10,
  head: 10,
  lag: 0,
  rate: 0,
  lastError: null,
  rebuild: null,
  lastRebuild: null,
  persistence: null,
  ...over,
});

const healthy = (): HealthParts => ({
  eventStore: { ok: true, kind: 'pglite' },
  readStore: { ok: true, kind: 'pglite' },
  projections: [projection('holdings')],
  chain: { ok: true, kind: 'anvil', drift: 0, pending: 0, overdue: 0, pendingBoundSeconds: 120 },
  checks: { register: { ok: true } },
});

describe('healthVerdict', () => {
  it('is ok and ready with nothing wrong (and with no chain at all)', () => {
    expect(healthVerdict(healthy())).toEqual({ status: 'ok', ready: true, reasons: [], failing: [] });
    expect(healthVerdict({ ...healthy(), chain: { ok: true, kind: 'off', drift: null } }).status).toBe('ok');
  });

  it('is not ready when a store does not answer or a projection stopped, naming each (and its check)', () => {
    const verdict = healthVerdict({
      ...healthy(),
      eventStore: { ok: false, kind: 'postgres', detail: 'connection refused' },
      projections: [
        projection('holdings', {
          status: 'failed',
          lastError: { message: 'boom', position: 123, eventType: 'InvestmentConfirmed', streamId: 's', at: '' },
        }),
        projection('registers', { status: 'rebuilding' }),
      ],
    });
    expect(verdict).toEqual({
      status: 'degraded',
      ready: false,
      reasons: [
        'Event store (postgres) is not answering: connection refused',
        'Projection holdings stopped at position 123 (InvestmentConfirmed)',
      ],
      failing: ['eventStore', 'projections'],
    });
  });

  it('is degraded but ready while a projection retries storing its read model, naming it', () => {
    const retrying = {
      retrying: true as const,
      attempts: 3,
      lastError: 'deadlock detected',
      nextAttemptAt: '2026-01-01T00:00:00.400Z',
    };
    expect(
      healthVerdict({
        ...healthy(),
        projections: [projection('holdings', { persistence: retrying }), projection('registers')],
      }),
    ).toEqual({
      status: 'degraded',
      ready: true,
      reasons: [
        'Projection holdings is serving from memory but not stored: retrying (3 failed attempts, last: deadlock detected)',
      ],
      failing: ['projections'],
    });
  });

  it('is degraded but ready when the chain is down, sends wait too long, or balances drift', () => {
    expect(
      healthVerdict({ ...healthy(), chain: { ok: false, kind: 'anvil', detail: 'fetch failed', drift: null } }),
    ).toEqual({
      status: 'degraded',
      ready: true,
      reasons: ['Chain node is not answering: fetch failed'],
      failing: ['chain'],
    });
    // Still being opened at boot: named as starting, never ok.
    expect(
      healthVerdict({
        ...healthy(),
        chain: { ok: false, starting: true, kind: 'anvil', detail: 'the chain is starting', drift: null },
      }),
    ).toEqual({
      status: 'degraded',
      ready: true,
      reasons: ['Chain node is starting: chain transactions wait for it'],
      failing: ['chain'],
    });
    expect(
      healthVerdict({
        ...healthy(),
        chain: { ok: true, kind: 'anvil', drift: 4, pending: 4, overdue: 4, pendingBoundSeconds: 120 },
      }).reasons,
    ).toEqual([
      '4 chain transactions have waited more than 2 minutes',
      'On-chain balances differ from the register by 4 tokens (4 transactions still pending)',
    ]);
    expect(
      healthVerdict({
        ...healthy(),
        chain: { ok: true, kind: 'rpc', drift: 1, pending: 0, overdue: 1, pendingBoundSeconds: 90 },
      }).reasons,
    ).toEqual([
      '1 chain transaction has waited more than 90 seconds',
      'On-chain balances differ from the register by 1 token',
    ]);
    const heldUp = healthVerdict({
      ...healthy(),
      chain: { ok: true, kind: 'anvil', drift: 2, pending: 0, overdue: 0, problems: 1 },
    });
    expect(heldUp.reasons).toEqual([
      '1 chain transaction is held up and needs an admin (Operations)',
      'On-chain balances differ from the register by 2 tokens',
    ]);
    // Named once, however many of its reasons.
    expect(heldUp.failing).toEqual(['chain']);
  });

  it('is degraded by a failed domain check, in its own words', () => {
    const verdict = healthVerdict({
      ...healthy(),
      checks: {
        register: { ok: false, reason: 'Register drift 4 on 1 asset' },
        other: { ok: false },
        later: { ok: null },
      },
    });
    expect(verdict).toEqual({
      status: 'degraded',
      ready: true,
      reasons: ['Register drift 4 on 1 asset', 'The other check failed'],
      failing: ['register', 'other'],
    });
  });
});
