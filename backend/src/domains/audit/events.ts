/**
 * The audit domain's own facts. Reading the history is itself recorded (`AuditViewed`, stream
 * `audit-<viewerId>`), and forgetting a person is recorded without any personal data (`PersonalDataForgotten`,
 * stream `privacy-<subjectId>`): the record says that, when and by whom, never what was forgotten.
 */
export type AuditView = 'timeline' | 'correlation' | 'state' | 'export' | 'integrity' | 'retention';

export interface AuditViewed {
  type: 'AuditViewed';
  data: { viewerId: string; view: AuditView; query: Record<string, string> };
}

export interface PersonalDataForgotten {
  type: 'PersonalDataForgotten';
  data: { subjectId: string; forgottenBy: string; reason: string };
}

export type AuditEvent = AuditViewed;
export type PrivacyEvent = PersonalDataForgotten;

export const auditStream = (viewerId: string) => `audit-${viewerId}`;
export const privacyStream = (subjectId: string) => `privacy-${subjectId}`;
