import { specify } from '../../testing/decider-spec.js';
import {
  ALREADY_FORGOTTEN,
  auditTrail,
  FORGET_SELF,
  privacy,
  REASON_REQUIRED,
  retentionEnds,
  stillCustomerRefusal,
  type PrivacyCommand,
} from './audit.decider.js';

type ForgetPerson = Extract<PrivacyCommand, { type: 'ForgetPerson' }>;
const forget = (over: Partial<ForgetPerson> = {}): ForgetPerson => ({
  type: 'ForgetPerson',
  subjectId: 'u-1',
  forgottenBy: 'compliance-1',
  reason: 'Request under the Privacy Act 2020',
  retainedUntil: null,
  relationshipEnded: null,
  customerNow: null,
  at: '2026-11-23T00:00:00.000Z',
  ...over,
});

describe('privacy decider', () => {
  it('given no history, when a person who was never a customer is forgotten, then PersonalDataForgotten without personal data', () => {
    expect(specify(privacy).given([]).when(forget()).events).toEqual([
      {
        type: 'PersonalDataForgotten',
        data: { subjectId: 'u-1', forgottenBy: 'compliance-1', reason: 'Request under the Privacy Act 2020' },
      },
    ]);
  });

  it('refuses, with the date, while AML/CFT record keeping still applies (5 years after the relationship ended)', () => {
    const ended = '2024-03-01T00:00:00.000Z';
    expect(retentionEnds(ended)).toBe('2029-03-01T00:00:00.000Z');
    const { error } = specify(privacy)
      .given([])
      .when(forget({ relationshipEnded: ended, retainedUntil: retentionEnds(ended) }));
    expect(error).toMatchObject({ status: 409 });
    expect(error?.message).toBe(
      "AML/CFT record keeping applies until 1 March 2029 (5 years after the relationship ended on 1 March 2024), so this person's records cannot be forgotten yet",
    );
  });

  it('allows it once the retention period is over', () => {
    const ended = '2020-06-30T00:00:00.000Z';
    expect(
      specify(privacy)
        .given([])
        .when(forget({ relationshipEnded: ended, retainedUntil: retentionEnds(ended) })).events,
    ).toHaveLength(1);
  });

  it('refuses the person forgetting themselves (four eyes), whatever their records', () => {
    expect(
      specify(privacy)
        .given([])
        .when(forget({ forgottenBy: 'u-1' })).error,
    ).toMatchObject({
      message: FORGET_SELF,
      status: 403,
    });
  });

  it('refuses while the person is a customer today (holds tokens, has an asset), however long ago they last acted', () => {
    const ended = '2019-01-01T00:00:00.000Z';
    for (const customerNow of ['holds tokens', 'has an asset on Kauri'] as const)
      expect(
        specify(privacy)
          .given([])
          .when(forget({ customerNow, relationshipEnded: ended, retainedUntil: retentionEnds(ended) })).error,
      ).toMatchObject({ message: stillCustomerRefusal(customerNow), status: 409 });
  });

  it('refuses a second time, and without a reason', () => {
    const forgotten = specify(privacy).given([]).when(forget()).events!;
    expect(specify(privacy).given(forgotten).when(forget()).error).toMatchObject({
      message: ALREADY_FORGOTTEN,
      status: 409,
    });
    expect(
      specify(privacy)
        .given([])
        .when(forget({ reason: ' ' })).error,
    ).toMatchObject({ message: REASON_REQUIRED, status: 400 });
  });
});

describe("privacy decider: the forgotten person's files", () => {
  const forgotten = {
    type: 'PersonalDataForgotten' as const,
    data: { subjectId: 'u-1', forgottenBy: 'compliance-1', reason: 'Asked' },
  };
  const erase = { type: 'RecordDocumentsErased' as const, subjectId: 'u-1', documentIds: ['evd_1'] };
  const erased = { type: 'PersonalDocumentsErased' as const, data: { subjectId: 'u-1', documentIds: ['evd_1'] } };

  it('records the erasure once the person is forgotten, once only; never before', () => {
    expect(specify(privacy).given([forgotten]).when(erase).events).toEqual([erased]);
    expect(specify(privacy).given([forgotten, erased]).when(erase).events).toEqual([]);
    expect(specify(privacy).given([]).when(erase).error).toMatchObject({ status: 409 });
  });

  it('records an upload that raced the forgetting (not named by the erasure) on its own, once', () => {
    const withLate = { ...erase, documentIds: ['evd_1', 'evd_2', 'evd_2'] };
    const late = { type: 'LateUploadErased' as const, data: { subjectId: 'u-1', documentId: 'evd_2' } };
    expect(specify(privacy).given([forgotten, erased]).when(withLate).events).toEqual([late]);
    expect(specify(privacy).given([forgotten, erased, late]).when(withLate).events).toEqual([]);
    expect(specify(privacy).given([forgotten, erased, late]).state).toMatchObject({
      erasedDocumentIds: ['evd_1', 'evd_2'],
    });
  });
});

describe('audit trail decider', () => {
  it('records who read which part of the history, with the query', () => {
    expect(
      specify(auditTrail)
        .given([])
        .when({ type: 'RecordAuditView', viewerId: 'c-1', view: 'timeline', query: { type: 'InvestmentRequested' } })
        .events,
    ).toEqual([
      { type: 'AuditViewed', data: { viewerId: 'c-1', view: 'timeline', query: { type: 'InvestmentRequested' } } },
    ]);
  });
});
