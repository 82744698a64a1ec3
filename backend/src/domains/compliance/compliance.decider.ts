import type { Decider } from '../../platform/decider.js';
import { DomainError } from '../../platform/errors.js';
import { ensure } from '../../platform/event-schema.js';
import {
  CHECKS,
  COMPLIANCE_FIELDS,
  complianceEventSchemas,
  type CheckId,
  type CheckStatus,
  type ComplianceEvent,
} from './events.js';

export interface ComplianceState {
  checks: ReadonlyMap<CheckId, { status: CheckStatus; expiryDate: string | null }>;
  openRequest: string | null;
}

export type ComplianceCommand =
  | {
      type: 'RecordCheck';
      ownerId: string;
      check: CheckId;
      status: CheckStatus;
      expiryDate: string | null;
      note: string | null;
      recordedBy: string;
      today: string;
    }
  | { type: 'RequestReview'; ownerId: string; requestId: string; message: string | null };

export const REVIEW_ALREADY_REQUESTED = 'A compliance review is already requested; our team will be in touch';

export const compliance: Decider<ComplianceCommand, ComplianceEvent, ComplianceState> = {
  name: 'compliance',
  eventSchemas: complianceEventSchemas,
  initialState: { checks: new Map(), openRequest: null },

  evolve(state, event) {
    switch (event.type) {
      case 'ComplianceCheckRecorded': {
        // Recording any check answers the open review request.
        const { check, status, expiryDate } = event.data;
        return { checks: new Map(state.checks).set(check, { status, expiryDate }), openRequest: null };
      }
      case 'ComplianceReviewRequested':
        return { ...state, openRequest: event.data.requestId };
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
        const current = state.checks.get(command.check);
        if (current && current.status === command.status && current.expiryDate === command.expiryDate && !command.note)
          return [];
        const { type: _t, today: _d, ...data } = command;
        return [{ type: 'ComplianceCheckRecorded', data }];
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
