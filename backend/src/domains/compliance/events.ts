import { id, isoDate, nullable, object, oneOf, string, type EventSchemas } from '../../platform/event-schema.js';

/**
 * An owner's compliance record, in the stream `compliance-<ownerId>`: the four checks of the Compliance
 * Dashboard (docs/specification.md §3 "Compliance check"), each set by compliance staff with a status and an expiry, and the
 * owner's requests for a review. Until staff record a check it is pending.
 */
export type CheckId = 'fma' | 'aml' | 'privacy' | 'fmca';
export const CHECK_IDS: readonly CheckId[] = ['fma', 'aml', 'privacy', 'fmca'];
export type CheckStatus = 'passed' | 'pending' | 'failed' | 'expired';
export const CHECK_STATUSES: readonly CheckStatus[] = ['passed', 'pending', 'failed', 'expired'];

export const CHECKS: Record<CheckId, { name: string; description: string }> = {
  fma: { name: 'FMA Registration', description: 'Registration with the Financial Markets Authority as an offeror' },
  aml: {
    name: 'AML/CFT',
    description: 'Anti-money laundering and countering financing of terrorism checks (AML/CFT Act 2009)',
  },
  privacy: { name: 'Privacy Act 2020', description: 'Personal information handled under the Privacy Act 2020' },
  fmca: { name: 'FMCA Disclosure', description: 'Disclosure obligations under the Financial Markets Conduct Act 2013' },
};

export interface ComplianceCheckRecorded {
  type: 'ComplianceCheckRecorded';
  data: {
    ownerId: string;
    check: CheckId;
    status: CheckStatus;
    expiryDate: string | null;
    note: string | null;
    recordedBy: string;
  };
}

export interface ComplianceReviewRequested {
  type: 'ComplianceReviewRequested';
  data: { ownerId: string; requestId: string; message: string | null };
}

/**
 * A review is complete once staff have recorded each of the four checks since it was requested (recording one
 * check no longer closes it). Streams from before this event keep an open request until the review's checks
 * are all recorded.
 */
export interface ComplianceReviewCompleted {
  type: 'ComplianceReviewCompleted';
  data: { ownerId: string; requestId: string; completedBy: string };
}

export type ComplianceEvent = ComplianceCheckRecorded | ComplianceReviewRequested | ComplianceReviewCompleted;

/** Field shapes shared by the events and the decider's own checks. */
export const COMPLIANCE_FIELDS = {
  check: oneOf(CHECK_IDS),
  status: oneOf(CHECK_STATUSES),
  expiryDate: nullable(isoDate()),
  text: nullable(string({ max: 1000 })),
};

export const complianceEventSchemas = {
  ComplianceCheckRecorded: object({
    ownerId: id(),
    check: COMPLIANCE_FIELDS.check,
    status: COMPLIANCE_FIELDS.status,
    expiryDate: COMPLIANCE_FIELDS.expiryDate,
    note: COMPLIANCE_FIELDS.text,
    recordedBy: id(),
  }),
  ComplianceReviewRequested: object({ ownerId: id(), requestId: id(), message: COMPLIANCE_FIELDS.text }),
  ComplianceReviewCompleted: object({ ownerId: id(), requestId: id(), completedBy: id() }),
} satisfies EventSchemas<ComplianceEvent>;

export const complianceStream = (ownerId: string) => `compliance-${ownerId}`;
