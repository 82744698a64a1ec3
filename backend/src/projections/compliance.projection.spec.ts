import type { ComplianceEvent } from '../domains/compliance/events.js';
import { project } from '../platform/projection-engine/projection.js';
import { recorded } from '../testing/recorded.js';
import { complianceProjection, complianceScore, effectiveChecks } from './compliance.js';

const ownerId = 'owner-1';
const check = (
  c: 'fma' | 'aml' | 'privacy' | 'fmca',
  status: 'passed' | 'failed',
  expiryDate: string | null,
): ComplianceEvent => ({
  type: 'ComplianceCheckRecorded',
  data: { ownerId, check: c, status, expiryDate, note: null, recordedBy: 'staff-1' },
});

describe('compliance projection', () => {
  it('given three checks passed, then 75% Good (docs/specification.md §9); a passed check past its expiry reads as expired', () => {
    const doc = project(
      complianceProjection,
      recorded(`compliance-${ownerId}`, [
        check('fma', 'passed', '2027-12-31'),
        check('aml', 'passed', '2027-06-30'),
        check('privacy', 'passed', '2026-12-15'),
        check('fmca', 'failed', null),
      ]),
    ).get(ownerId)!;
    expect(complianceScore(effectiveChecks(doc, '2026-11-23'))).toEqual({ score: 75, label: 'Good' });
    const later = effectiveChecks(doc, '2027-01-01');
    expect(later.find((c) => c.id === 'privacy')!.status).toBe('expired');
    expect(complianceScore(later)).toEqual({ score: 50, label: 'Needs Attention' });
    expect(doc.history[0]!.event).toBe('FMCA Disclosure recorded as failed');
  });

  it('given nothing, then four pending checks and 0%; all four passed is Excellent', () => {
    expect(complianceScore(effectiveChecks(null, '2026-11-23'))).toEqual({ score: 0, label: 'Needs Attention' });
    const all = project(
      complianceProjection,
      recorded(
        'c',
        (['fma', 'aml', 'privacy', 'fmca'] as const).map((c) => check(c, 'passed', '2030-01-01')),
      ),
    ).get(ownerId)!;
    expect(complianceScore(effectiveChecks(all, '2026-11-23'))).toEqual({ score: 100, label: 'Excellent' });
  });

  it('given a review requested and three checks recorded, then it is still open naming them; completed, then closed', () => {
    const requested: ComplianceEvent = {
      type: 'ComplianceReviewRequested',
      data: { ownerId, requestId: 'r-1', message: 'Please review' },
    };
    const three = [
      check('fma', 'passed', '2030-01-01'),
      check('aml', 'passed', '2030-01-01'),
      check('privacy', 'failed', null),
    ];
    const open = project(complianceProjection, recorded('c', [requested, ...three])).get(ownerId)!;
    expect(open.openRequest).toMatchObject({
      requestId: 'r-1',
      message: 'Please review',
      recorded: ['fma', 'aml', 'privacy'],
    });
    const completed: ComplianceEvent = {
      type: 'ComplianceReviewCompleted',
      data: { ownerId, requestId: 'r-1', completedBy: 'staff-1' },
    };
    const done = project(
      complianceProjection,
      recorded('c', [requested, ...three, check('fmca', 'passed', '2030-01-01'), completed]),
    ).get(ownerId)!;
    expect(done.openRequest).toBeNull();
    expect(done.history[0]!.event).toBe('Compliance review completed');
  });
});
