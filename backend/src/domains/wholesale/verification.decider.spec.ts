import { specify } from '../../testing/decider-spec.js';
import { OWN_REQUEST, REJECTION_REASON_REQUIRED, REVOCATION_MESSAGES } from '../../messages.js';
import { ACCOUNT_CLOSED } from '../identity/user.decider.js';
import type { VerificationStreamEvent, WholesaleEvent } from './events.js';
import {
  addMonths,
  FORGOTTEN_APPROVAL,
  FUTURE_SWEEP,
  isWholesaleAt,
  verification,
  type VerificationCommand,
} from './verification.decider.js';

const userId = 'investor-1';
const timer = { kind: 'system', name: 'verification-expiry' } as const;
const { given } = specify(verification);
const submit = (
  over: Partial<Extract<VerificationCommand, { type: 'SubmitVerification' }>> = {},
): VerificationCommand => ({
  type: 'SubmitVerification',
  verificationId: 'v-1',
  userId,
  verificationType: 'high_net_worth',
  netWorthAmount: 6_000_000,
  investmentAmount: 900_000,
  professionalType: 'lawyer',
  verifierName: 'Hine Walker',
  verifierContact: 'hine@law.nz',
  documents: [],
  ...over,
});
const submitted: WholesaleEvent = {
  type: 'VerificationSubmitted',
  data: {
    verificationId: 'v-1',
    userId,
    subjectId: userId,
    verificationType: 'high_net_worth',
    documents: [],
    personal: {
      verifierName: 'Hine Walker',
      verifierContact: 'hine@law.nz',
      grounds: { netWorthAmount: 6_000_000, investmentAmount: null, professionalType: null },
      fileNames: [],
    },
  },
};
const approved: WholesaleEvent = {
  type: 'VerificationApproved',
  data: {
    verificationId: 'v-1',
    userId,
    approvedBy: 'admin-1',
    verifiedAt: '2026-11-23T00:00:00.000Z',
    validUntil: '2028-11-23T00:00:00.000Z',
  },
};

