import type { RecordedEvent } from '../../platform/event-store/event-store.js';

/**
 * Four eyes in the audit: a decision on someone's request names who asked and who decided. Who asked is the
 * person the request was for (the asset's owner, the investor, the applicant, the person whose role it is);
 * who decided is the decision's own field (`approvedBy`, ...): a user id, or `system:<name>` for the operator's
 * tools and the settlement rule — the same labels as the timeline's actor filter.
 */
export interface Decision {
  requestedBy: string;
  decidedBy: string;
}

/** Decision event type → the data fields naming the requester and the decider. */
const DECISIONS: ReadonlyMap<string, { requester: string; decider: string }> = new Map([
  ['TokenizationApproved', { requester: 'ownerId', decider: 'approvedBy' }],
  ['TokenizationReturned', { requester: 'ownerId', decider: 'returnedBy' }],
  ['SupplyChangeApproved', { requester: 'ownerId', decider: 'approvedBy' }],
  ['SupplyChangeRejected', { requester: 'ownerId', decider: 'rejectedBy' }],
  ['FreezeApproved', { requester: 'requestedBy', decider: 'approvedBy' }],
  ['FreezeRejected', { requester: 'requestedBy', decider: 'rejectedBy' }],
  // A wallet recovery is for the investor (the admin who opened it is on WalletRecoveryRequested).
  ['WalletRecoveryApproved', { requester: 'personId', decider: 'approvedBy' }],
  ['WalletRecoveryCancelled', { requester: 'personId', decider: 'cancelledBy' }],
  // A transfer given up after its settlement failed is the seller's (who proposed it), decided by an admin.
  ['TransferAbandoned', { requester: 'fromInvestorId', decider: 'abandonedBy' }],
  ['OfferingCreated', { requester: 'ownerId', decider: 'createdBy' }],
  ['InvestmentConfirmed', { requester: 'investorId', decider: 'confirmedBy' }],
  ['InvestmentCancelled', { requester: 'investorId', decider: 'cancelledBy' }],
  ['VerificationApproved', { requester: 'userId', decider: 'approvedBy' }],
  ['VerificationRejected', { requester: 'userId', decider: 'rejectedBy' }],
  ['ComplianceCheckRecorded', { requester: 'ownerId', decider: 'recordedBy' }],
  ['ComplianceReviewCompleted', { requester: 'ownerId', decider: 'completedBy' }],
  ['RoleGranted', { requester: 'userId', decider: 'grantedBy' }],
  ['RoleRevoked', { requester: 'userId', decider: 'revokedBy' }],
]);

/** A decider as the event names it: a user id, a RoleChanger, or a rule's name ('settlement-rule'). */
function deciderLabel(value: unknown): string | null {
  if (typeof value === 'string') return value === 'settlement-rule' ? `system:${value}` : value;
  if (value && typeof value === 'object') {
    const changer = value as { kind?: unknown; userId?: unknown; name?: unknown };
    if (changer.kind === 'user' && typeof changer.userId === 'string') return changer.userId;
    if (changer.kind === 'system' && typeof changer.name === 'string') return `system:${changer.name}`;
  }
  return null;
}

/** Who asked and who decided, for a decision event; null for any other event (or one missing either). */
export function decisionOf(event: Pick<RecordedEvent, 'type' | 'data'>): Decision | null {
  const fields = DECISIONS.get(event.type);
  const data = event.data as Record<string, unknown> | null;
  if (!fields || !data || typeof data !== 'object') return null;
  const requester = Object.hasOwn(data, fields.requester) ? data[fields.requester] : undefined;
  const decidedBy = Object.hasOwn(data, fields.decider) ? deciderLabel(data[fields.decider]) : null;
  return typeof requester === 'string' && decidedBy ? { requestedBy: requester, decidedBy } : null;
}

/** The events of an audit answer, each with its decision (null when it is none). */
export function withDecisions<E extends Pick<RecordedEvent, 'type' | 'data'>>(
  events: readonly E[],
): (E & { decision: Decision | null })[] {
  return events.map((event) => ({ ...event, decision: decisionOf(event) }));
}

/** The people a set of decisions names, to be named in the answer. */
export function decisionPeople(events: readonly Pick<RecordedEvent, 'type' | 'data'>[]): string[] {
  return events.flatMap((event) => {
    const decision = decisionOf(event);
    if (!decision) return [];
    return [decision.requestedBy, decision.decidedBy].filter((id) => !id.startsWith('system:'));
  });
}
