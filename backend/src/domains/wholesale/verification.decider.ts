import type { Decider } from '../../platform/decider.js';
import { DomainError, requireValidFields } from '../../platform/errors.js';
import { ensure, misfit } from '../../platform/event-schema.js';
import { requireAnotherDecider } from '../../platform/four-eyes.js';
import { ERROR_TITLES, REJECTION_REASON_REQUIRED, REVOCATION_MESSAGES, VERIFICATION_MESSAGES } from '../../messages.js';
import { nzLongDate } from '../../platform/nz-time.js';
import {
  LARGE_INVESTMENT_THRESHOLD,
  NET_WORTH_THRESHOLD,
  REVOCATION_STATEMENT_MAX,
  REVOCATION_STATEMENT_MIN,
  WHOLESALE_FIELDS,
  verificationStreamEventSchemas,
  type ProfessionalType,
  type SweptBy,
  type VerificationDocument,
  type VerificationStreamEvent,
  type VerificationType,
} from './events.js';
import { ACCOUNT_CLOSED } from '../identity/user.decider.js';
import { upcasters } from '../upcasters.js';

export type VerificationStatus = 'none' | 'pending' | 'verified' | 'rejected' | 'expired' | 'revoked';

export interface VerificationState {
  status: VerificationStatus;
  verificationId: string | null;
  verificationType: VerificationType | null;
  verifiedAt: string | null;
  validUntil: string | null;
  /** When the investor revoked this certificate in writing (Schedule 1 clause 46); null while not revoked. */
  revokedAt: string | null;
  /** The earlier verifications of this stream, each decided or lapsed before the next was submitted. */
  superseded: readonly string[];
  /** The person was forgotten (`VerificationsClosed`): no submission, no approval. */
  closed: boolean;
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
  | {
      type: 'ApproveVerification';
      verificationId: string;
      userId: string;
      adminId: string;
      now: string;
      validityMonths: number;
    }
  | { type: 'RejectVerification'; verificationId: string; userId: string; adminId: string; reason: string }
  /** A lapse sweep as of `asOf` (never after `now`, when it is decided), run by `by`. */
  | { type: 'ExpireVerification'; userId: string; asOf: string; now: string; by: SweptBy }
  /**
   * The certified investor revokes their own certificate in writing (FMC Act 2013, Schedule 1 clause 46); it takes
   * effect when recorded (`now`). `actorId` is who asks: only the investor themselves (`userId`).
   */
  | { type: 'RevokeCertificate'; userId: string; actorId: string; statement: string; now: string }
  /** The person is being forgotten: the stream closes (once; closing again records nothing). */
  | { type: 'CloseVerifications'; userId: string };

/** The admin approving a forgotten person's verification: nothing is left to certify (no grounds, no verifier). */
export const FORGOTTEN_APPROVAL =
  'This person has been forgotten, so their verification can no longer be approved: it may only be rejected';

export const FUTURE_SWEEP = 'The sweep cannot run as of a future time';

/** `months` calendar months after `iso` (the 31st becomes the last day of a shorter month). */
export function addMonths(iso: string, months: number): string {
  const d = new Date(iso);
  const target = new Date(
    Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1, d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()),
  );
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d.getUTCDate(), lastDay));
  return target.toISOString();
}

/**
 * A certified investor at `now`: a verification approved (verified, or revoked since) that is within its validity
 * period at `now` and, if revoked, not yet revoked then — so an as-of question about a moment before the revocation
 * answers as it was. (A lapsed one counts nowhere; a later submission starts a new certificate.) `verifiedAt` and
 * `revokedAt` may be left out by callers that hold neither (a certificate recorded before it was issued is not asked
 * about).
 */
export function isWholesaleAt(
  state: Pick<VerificationState, 'status' | 'validUntil'> &
    Partial<Pick<VerificationState, 'verifiedAt' | 'revokedAt'>>,
  now: string,
): boolean {
  if (state.status !== 'verified' && state.status !== 'revoked') return false;
  if (state.validUntil === null || state.validUntil <= now) return false;
  if (state.verifiedAt && now < state.verifiedAt) return false;
  if (state.status === 'revoked') return !!state.revokedAt && now < state.revokedAt;
  return true;
}