describe('Wholesale verification decider', () => {
  it('records only the grounds of the category relied on (Schedule 1), with the verifier under personal data', () => {
    expect(given([]).when(submit()).events).toEqual([submitted]);
  });

  it("refuses grounds below the thresholds with the spec's messages", () => {
    expect(given([]).when(submit({ netWorthAmount: 4_999_999 })).error?.message).toBe(
      'Net worth must be at least NZD 5,000,000',
    );
    expect(
      given([]).when(submit({ verificationType: 'large_investment', investmentAmount: 749_999 })).error?.message,
    ).toBe('Investment must be at least NZD 750,000');
    expect(given([]).when(submit({ verificationType: 'professional', professionalType: null })).error?.message).toBe(
      'Please choose your profession',
    );
    expect(given([]).when(submit({ verifierName: ' A ' })).error?.message).toBe('Verifier name required');
    expect(given([submitted]).when(submit()).error?.message).toBe(
      'Your verification is already being reviewed (2-5 business days)',
    );
  });

  it('names every failing field at once', () => {
    expect(given([]).when(submit({ netWorthAmount: 4_999_999, verifierName: 'A' })).error).toMatchObject({
      status: 400,
      errors: [
        { field: 'netWorthAmount', message: 'Net worth must be at least NZD 5,000,000' },
        { field: 'verifierName', message: 'Verifier name required' },
      ],
    });
  });

  it('approves for the validity period; rejection needs a reason; only pending items are decided', () => {
    expect(
      given([submitted]).when({
        type: 'ApproveVerification',
        verificationId: 'v-1',
        userId,
        adminId: 'admin-1',
        now: '2026-11-23T00:00:00.000Z',
        validityMonths: 24,
      }).events,
    ).toEqual([approved]);
    expect(
      given([submitted]).when({
        type: 'RejectVerification',
        verificationId: 'v-1',
        userId,
        adminId: 'admin-1',
        reason: '  ',
      }).error,
    ).toMatchObject({ message: REJECTION_REASON_REQUIRED, title: 'Rejection Reason Required' });
    expect(
      given([submitted, approved]).when({
        type: 'RejectVerification',
        verificationId: 'v-1',
        userId,
        adminId: 'admin-1',
        reason: 'late',
      }).error?.message,
    ).toBe('Only a pending verification can be approved or rejected');
  });

  it('closes when its person is forgotten, once: no submission (403), no approval (409), a rejection still', () => {
    const closed: VerificationStreamEvent = { type: 'VerificationsClosed', data: { userId, reason: 'forgotten' } };
    const close = { type: 'CloseVerifications', userId } as const;
    expect(given([]).when(close).events).toEqual([closed]);
    expect(given([submitted, closed]).when(close).events).toEqual([]);
    expect(given([closed]).when(submit()).error).toMatchObject({ status: 403, message: ACCOUNT_CLOSED });
    // A pending one left by a race is never certified: nothing of its grounds or verifier is left to rely on.
    const decide = { verificationId: 'v-1', userId, adminId: 'admin-1' };
    const approve = { type: 'ApproveVerification', ...decide, now: '2026-11-23T00:00:00.000Z', validityMonths: 24 };
    expect(given([submitted, closed]).when(approve as VerificationCommand).error).toMatchObject({
      status: 409,
      message: FORGOTTEN_APPROVAL,
    });
    expect(
      given([submitted, closed]).when({ type: 'RejectVerification', ...decide, reason: 'Forgotten' }).events?.[0],
    ).toMatchObject({ type: 'VerificationRejected' });
  });

  it('lapses after the validity period: wholesale until then, VerificationExpired once past it', () => {
    const state = given([submitted, approved]).state;
    expect(isWholesaleAt(state, '2028-11-22T23:59:59.000Z')).toBe(true);
    expect(isWholesaleAt(state, '2028-11-23T00:00:00.000Z')).toBe(false);
    const sweep = (asOf: string, now = asOf) => ({ type: 'ExpireVerification', userId, asOf, now, by: timer }) as const;
    expect(given([submitted, approved]).when(sweep('2027-01-01T00:00:00.000Z')).events).toEqual([]);
    const expiredAt = '2028-12-01T00:00:00.000Z';
    expect(given([submitted, approved]).when(sweep(expiredAt)).events).toEqual([
      { type: 'VerificationExpired', data: { verificationId: 'v-1', userId, expiredAt, expiredBy: timer } },
    ]);
    expect(addMonths('2026-08-31T10:00:00.000Z', 6)).toBe('2027-02-28T10:00:00.000Z');
  });

  it('never sweeps as of a future moment (that would lapse valid certifications); records who swept', () => {
    const admin = { kind: 'user', userId: 'admin-1' } as const;
    const asOf = '2028-12-01T00:00:00.000Z';
    const sweepAt = (now: string) => ({ type: 'ExpireVerification', userId, asOf, now, by: admin }) as const;
    const early = given([submitted, approved]).when(sweepAt('2027-01-01T00:00:00.000Z'));
    expect(early.error).toMatchObject({ status: 400, errors: [{ field: 'asOf', message: FUTURE_SWEEP }] });
    const late = given([submitted, approved]).when(sweepAt('2029-01-01T00:00:00.000Z'));
    const expired = { verificationId: 'v-1', userId, expiredAt: asOf, expiredBy: admin };
    expect(late.events).toEqual([{ type: 'VerificationExpired', data: expired }]);
  });

  it('four eyes: an admin neither approves nor rejects their own verification (403, nothing decided)', () => {
    const own = given([submitted]);
    const now = '2026-11-23T00:00:00.000Z';
    expect(
      own.when({
        type: 'ApproveVerification',
        verificationId: 'v-1',
        userId,
        adminId: userId,
        now,
        validityMonths: 24,
      }),
    ).toMatchObject({ events: null, error: { message: OWN_REQUEST, status: 403 } });
    expect(
      own.when({ type: 'RejectVerification', verificationId: 'v-1', userId, adminId: userId, reason: 'No evidence' }),
    ).toMatchObject({ events: null, error: { message: OWN_REQUEST, status: 403 } });
  });

  describe('revocation in writing (FMC Act 2013, Schedule 1 clause 46)', () => {
    const statement = 'I revoke my wholesale investor certificate with effect from today.';
    const revokedAt = '2027-03-01T02:00:00.000Z';
    const revoke = (over: Partial<Extract<VerificationCommand, { type: 'RevokeCertificate' }>> = {}) =>
      ({ type: 'RevokeCertificate', userId, actorId: userId, statement, now: revokedAt, ...over }) as const;
    const revoked: WholesaleEvent = {
      type: 'CertificateRevoked',
      data: {
        verificationId: 'v-1',
        userId,
        subjectId: userId,
        revokedBy: userId,
        revokedAt,
        personal: { statement },
      },
    };
    const M = REVOCATION_MESSAGES;

    it('records the statement (trimmed), who revoked and when; it takes effect when recorded', () => {
      expect(given([submitted, approved]).when(revoke({ statement: `  ${statement}\n` })).events).toEqual([revoked]);
    });

    it('is not wholesale from the revocation on; as of earlier moments it was', () => {
      const state = given([submitted, approved, revoked]).state;
      expect(state).toMatchObject({ status: 'revoked', revokedAt, validUntil: approved.data.validUntil });
      expect(isWholesaleAt(state, revokedAt)).toBe(false);
      expect(isWholesaleAt(state, '2028-01-01T00:00:00.000Z')).toBe(false);
      expect(isWholesaleAt(state, '2027-03-01T01:59:59.999Z')).toBe(true);
      expect(isWholesaleAt(state, '2026-11-23T00:00:00.000Z')).toBe(true);
      // Before it was approved, nobody was wholesale on it.
      expect(isWholesaleAt(state, '2026-11-22T23:59:59.999Z')).toBe(false);
    });

    it('is refused without a current certificate: never certified, pending, rejected, lapsed, already revoked', () => {
      expect(given([]).when(revoke()).error).toMatchObject({ message: M.noCertificate, status: 409 });
      expect(given([submitted]).when(revoke()).error?.message).toBe(M.noCertificate);
      const rejected: WholesaleEvent = {
        type: 'VerificationRejected',
        data: { verificationId: 'v-1', userId, rejectedBy: 'admin-1', reason: 'Unsigned' },
      };
      expect(given([submitted, rejected]).when(revoke()).error?.message).toBe(M.noCertificate);
      const expired: WholesaleEvent = {
        type: 'VerificationExpired',
        data: { verificationId: 'v-1', userId, expiredAt: '2028-12-01T00:00:00.000Z', expiredBy: timer },
      };
      expect(
        given([submitted, approved, expired]).when(revoke({ now: '2028-12-02T00:00:00.000Z' })).error,
      ).toMatchObject({ message: M.lapsed, status: 409 });
      // Past its validity period though not yet swept: lapsed all the same.
      expect(given([submitted, approved]).when(revoke({ now: '2028-11-23T00:00:00.000Z' })).error?.message).toBe(
        M.lapsed,
      );
      expect(given([submitted, approved, revoked]).when(revoke()).error).toMatchObject({
        message: M.alreadyRevoked('1 March 2027'),
        status: 409,
      });
    });

    it('needs a written statement of at least a sentence, and only the investor themselves may revoke', () => {
      const short = given([submitted, approved]).when(revoke({ statement: '  Revoke.  ' }));
      expect(short.error).toMatchObject({ status: 400, errors: [{ field: 'statement', message: M.statement }] });
      const long = given([submitted, approved]).when(revoke({ statement: 'x'.repeat(2001) }));
      expect(long.error).toMatchObject({ status: 400, errors: [{ field: 'statement', message: M.statementTooLong }] });
      expect(given([submitted, approved]).when(revoke({ actorId: 'admin-1' })).error).toMatchObject({
        message: M.notYourOwn,
        status: 403,
      });
    });

    it('a revoked certificate is not swept as lapsed; a new certification may follow', () => {
      const history = [submitted, approved, revoked];
      const sweep = {
        type: 'ExpireVerification',
        userId,
        asOf: '2029-01-01T00:00:00.000Z',
        now: '2029-01-01T00:00:00.000Z',
        by: timer,
      } as const;
      expect(given(history).when(sweep).events).toEqual([]);
      const again = given(history).when(submit({ verificationId: 'v-2' }));
      expect(again.events?.[0]).toMatchObject({ type: 'VerificationSubmitted', data: { verificationId: 'v-2' } });
      const resubmitted = again.events![0]!;
      const reapproved = given([...history, resubmitted]).when({
        type: 'ApproveVerification',
        verificationId: 'v-2',
        userId,
        adminId: 'admin-1',
        now: '2027-04-01T00:00:00.000Z',
        validityMonths: 24,
      });
      const state = given([...history, resubmitted, ...reapproved.events!]).state;
      expect(state).toMatchObject({ status: 'verified', revokedAt: null });
      expect(isWholesaleAt(state, '2027-04-02T00:00:00.000Z')).toBe(true);
    });
  });
});

