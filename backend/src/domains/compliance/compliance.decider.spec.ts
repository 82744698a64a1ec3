import { specify } from '../../testing/decider-spec.js';
import { compliance, REVIEW_ALREADY_REQUESTED } from './compliance.decider.js';
import type { ComplianceEvent } from './events.js';

const ownerId = 'owner-1';
const { given } = specify(compliance);
const requested: ComplianceEvent = {
  type: 'ComplianceReviewRequested',
  data: { ownerId, requestId: 'r-1', message: null },
};
const record = (status: 'passed' | 'failed', expiryDate: string | null) => ({
  type: 'RecordCheck' as const,
  ownerId,
  check: 'aml' as const,
  status,
  expiryDate,
  note: null,
  recordedBy: 'staff-1',
  today: '2026-11-23',
});

describe('Compliance decider', () => {
  it('given nothing, when the owner requests a review, then ComplianceReviewRequested; a second while open is refused', () => {
    expect(given([]).when({ type: 'RequestReview', ownerId, requestId: 'r-1', message: null }).events).toEqual([
      requested,
    ]);
    expect(
      given([requested]).when({ type: 'RequestReview', ownerId, requestId: 'r-2', message: null }).error?.message,
    ).toBe(REVIEW_ALREADY_REQUESTED);
  });

  it('records a check; a passed check needs a future expiry date; recording answers the open request', () => {
    expect(given([]).when(record('passed', null)).error?.message).toBe('A passed AML/CFT check needs an expiry date');
    expect(given([]).when(record('passed', '2026-11-01')).error?.message).toBe(
      'The expiry date must be in the future for a passed check',
    );
    const recorded: ComplianceEvent = {
      type: 'ComplianceCheckRecorded',
      data: { ownerId, check: 'aml', status: 'passed', expiryDate: '2027-06-30', note: null, recordedBy: 'staff-1' },
    };
    expect(given([requested]).when(record('passed', '2027-06-30')).events).toEqual([recorded]);
    expect(given([requested, recorded]).state.openRequest).toBeNull();
    expect(given([recorded]).when(record('passed', '2027-06-30')).events).toEqual([]); // nothing new to say
  });
});
