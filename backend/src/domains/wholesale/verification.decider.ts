import type { Decider } from '../../platform/decider.js';
import { DomainError } from '../../platform/errors.js';
import { ensure } from '../../platform/event-schema.js';
import {
  LARGE_INVESTMENT_THRESHOLD,
  NET_WORTH_THRESHOLD,
  WHOLESALE_FIELDS,
  wholesaleEventSchemas,
  type ProfessionalType,
  type VerificationDocument,
  type VerificationType,
  type WholesaleEvent,
} from './events.js';

export type VerificationStatus = 'none' | 'pending' | 'verified' | 'rejected' | 'expired';

export interface VerificationState {
  status: VerificationStatus;
  verificationId: string | null;
  verificationType: VerificationType | null;
  verifiedAt: string | null;
  validUntil: string | null;
}

export type VerificationCommand =
  | {
      type: 'SubmitVerification';
      verificationId: string;
      userId: string;
      verificationType: VerificationType;
      netWorthAmount: number | null;
      investmentAmount: number | null;
      professionalType: ProfessionalType | null;
      verifierName: string;
      verifierContact: string;
      documents: VerificationDocument[];
    }
  | { type: 'ApproveVerification'; verificationId: string; userId: string; adminId: string; now: string; validityMonths: number }
  | { type: 'RejectVerification'; verificationId: string; userId: string; adminId: string; reason: string }
  | { type: 'ExpireVerification'; userId: string; now: string };

export const REJECTION_REASON_REQUIRED = 'Please provide a reason for rejection';
const CHOOSE_CATEGORY = 'Please choose how you qualify as a wholesale investor';
const field = (name: string, message: string) => new DomainError(message, 400, [{ field: name, message }]);

/** `months` calendar months after `iso` (the 31st becomes the last day of a shorter month). */
export function addMonths(iso: string, months: number): string {
  const d = new Date(iso);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return target.toISOString();
}

/** A verified investor whose certification is still within its validity period at `now`. */
export function isWholesaleAt(state: Pick<VerificationState, 'status' | 'validUntil'>, now: string): boolean {
  return state.status === 'verified' && state.validUntil !== null && state.validUntil > now;
}

export const verification: Decider<VerificationCommand, WholesaleEvent, VerificationState> = {
  name: 'verification',
  eventSchemas: wholesaleEventSchemas,
  schemaVersions: { VerificationSubmitted: 2 },
  initialState: { status: 'none', verificationId: null, verificationType: null, verifiedAt: null, validUntil: null },

  evolve(state, event) {
    switch (event.type) {
      case 'VerificationSubmitted':
        return { status: 'pending', verificationId: event.data.verificationId, verificationType: event.data.verificationType, verifiedAt: null, validUntil: null };
      case 'VerificationApproved':
        return { ...state, status: 'verified', verifiedAt: event.data.verifiedAt, validUntil: event.data.validUntil };
      case 'VerificationRejected':
        return { ...state, status: 'rejected' };
      case 'VerificationExpired':
        return { ...state, status: 'expired' };
      default: {
        const _exhaustive: never = event;
        return state;
      }
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'SubmitVerification': {
        if (state.status === 'pending') throw new DomainError('Your verification is already being reviewed (2-5 business days)', 409);
        if (state.status === 'verified') throw new DomainError('You are already verified as a wholesale investor', 409);
        const type = command.verificationType;
        ensure(WHOLESALE_FIELDS.verificationType, type, 'verificationType', CHOOSE_CATEGORY);
        // Schedule 1 grounds, with the spec's messages (§5); a figure counts only when it is a finite number.
        const atLeast = (amount: number | null, threshold: number) =>
          amount !== null && Number.isFinite(amount) && amount >= threshold;
        if (type === 'high_net_worth' && !atLeast(command.netWorthAmount, NET_WORTH_THRESHOLD)) {
          throw field('netWorthAmount', 'Net worth must be at least NZD 5,000,000');
        }
        if (type === 'large_investment' && !atLeast(command.investmentAmount, LARGE_INVESTMENT_THRESHOLD)) {
          throw field('investmentAmount', 'Investment must be at least NZD 750,000');
        }
        if (type === 'professional') {
          const profession = command.professionalType;
          ensure(WHOLESALE_FIELDS.profession, profession, 'professionalType', 'Please choose your profession');
        }
        const verifierName = command.verifierName.trim();
        const verifierContact = command.verifierContact.trim();
        if (verifierName.length < 2) throw field('verifierName', 'Verifier name required');
        const nameTooLong = 'Verifier name must be at most 120 characters';
        ensure(WHOLESALE_FIELDS.verifierName, verifierName, 'verifierName', nameTooLong);
        ensure(WHOLESALE_FIELDS.verifierContact, verifierContact, 'verifierContact', 'Valid verifier email required');
        ensure(WHOLESALE_FIELDS.documents, command.documents, 'verificationDocuments', 'Unknown document');
        return [
          {
            type: 'VerificationSubmitted',
            data: {
              verificationId: command.verificationId,
              userId: command.userId,
              subjectId: command.userId,
              verificationType: command.verificationType,
              // Only the grounds of the category relied on are recorded.
              grounds: {
                netWorthAmount: command.verificationType === 'high_net_worth' ? command.netWorthAmount : null,
                investmentAmount: command.verificationType === 'large_investment' ? command.investmentAmount : null,
                professionalType: command.verificationType === 'professional' ? command.professionalType : null,
              },
              documents: command.documents,
              personal: { verifierName, verifierContact },
            },
          },
        ];
      }
      case 'ApproveVerification':
      case 'RejectVerification': {
        if (state.verificationId !== command.verificationId) throw new DomainError('Verification not found', 404);
        if (state.status !== 'pending') throw new DomainError('Only a pending verification can be approved or rejected', 409);
        if (command.type === 'ApproveVerification') {
          return [{ type: 'VerificationApproved', data: { verificationId: command.verificationId, userId: command.userId, approvedBy: command.adminId, verifiedAt: command.now, validUntil: addMonths(command.now, command.validityMonths) } }];
        }
        const reason = command.reason.trim();
        if (!reason) throw new DomainError(REJECTION_REASON_REQUIRED, 400, [{ field: 'rejectionReason', message: REJECTION_REASON_REQUIRED }], 'Rejection Reason Required');
        ensure(WHOLESALE_FIELDS.reason, reason, 'rejectionReason', 'Reason must be at most 1000 characters');
        return [{ type: 'VerificationRejected', data: { verificationId: command.verificationId, userId: command.userId, rejectedBy: command.adminId, reason } }];
      }
      case 'ExpireVerification': {
        if (state.status !== 'verified' || isWholesaleAt(state, command.now)) return [];
        return [{ type: 'VerificationExpired', data: { verificationId: state.verificationId!, userId: command.userId, expiredAt: command.now } }];
      }
      default: {
        const _exhaustive: never = command;
        throw new Error(`unknown command ${JSON.stringify(_exhaustive)}`);
      }
    }
  },
};
