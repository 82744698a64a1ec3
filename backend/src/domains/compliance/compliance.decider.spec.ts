import { OWN_REQUEST } from '../../messages.js';
import { specify } from '../../testing/decider-spec.js';
import { compliance, REVIEW_ALREADY_REQUESTED } from './compliance.decider.js';
import type { CheckId, ComplianceEvent } from './events.js';

const ownerId = 'owner-1';
const { given } = specify(compliance);
const requested: ComplianceEvent = {
  type: 'ComplianceReviewRequested',
  data: { ownerId, requestId: 'r-1', message: null },
};
const record = (status: 'passed' | 'failed', expiryDate: string | null, check: CheckId = 'aml') => ({
  type: 'RecordCheck' as const,
  ownerId,
  check,
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

  it('records a check; a passed check needs a future expiry date', () => {
    expect(given([]).when(record('passed', null)).error?.message).toBe('A passed AML/CFT check needs an expiry date');
    expect(given([]).when(record('passed', '2026-11-01')).error?.message).toBe(
      'The expiry date must be in the future for a passed check',
    );
    const recorded: ComplianceEvent = {
      type: 'ComplianceCheckRecorded',
      data: { ownerId, check: 'aml', status: 'passed', expiryDate: '2027-06-30', note: null, recordedBy: 'staff-1' },
    };
    expect(given([requested]).when(record('passed', '2027-06-30')).events).toEqual([recorded]);
    expect(given([recorded]).when(record('passed', '2027-06-30')).events).toEqual([]); // nothing new to say
  });

  it('given a requested review, when staff record the four checks one by one, then it stays open until the fourth completes it', () => {
    const recordedAs = (check: CheckId): ComplianceEvent => ({
      type: 'ComplianceCheckRecorded',
      data: { ownerId, check, status: 'passed', expiryDate: '2027-06-30', note: null, recordedBy: 'staff-1' },
    });
    const history: ComplianceEvent[] = [requested];
    for (const check of ['fma', 'aml', 'privacy'] as const) {
      const { events } = given(history).when(record('passed', '2027-06-30', check));
      expect(events).toEqual([recordedAs(check)]);
      history.push(...events!);
      expect(given(history).state.openRequest?.recorded.has(check)).toBe(true);
    }
    // A check recorded again during the review adds nothing; the review is still open.
    expect(given(history).when(record('passed', '2027-06-30', 'aml')).events).toEqual([]);
    const last = given(history).when(record('failed', null, 'fmca')).events!;
    expect(last).toEqual([
      {
        type: 'ComplianceCheckRecorded',
        data: { ownerId, check: 'fmca', status: 'failed', expiryDate: null, note: null, recordedBy: 'staff-1' },
      },
      { type: 'ComplianceReviewCompleted', data: { ownerId, requestId: 'r-1', completedBy: 'staff-1' } },
    ]);
    expect(given([...history, ...last]).state.openRequest).toBeNull();
  });

  it('given checks recorded before the review was asked for, when the review comes, then each is recorded again, even unchanged', () => {
    const before: ComplianceEvent = {
      type: 'ComplianceCheckRecorded',
      data: { ownerId, check: 'aml', status: 'passed', expiryDate: '2027-06-30', note: null, recordedBy: 'staff-1' },
    };
    expect(given([before, requested]).when(record('passed', '2027-06-30')).events).toEqual([before]);
    // Once the review is complete a new one can be asked for.
    const done: ComplianceEvent = {
      type: 'ComplianceReviewCompleted',
      data: { ownerId, requestId: 'r-1', completedBy: 'staff-1' },
    };
    expect(
      given([requested, done]).when({ type: 'RequestReview', ownerId, requestId: 'r-2', message: null }).events,
    ).toHaveLength(1);
  });

  it('four eyes: nobody records a check on their own compliance (403, nothing decided)', () => {
    expect(given([requested]).when({ ...record('passed', '2027-06-30'), recordedBy: ownerId })).toMatchObject({
      events: null,
      error: { message: OWN_REQUEST, status: 403 },
    });
  });
});
