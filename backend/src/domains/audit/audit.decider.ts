import type { Decider } from '../../platform/decider.js';
import { DomainError } from '../../platform/errors.js';
import { ensure } from '../../platform/event-schema.js';
import {
  AUDIT_FIELDS,
  auditEventSchemas,
  privacyEventSchemas,
  type AuditEvent,
  type AuditView,
  type PrivacyEvent,
} from './events.js';
import { upcasters } from '../upcasters.js';

/** AML/CFT Act 2009, s 49–51: records are kept for at least 5 years after the business relationship ends. */
export const AML_RETENTION_YEARS = 5;

export const ALREADY_FORGOTTEN = 'This person has already been forgotten';
export const REASON_REQUIRED =
  'Please give the reason for forgetting this person (for example, their request under the Privacy Act 2020)';

/** Reading the audit history: one `AuditViewed` per read, by whom, of what. */
export type AuditCommand = {
  type: 'RecordAuditView';
  viewerId: string;
  view: AuditView;
  query: Record<string, string>;
};

export const auditTrail: Decider<AuditCommand, AuditEvent, { views: number }> = {
  upcasters,
  name: 'audit-trail',
  eventSchemas: auditEventSchemas,
  initialState: { views: 0 },
  evolve(state, event) {
    switch (event.type) {
      case 'AuditViewed':
        return { views: state.views + 1 };
      default: {
        const _exhaustive: never = event.type;
        return state;
      }
    }
  },
  decide(command) {
    switch (command.type) {
      case 'RecordAuditView':
        ensure(AUDIT_FIELDS.view, command.view, 'view', 'Unknown audit view');
        ensure(AUDIT_FIELDS.query, command.query, 'query', 'The query is too long');
        return [
          { type: 'AuditViewed', data: { viewerId: command.viewerId, view: command.view, query: command.query } },
        ];
      default: {
        const _exhaustive: never = command.type;
        throw new Error('unknown command');
      }
    }
  },
};

/**
 * Forgetting a person (Privacy Act 2020, principle 9: kept no longer than needed). Refused while AML/CFT
 * record keeping applies: `retainedUntil` is when that duty ends (null when the person was never a customer
 * under the Act), worked out by the handler from the history and passed in, so the rule stays pure.
 */
export type PrivacyCommand =
  | {
      type: 'ForgetPerson';
      subjectId: string;
      forgottenBy: string;
      reason: string;
      retainedUntil: string | null;
      relationshipEnded: string | null;
      /** What makes the person a customer today (holds tokens, issues an asset), from the read models; null if nothing. */
      customerNow: CustomerNow | null;
      at: string;
    }
  /**
   * The forgotten person's files were deleted (the erasure's outcome): recorded once, whoever deleted them; a file
   * not named then (an upload that raced the forgetting) is recorded on its own, once.
   */
  | { type: 'RecordDocumentsErased'; subjectId: string; documentIds: string[] };

/** A relationship that has not ended: its records are kept until five years after it does. */
export type CustomerNow = 'holds tokens' | 'has an asset on Kauri';

export interface PrivacyState {
  forgotten: boolean;
  /** Their uploaded files were deleted (after the key). */
  documentsErased: boolean;
  /** The documents recorded as deleted: by `PersonalDocumentsErased`, then each `LateUploadErased`. */
  erasedDocumentIds: readonly string[];
}

export function retentionEnds(relationshipEnded: string): string {
  const end = new Date(relationshipEnded);
  end.setUTCFullYear(end.getUTCFullYear() + AML_RETENTION_YEARS);
  return end.toISOString();
}

const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-NZ', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Pacific/Auckland',
  });

/** Four eyes: the person forgetting is never the person forgotten (no one erases the name on their own decisions). */
export const FORGET_SELF = 'You cannot forget yourself: another member of staff must decide on your request';

export const stillCustomerRefusal = (now: CustomerNow) =>
  `This person ${now}, so the relationship has not ended: AML/CFT record keeping applies until ${AML_RETENTION_YEARS} years after it ends, and their records cannot be forgotten yet`;

export function retentionRefusal(retainedUntil: string, relationshipEnded: string): string {
  return `AML/CFT record keeping applies until ${longDate(retainedUntil)} (${AML_RETENTION_YEARS} years after the relationship ended on ${longDate(relationshipEnded)}), so this person's records cannot be forgotten yet`;
}

export const privacy: Decider<PrivacyCommand, PrivacyEvent, PrivacyState> = {
  upcasters,
  name: 'privacy',
  eventSchemas: privacyEventSchemas,
  initialState: { forgotten: false, documentsErased: false, erasedDocumentIds: [] },
  evolve(state, event) {
    switch (event.type) {
      case 'PersonalDataForgotten':
        return { ...state, forgotten: true };
      case 'PersonalDocumentsErased':
        return {
          ...state,
          documentsErased: true,
          erasedDocumentIds: [...state.erasedDocumentIds, ...event.data.documentIds],
        };
      case 'LateUploadErased':
        return { ...state, erasedDocumentIds: [...state.erasedDocumentIds, event.data.documentId] };
      default: {
        const _exhaustive: never = event;
        return state;
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'ForgetPerson': {
        if (command.subjectId === command.forgottenBy) throw new DomainError(FORGET_SELF, 403);
        if (state.forgotten) throw new DomainError(ALREADY_FORGOTTEN, 409);
        const reason = command.reason.trim();
        if (reason.length < 3) {
          throw new DomainError(REASON_REQUIRED, 400, [{ field: 'reason', message: REASON_REQUIRED }]);
        }
        ensure(AUDIT_FIELDS.reason, reason, 'reason', 'The reason must be at most 500 characters');
        if (command.customerNow) throw new DomainError(stillCustomerRefusal(command.customerNow), 409);
        if (command.retainedUntil && command.relationshipEnded && command.retainedUntil > command.at) {
          throw new DomainError(retentionRefusal(command.retainedUntil, command.relationshipEnded), 409);
        }
        const { subjectId, forgottenBy } = command;
        return [{ type: 'PersonalDataForgotten', data: { subjectId, forgottenBy, reason } }];
      }
      case 'RecordDocumentsErased': {
        // Files are erased only after the person is forgotten; erasing again (a retry, the follower) records nothing.
        if (!state.forgotten) throw new DomainError('This person has not been forgotten', 409);
        const { subjectId, documentIds } = command;
        if (!state.documentsErased) return [{ type: 'PersonalDocumentsErased', data: { subjectId, documentIds } }];
        // Uploads that raced the forgetting, each recorded once.
        const erased = new Set(state.erasedDocumentIds);
        return [...new Set(documentIds)]
          .filter((documentId) => !erased.has(documentId))
          .map((documentId) => ({ type: 'LateUploadErased' as const, data: { subjectId, documentId } }));
      }
      default: {
        const _exhaustive: never = command;
        throw new Error('unknown command');
      }
    }
  },
};