describe('Wholesale verification decider: what is personal, and earlier verifications', () => {
  const document = {
    documentId: 'evd_1',
    fileName: 'Mere-Tawhiri-bank-statement.pdf',
    contentType: 'application/pdf',
    size: 2048,
    sha256: 'c'.repeat(64),
  };

  it("puts the investor's grounds and the documents' names under personal (sealed), the documents' facts outside", () => {
    const [event] = given([]).when(submit({ documents: [document] })).events!;
    expect(event).toEqual({
      ...submitted,
      data: {
        ...submitted.data,
        documents: [{ documentId: 'evd_1', contentType: 'application/pdf', size: 2048, sha256: 'c'.repeat(64) }],
        personal: { ...submitted.data.personal, fileNames: ['Mere-Tawhiri-bank-statement.pdf'] },
      },
    });
    expect(JSON.stringify({ ...event!.data, personal: undefined })).not.toMatch(/Mere|6000000/);
  });

  it('answers 409, not 404, to a decision on an earlier verification, decided before the next was submitted', () => {
    const rejected: WholesaleEvent = {
      type: 'VerificationRejected',
      data: { verificationId: 'v-1', userId, rejectedBy: 'admin-1', reason: 'Unsigned' },
    };
    const resubmitted = { ...submitted, data: { ...submitted.data, verificationId: 'v-2' } } as WholesaleEvent;
    const decide = (verificationId: string) =>
      given([submitted, rejected, resubmitted]).when({
        type: 'ApproveVerification',
        verificationId,
        userId,
        adminId: 'admin-1',
        now: '2026-11-23T00:00:00.000Z',
        validityMonths: 24,
      });
    expect(decide('v-1').error).toMatchObject({
      status: 409,
      message: 'Only a pending verification can be approved or rejected',
    });
    expect(decide('v-9').error).toMatchObject({ status: 404, message: 'Verification not found' });
    expect(decide('v-2').events?.[0]).toMatchObject({ type: 'VerificationApproved', data: { verificationId: 'v-2' } });
  });
});