/** Why revoking is refused now, or null when there is a current certificate to revoke. */
function revocationRefusal(state: VerificationState, now: string): DomainError | null {
  const M = REVOCATION_MESSAGES;
  if (state.status === 'revoked' && state.revokedAt)
    return new DomainError(M.alreadyRevoked(nzLongDate(state.revokedAt)), 409);
  if (state.status === 'expired' || (state.status === 'verified' && !isWholesaleAt(state, now)))
    return new DomainError(M.lapsed, 409);
  if (state.status !== 'verified') return new DomainError(M.noCertificate, 409);
  return null;
}

export const verification: Decider<VerificationCommand, VerificationStreamEvent, VerificationState> = {
  name: 'verification',
  eventSchemas: verificationStreamEventSchemas,
  upcasters,
  initialState: {
    status: 'none',
    verificationId: null,
    verificationType: null,
    verifiedAt: null,
    validUntil: null,
    revokedAt: null,
    superseded: [],
    closed: false,
  },

  evolve(state, event) {
    switch (event.type) {
      case 'VerificationSubmitted':
        return {
          status: 'pending',
          verificationId: event.data.verificationId,
          verificationType: event.data.verificationType,
          verifiedAt: null,
          validUntil: null,
          revokedAt: null,
          superseded: state.verificationId ? [...state.superseded, state.verificationId] : state.superseded,
          closed: state.closed,
        };
      case 'VerificationApproved':
        return { ...state, status: 'verified', verifiedAt: event.data.verifiedAt, validUntil: event.data.validUntil };
      case 'VerificationRejected':
        return { ...state, status: 'rejected' };
      case 'VerificationExpired':
        return { ...state, status: 'expired' };
      case 'CertificateRevoked':
        return { ...state, status: 'revoked', revokedAt: event.data.revokedAt };
      case 'VerificationsClosed':
        return { ...state, closed: true };
      default: {
        const _exhaustive: never = event;
        return state;
      }
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'SubmitVerification': {
        // Forgotten: their account is closed, as every other command of theirs is refused (identity).
        if (state.closed) throw new DomainError(ACCOUNT_CLOSED, 403);
        if (state.status === 'pending')
          throw new DomainError('Your verification is already being reviewed (2-5 business days)', 409);
        if (state.status === 'verified') throw new DomainError('You are already verified as a wholesale investor', 409);
        // Schedule 1 grounds, with the spec's messages (docs/specification.md §5): every failing field at once. A figure counts only
        // when it is a finite number; each field must also fit the event as the log needs it.
        const M = VERIFICATION_MESSAGES;
        const type = command.verificationType;
        const atLeast = (amount: number | null, threshold: number) =>
          amount !== null && Number.isFinite(amount) && amount >= threshold;
        const failed = (field: keyof typeof M) => ({ field, message: M[field] });
        const verifierName = command.verifierName.trim();
        const verifierContact = command.verifierContact.trim();
        const nameTooLong = 'Verifier name must be at most 120 characters';
        requireValidFields([
          misfit(WHOLESALE_FIELDS.verificationType, type, 'verificationType', M.verificationType),
          type === 'high_net_worth' &&
            !atLeast(command.netWorthAmount, NET_WORTH_THRESHOLD) &&
            failed('netWorthAmount'),
          type === 'large_investment' &&
            !atLeast(command.investmentAmount, LARGE_INVESTMENT_THRESHOLD) &&
            failed('investmentAmount'),
          type === 'professional' &&
            misfit(WHOLESALE_FIELDS.profession, command.professionalType, 'professionalType', M.professionalType),
          (verifierName.length < 2 && failed('verifierName')) ||
            misfit(WHOLESALE_FIELDS.verifierName, verifierName, 'verifierName', nameTooLong),
          misfit(WHOLESALE_FIELDS.verifierContact, verifierContact, 'verifierContact', M.verifierContact),
          misfit(WHOLESALE_FIELDS.documents, command.documents, 'verificationDocuments', 'Unknown document'),
        ]);
        return [
          {
            type: 'VerificationSubmitted',
            data: {
              verificationId: command.verificationId,
              userId: command.userId,
              subjectId: command.userId,
              verificationType: command.verificationType,
              documents: command.documents.map(({ fileName: _name, ...document }) => document),
              // The investor's own figures and their files' names are theirs: sealed with the verifier's details.
              personal: {
                verifierName,
                verifierContact,
                // Only the grounds of the category relied on are recorded.
                grounds: {
                  netWorthAmount: command.verificationType === 'high_net_worth' ? command.netWorthAmount : null,
                  investmentAmount: command.verificationType === 'large_investment' ? command.investmentAmount : null,
                  professionalType: command.verificationType === 'professional' ? command.professionalType : null,
                },
                fileNames: command.documents.map((d) => d.fileName),
              },
            },
          },
        ];
      }
      case 'ApproveVerification':
      case 'RejectVerification': {
        // An earlier one (rejected, lapsed or revoked, then submitted again) is there, just no longer pending.
        const earlier = state.superseded.includes(command.verificationId);
        if (state.verificationId !== command.verificationId && !earlier)
          throw new DomainError('Verification not found', 404);
        if (earlier || state.status !== 'pending')
          throw new DomainError('Only a pending verification can be approved or rejected', 409);
        // The stream is the applicant's own (verification-<userId>): nobody certifies themselves.
        requireAnotherDecider(command.adminId, [command.userId]);
        // A certificate needs its grounds, verifier and evidence on record; a forgotten person's are gone. Rejecting
        // stays possible, so a verification left pending by an earlier race can leave the admins' queue.
        if (command.type === 'ApproveVerification' && state.closed) throw new DomainError(FORGOTTEN_APPROVAL, 409);
        if (command.type === 'ApproveVerification') {
          return [
            {
              type: 'VerificationApproved',
              data: {
                verificationId: command.verificationId,
                userId: command.userId,
                approvedBy: command.adminId,
                verifiedAt: command.now,
                validUntil: addMonths(command.now, command.validityMonths),
              },
            },
          ];
        }
        const reason = command.reason.trim();
        if (!reason)
          throw new DomainError(
            REJECTION_REASON_REQUIRED,
            400,
            [{ field: 'rejectionReason', message: REJECTION_REASON_REQUIRED }],
            ERROR_TITLES.rejectionReasonRequired,
          );
        ensure(WHOLESALE_FIELDS.reason, reason, 'rejectionReason', 'Reason must be at most 1000 characters');
        return [
          {
            type: 'VerificationRejected',
            data: {
              verificationId: command.verificationId,
              userId: command.userId,
              rejectedBy: command.adminId,
              reason,
            },
          },
        ];
      }
      case 'ExpireVerification': {
        // A sweep "as of" a later moment would lapse certifications that are still valid.
        requireValidFields([command.asOf > command.now && { field: 'asOf', message: FUTURE_SWEEP }]);
        // Only what is past its validity period as of then (a sweep as of a moment before approval lapses nothing).
        const valid = state.validUntil !== null && state.validUntil > command.asOf;
        if (state.status !== 'verified' || valid) return [];
        const { userId, asOf: expiredAt, by: expiredBy } = command;
        const verificationId = state.verificationId!;
        return [{ type: 'VerificationExpired', data: { verificationId, userId, expiredAt, expiredBy } }];
      }
      case 'RevokeCertificate': {
        const M = REVOCATION_MESSAGES;
        // In writing and by the investor themselves: nobody revokes another's certificate.
        if (command.actorId !== command.userId) throw new DomainError(M.notYourOwn, 403);
        const refusal = revocationRefusal(state, command.now);
        if (refusal) throw refusal;
        const statement = command.statement.trim();
        requireValidFields([
          statement.length < REVOCATION_STATEMENT_MIN && { field: 'statement', message: M.statement },
          statement.length > REVOCATION_STATEMENT_MAX && { field: 'statement', message: M.statementTooLong },
        ]);
        ensure(WHOLESALE_FIELDS.statement, statement, 'statement', M.statement);
        const { userId, now: revokedAt } = command;
        return [
          {
            type: 'CertificateRevoked',
            data: {
              verificationId: state.verificationId!,
              userId,
              subjectId: userId,
              revokedBy: command.actorId,
              revokedAt,
              personal: { statement },
            },
          },
        ];
      }
      case 'CloseVerifications':
        return state.closed
          ? []
          : [{ type: 'VerificationsClosed', data: { userId: command.userId, reason: 'forgotten' } }];
      default: {
        const _exhaustive: never = command;
        throw new Error(`unknown command ${JSON.stringify(_exhaustive)}`);
      }
    }
  },
};
