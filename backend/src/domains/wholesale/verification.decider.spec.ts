import { specify } from '../../testing/decider-spec.js';
import type { WholesaleEvent } from './events.js';
import { addMonths, isWholesaleAt, REJECTION_REASON_REQUIRED, verification, type VerificationCommand } from './verification.decider.js';

const userId = 'investor-1';
const { given } = specify(verification);
const submit = (over: Partial<Extract<VerificationCommand, { type: 'SubmitVerification' }>> = {}): VerificationCommand => ({
  type: 'SubmitVerification', verificationId: 'v-1', userId, verificationType: 'high_net_worth', netWorthAmount: 6_000_000, investmentAmount: 900_000, professionalType: 'lawyer', verifierName: 'Hine Walker', verifierContact: 'hine@law.nz', documents: [], ...over,
});
const submitted: WholesaleEvent = { type: 'VerificationSubmitted', data: { verificationId: 'v-1', userId, subjectId: userId, verificationType: 'high_net_worth', grounds: { netWorthAmount: 6_000_000, investmentAmount: null, professionalType: null }, documents: [], personal: { verifierName: 'Hine Walker', verifierContact: 'hine@law.nz' } } };
const approved: WholesaleEvent = { type: 'VerificationApproved', data: { verificationId: 'v-1', userId, approvedBy: 'admin-1', verifiedAt: '2026-11-23T00:00:00.000Z', validUntil: '2028-11-23T00:00:00.000Z' } };

describe('Wholesale verification decider', () => {
  it('records only the grounds of the category relied on (Schedule 1), with the verifier under personal data', () => {
    expect(given([]).when(submit()).events).toEqual([submitted]);
  });

  it("refuses grounds below the thresholds with the spec's messages", () => {
    expect(given([]).when(submit({ netWorthAmount: 4_999_999 })).error?.message).toBe('Net worth must be at least NZD 5,000,000');
    expect(given([]).when(submit({ verificationType: 'large_investment', investmentAmount: 749_999 })).error?.message).toBe('Investment must be at least NZD 750,000');
    expect(given([]).when(submit({ verificationType: 'professional', professionalType: null })).error?.message).toBe('Please choose your profession');
    expect(given([]).when(submit({ verifierName: ' A ' })).error?.message).toBe('Verifier name required');
    expect(given([submitted]).when(submit()).error?.message).toBe('Your verification is already being reviewed (2-5 business days)');
  });

  it('approves for the validity period; rejection needs a reason; only pending items are decided', () => {
    expect(given([submitted]).when({ type: 'ApproveVerification', verificationId: 'v-1', userId, adminId: 'admin-1', now: '2026-11-23T00:00:00.000Z', validityMonths: 24 }).events).toEqual([approved]);
    expect(given([submitted]).when({ type: 'RejectVerification', verificationId: 'v-1', userId, adminId: 'admin-1', reason: '  ' }).error).toMatchObject({ message: REJECTION_REASON_REQUIRED, title: 'Rejection Reason Required' });
    expect(given([submitted, approved]).when({ type: 'RejectVerification', verificationId: 'v-1', userId, adminId: 'admin-1', reason: 'late' }).error?.message).toBe('Only a pending verification can be approved or rejected');
  });

  it('lapses after the validity period: wholesale until then, VerificationExpired once past it', () => {
    const state = given([submitted, approved]).state;
    expect(isWholesaleAt(state, '2028-11-22T23:59:59.000Z')).toBe(true);
    expect(isWholesaleAt(state, '2028-11-23T00:00:00.000Z')).toBe(false);
    expect(given([submitted, approved]).when({ type: 'ExpireVerification', userId, now: '2027-01-01T00:00:00.000Z' }).events).toEqual([]);
    expect(given([submitted, approved]).when({ type: 'ExpireVerification', userId, now: '2028-12-01T00:00:00.000Z' }).events).toEqual([
      { type: 'VerificationExpired', data: { verificationId: 'v-1', userId, expiredAt: '2028-12-01T00:00:00.000Z' } },
    ]);
    expect(addMonths('2026-08-31T10:00:00.000Z', 6)).toBe('2027-02-28T10:00:00.000Z');
  });
});
