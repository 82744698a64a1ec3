import type { Decider } from '../../platform/decider.js';
import { DomainError } from '../../platform/errors.js';
import { ensure } from '../../platform/event-schema.js';
import { requireAnotherDecider } from '../../platform/four-eyes.js';
import {
  CHECK_IDS,
  CHECKS,
  COMPLIANCE_FIELDS,
  complianceEventSchemas,
  type CheckId,
  type CheckStatus,
  type ComplianceCheckRecorded,
  type ComplianceEvent,
  type ComplianceReviewRequested,
} from './events.js';
import { upcasters } from '../upcasters.js';

export interface ComplianceState {
  checks: ReadonlyMap<CheckId, { status: CheckStatus; expiryDate: string | null }>;
  /** The review asked for and not yet complete, with the checks staff have recorded since it was asked for. */
  openRequest: { requestId: string; recorded: ReadonlySet<CheckId> } | null;
}

export type ComplianceCommand =
  | ({ type: 'RecordCheck'; today: string } & ComplianceCheckRecorded['data'])
  | ({ type: 'RequestReview' } & ComplianceReviewRequested['data']);

export const REVIEW_ALREADY_REQUESTED = 'A compliance review is already requested; our team will be in touch';

export const compliance: Decider<ComplianceCommand, ComplianceEvent, ComplianceState> = {
  upcasters,
  name: 'compliance',
  eventSchemas: complianceEventSchemas,
  initialState: { checks: new Map(), openRequest: null },

  evolve(state, event) {
    switch (event.type) {
      case 'ComplianceCheckRecorded': {
        const { check, status, expiryDate } = event.data;
        const open = state.openRequest;
        return {
          checks: new Map(state.checks).set(check, { status, expiryDate }),
          openRequest: open && { ...open, recorded: new Set(open.recorded).add(check) },
        };
      }
      case 'ComplianceReviewRequested':
        return { ...state, openRequest: { requestId: event.data.requestId, recorded: new Set() } };
      case 'ComplianceReviewCompleted':
        return { ...state, openRequest: null };
      default: {
        const _exhaustive: never = event;
        return state;
      }
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'RecordCheck': {
        ensure(COMPLIANCE_FIELDS.check, command.check, 'check', 'Unknown check: fma, aml, privacy or fmca', 404);
        // The stream is the owner's own (compliance-<ownerId>): nobody records their own checks.
        requireAnotherDecider(command.recordedBy, [command.ownerId]);
        ensure(COMPLIANCE_FIELDS.status, command.status, 'status', 'Status must be passed, pending, failed or expired');
        const { expiryDate } = command;
        ensure(COMPLIANCE_FIELDS.expiryDate, expiryDate, 'expiryDate', 'Expiry date must be a date (YYYY-MM-DD)');
        ensure(COMPLIANCE_FIELDS.text, command.note, 'note', 'Note must be at most 1000 characters');
        if (command.status === 'passed' && !command.expiryDate) {
          throw new DomainError(`A passed ${CHECKS[command.check].name} check needs an expiry date`, 400, [
            { field: 'expiryDate', message: 'Expiry date is required for a passed check' },
          ]);
        }
        if (command.status === 'passed' && command.expiryDate! <= command.today) {
          throw new DomainError('The expiry date must be in the future for a passed check', 400, [
            { field: 'expiryDate', message: 'The expiry date must be in the future' },
          ]);
        }
        const open = state.openRequest;
        const current = state.checks.get(command.check);
        // During a review every check is recorded, even one that stays as it was: the review needs all four.
        const unchanged =
          current && current.status === command.status && current.expiryDate === command.expiryDate && !command.note;
        if (unchanged && (!open || open.recorded.has(command.check))) return [];
        const { type: _t, today: _d, ...data } = command;
        const events: ComplianceEvent[] = [{ type: 'ComplianceCheckRecorded', data }];
        // The review is complete once each of the four checks has been recorded since it was asked for.
        if (open && CHECK_IDS.every((c) => c === command.check || open.recorded.has(c))) {
          events.push({
            type: 'ComplianceReviewCompleted',
            data: { ownerId: command.ownerId, requestId: open.requestId, completedBy: command.recordedBy },
          });
        }
        return events;
      }
      case 'RequestReview': {
        if (state.openRequest) throw new DomainError(REVIEW_ALREADY_REQUESTED, 409);
        ensure(COMPLIANCE_FIELDS.text, command.message, 'message', 'Message must be at most 1000 characters');
        return [
          {
            type: 'ComplianceReviewRequested',
            data: { ownerId: command.ownerId, requestId: command.requestId, message: command.message },
          },
        ];
      }
      default: {
        const _exhaustive: never = command;
        throw new Error(`unknown command ${JSON.stringify(_exhaustive)}`);
      }
    }
  },
};
