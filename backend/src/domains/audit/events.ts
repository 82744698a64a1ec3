import { array, id, object, oneOf, record, string, type EventSchemas } from '../../platform/event-schema.js';

/**
 * The audit domain's own facts. Reading the history is itself recorded (`AuditViewed`, stream
 * `audit-<viewerId>`), and forgetting a person is recorded without any personal data (`PersonalDataForgotten`,
 * stream `privacy-<subjectId>`): the record says that, when and by whom, never what was forgotten.
 */
export type AuditView = 'timeline' | 'correlation' | 'state' | 'export' | 'integrity' | 'retention';
export const AUDIT_VIEWS: readonly AuditView[] = [
  'timeline',
  'correlation',
  'state',
  'export',
  'integrity',
  'retention',
];

export interface AuditViewed {
  type: 'AuditViewed';
  data: { viewerId: string; view: AuditView; query: Record<string, string> };
}

export interface PersonalDataForgotten {
  type: 'PersonalDataForgotten';
  data: { subjectId: string; forgottenBy: string; reason: string };
}

/**
 * The files the person uploaded (wholesale evidence) were deleted from the document store, after their key: the
 * outcome of the erasure `PersonalDataForgotten` starts (`forgotten-documents.ts`). Names the documents by id only.
 */
export interface PersonalDocumentsErased {
  type: 'PersonalDocumentsErased';
  data: { subjectId: string; documentIds: string[] };
}

/**
 * A file the person uploaded was deleted after `PersonalDocumentsErased` was recorded without it: an upload that
 * raced the forgetting (its record came after the erasure read the uploads). One per document, by id only.
 */
export interface LateUploadErased {
  type: 'LateUploadErased';
  data: { subjectId: string; documentId: string };
}

export type AuditEvent = AuditViewed;
export type PrivacyEvent = PersonalDataForgotten | PersonalDocumentsErased | LateUploadErased;

/** Field shapes shared by the events and the deciders' own checks. */
export const AUDIT_FIELDS = {
  view: oneOf(AUDIT_VIEWS),
  /** What was asked: a few named parameters (stream, type, actor, from, to, …), each a short text. */
  query: record(string({ max: 500 }), { key: string({ max: 40, pattern: /^[A-Za-z]+$/ }), maxKeys: 20 }),
  reason: string({ nonEmpty: true, min: 3, max: 500 }),
};

export const auditEventSchemas = {
  AuditViewed: object({ viewerId: id(), view: AUDIT_FIELDS.view, query: AUDIT_FIELDS.query }),
} satisfies EventSchemas<AuditEvent>;

export const privacyEventSchemas = {
  PersonalDataForgotten: object({ subjectId: id(), forgottenBy: id(), reason: AUDIT_FIELDS.reason }),
  PersonalDocumentsErased: object({ subjectId: id(), documentIds: array(id(), { max: 100_000 }) }),
  LateUploadErased: object({ subjectId: id(), documentId: id() }),
} satisfies EventSchemas<PrivacyEvent>;

export const auditStream = (viewerId: string) => `audit-${viewerId}`;
export const privacyStream = (subjectId: string) => `privacy-${subjectId}`;
