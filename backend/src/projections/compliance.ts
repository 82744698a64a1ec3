import {
  CHECK_IDS,
  CHECKS,
  type CheckId,
  type CheckStatus,
  type ComplianceEvent,
} from '../domains/compliance/events.js';
import { defineProjection } from '../platform/projection-engine/projection.js';
import { upcasters } from '../domains/upcasters.js';

export interface ComplianceCheckDoc {
  id: CheckId;
  name: string;
  description: string;
  status: CheckStatus;
  expiryDate: string | null;
  lastUpdated: string | null;
  note: string | null;
}

/** One document per owner: the Compliance Dashboard, its report, and the admins' review queue. */
export interface ComplianceDoc {
  _id: string;
  checks: ComplianceCheckDoc[];
  /** The review asked for and not yet complete; `recorded`: the checks staff have recorded since it was asked for. */
  openRequest: { requestId: string; requestedAt: string; message: string | null; recorded: CheckId[] } | null;
  /** Newest first, at most 100. */
  history: {
    at: string;
    check: CheckId | null;
    status: CheckStatus | null;
    expiryDate: string | null;
    note: string | null;
    event: string;
  }[];
}

export const emptyChecks = (): ComplianceCheckDoc[] =>
  CHECK_IDS.map((id) => ({ id, ...CHECKS[id], status: 'pending', expiryDate: null, lastUpdated: null, note: null }));

const EVENT_TYPES = [
  'ComplianceCheckRecorded',
  'ComplianceReviewRequested',
  'ComplianceReviewCompleted',
] as const satisfies ComplianceEvent['type'][];
type Handled = Extract<ComplianceEvent, { type: (typeof EVENT_TYPES)[number] }>;

export const complianceProjection = defineProjection<ComplianceDoc, Handled>({
  upcasters,
  name: 'compliance',
  // 2: a review stays open until all four checks are recorded (ComplianceReviewCompleted).
  version: 2,
  eventTypes: EVENT_TYPES,
  keys: (event) => [event.data.ownerId],
  evolve(doc, event, id) {
    const at = event.metadata.occurredAt;
    const base: ComplianceDoc = doc ?? { _id: id, checks: emptyChecks(), openRequest: null, history: [] };
    if (event.type === 'ComplianceReviewRequested') {
      return {
        ...base,
        openRequest: { requestId: event.data.requestId, requestedAt: at, message: event.data.message, recorded: [] },
        history: [
          {
            at,
            check: null,
            status: null,
            expiryDate: null,
            note: event.data.message,
            event: 'Compliance review requested',
          },
          ...base.history,
        ].slice(0, 100),
      };
    }
    if (event.type === 'ComplianceReviewCompleted') {
      return {
        ...base,
        openRequest: null,
        history: [
          { at, check: null, status: null, expiryDate: null, note: null, event: 'Compliance review completed' },
          ...base.history,
        ].slice(0, 100),
      };
    }
    const { check, status, expiryDate, note } = event.data;
    const open = base.openRequest;
    return {
      ...base,
      checks: base.checks.map((c) => (c.id === check ? { ...c, status, expiryDate, lastUpdated: at, note } : c)),
      openRequest: open && {
        ...open,
        recorded: open.recorded.includes(check) ? open.recorded : [...open.recorded, check],
      },
      history: [
        { at, check, status, expiryDate, note, event: `${CHECKS[check].name} recorded as ${status}` },
        ...base.history,
      ].slice(0, 100),
    };
  },
});

/** A passed check past its expiry date counts as expired (judged when read, since time moves without events). */
export function effectiveChecks(doc: Pick<ComplianceDoc, 'checks'> | null, today: string): ComplianceCheckDoc[] {
  return (doc?.checks ?? emptyChecks()).map((c) =>
    c.status === 'passed' && c.expiryDate !== null && c.expiryDate < today ? { ...c, status: 'expired' } : c,
  );
}

/** Percent of the four checks passed, and the spec's label (docs/specification.md §9): Excellent at 90 or more, Good at 75 or more. */
export function complianceScore(checks: readonly ComplianceCheckDoc[]): {
  score: number;
  label: 'Excellent' | 'Good' | 'Needs Attention';
} {
  const score = Math.round((checks.filter((c) => c.status === 'passed').length / checks.length) * 100);
  return { score, label: score >= 90 ? 'Excellent' : score >= 75 ? 'Good' : 'Needs Attention' };
}
