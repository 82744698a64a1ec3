import type { Decider } from '../../platform/decider.js';
import { DomainError } from '../../platform/errors.js';
import { CHECKS, type CheckId, type CheckStatus, type ComplianceEvent } from './events.js';

export interface ComplianceState {
  checks: Partial<Record<CheckId, { status: CheckStatus; expiryDate: string | null }>>;
  openRequest: string | null;
}

export type ComplianceCommand =
  | { type: 'RecordCheck'; ownerId: string; check: CheckId; status: CheckStatus; expiryDate: string | null; note: string | null; recordedBy: string; today: string }
  | { type: 'RequestReview'; ownerId: string; requestId: string; message: string | null };

export const REVIEW_ALREADY_REQUESTED = 'A compliance review is already requested; our team will be in touch';

export const compliance: Decider<ComplianceCommand, ComplianceEvent, ComplianceState> = {
  name: 'compliance',
  initialState: { checks: {}, openRequest: null },

  evolve(state, event) {
    switch (event.type) {
      case 'ComplianceCheckRecorded':
        // Recording any check answers the open review request.
        return { checks: { ...state.checks, [event.data.check]: { status: event.data.status, expiryDate: event.data.expiryDate } }, openRequest: null };
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
        if (command.status === 'passed' && !command.expiryDate) {
          throw new DomainError(`A passed ${CHECKS[command.check].name} check needs an expiry date`, 400, [{ field: 'expiryDate', message: 'Expiry date is required for a passed check' }]);
        }
        if (command.status === 'passed' && command.expiryDate! <= command.today) {
          throw new DomainError('The expiry date must be in the future for a passed check', 400, [{ field: 'expiryDate', message: 'The expiry date must be in the future' }]);
        }
        const current = state.checks[command.check];
        if (current && current.status === command.status && current.expiryDate === command.expiryDate && !command.note) return [];
        const { type: _t, today: _d, ...data } = command;
        return [{ type: 'ComplianceCheckRecorded', data }];
      }
      case 'RequestReview': {
        if (state.openRequest) throw new DomainError(REVIEW_ALREADY_REQUESTED, 409);
        return [{ type: 'ComplianceReviewRequested', data: { ownerId: command.ownerId, requestId: command.requestId, message: command.message } }];
      }
      default: {
        const _exhaustive: never = command;
        throw new Error(`unknown command ${JSON.stringify(_exhaustive)}`);
      }
    }
  },
};
