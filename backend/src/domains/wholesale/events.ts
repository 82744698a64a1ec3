import { REVOCATION_STATEMENT } from '../../messages.js';
import {
  array,
  id,
  int,
  isoDateTime,
  literal,
  nullable,
  number,
  object,
  oneOf,
  string,
  union,
  type EventSchemas,
} from '../../platform/event-schema.js';

/**
 * An investor's wholesale certification (FMC Act 2013, Schedule 1), in the stream `verification-<userId>`:
 * every submission, decision and lapse, in order. What Schedule 1 needs on record: the category relied on,
 * the investor's grounds (net worth, the investment, or the profession), the confirming verifier (a lawyer,
 * accountant or financial adviser, named with contact), the documents, and the dates. The verifier's details
 * are personal data and sit under `personal`.
 */
export type VerificationType = 'high_net_worth' | 'large_investment' | 'professional';
export const VERIFICATION_TYPES: readonly VerificationType[] = ['high_net_worth', 'large_investment', 'professional'];
export type ProfessionalType = 'lawyer' | 'accountant' | 'financial_advisor' | 'other';
export const PROFESSIONAL_TYPES: readonly ProfessionalType[] = ['lawyer', 'accountant', 'financial_advisor', 'other'];

/** docs/specification.md §9: the thresholds of Schedule 1 used by the form (NZD). */
export const NET_WORTH_THRESHOLD = 5_000_000;
export const LARGE_INVESTMENT_THRESHOLD = 750_000;

export interface VerificationDocument {
  documentId: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
}

/** The Schedule 1 grounds: only the category relied on has a value. */
export interface VerificationGrounds {
  netWorthAmount: number | null;
  investmentAmount: number | null;
  professionalType: ProfessionalType | null;
}

/** A cited document as recorded outside `personal`: what it is, never what it was called (its name is personal). */
export type RecordedDocument = Omit<VerificationDocument, 'fileName'>;

export interface VerificationSubmitted {
  type: 'VerificationSubmitted';
  /**
   * v3: the grounds (the investor's net worth, their investment) and the documents' file names sit under `personal`,
   * sealed with the investor's key, so they read as forgotten with the rest; `fileNames[i]` names `documents[i]`.
   * v2 kept them outside `personal` (upcasters.ts); v1 also did not name its subject.
   */
  data: {
    verificationId: string;
    userId: string;
    /** The person whose key seals `personal` (the applicant). */
    subjectId: string;
    verificationType: VerificationType;
    documents: RecordedDocument[];
    /** Like every `personal`, each field reads as null once the investor is forgotten (`personalForgotten`). */
    personal: { verifierName: string; verifierContact: string; grounds: VerificationGrounds; fileNames: string[] };
  };
}
export interface VerificationApproved {
  type: 'VerificationApproved';
  data: { verificationId: string; userId: string; approvedBy: string; verifiedAt: string; validUntil: string };
}
export interface VerificationRejected {
  type: 'VerificationRejected';
  data: { verificationId: string; userId: string; rejectedBy: string; reason: string };
}
/** Who ran a lapse sweep: an admin, or the system (the hourly timer, or an operator with the ops token). */
export type SweptBy = { kind: 'user'; userId: string } | { kind: 'system'; name: string };

export interface VerificationExpired {
  type: 'VerificationExpired';
  /** v2: `expiredBy` names who ran the sweep; v1 (only the hourly timer's name then) is upcast. */
  data: { verificationId: string; userId: string; expiredAt: string; expiredBy: SweptBy };
}

/**
 * The investor revoked their certificate in writing (FMC Act 2013, Schedule 1 clause 46): from `revokedAt` (when it
 * was recorded) they are no longer a wholesale investor — no new offer, no transfer to them; what they hold stays
 * theirs. Their written statement is theirs (personal data, sealed with their key under `personal`).
 */
export interface CertificateRevoked {
  type: 'CertificateRevoked';
  data: {
    verificationId: string;
    userId: string;
    subjectId: string;
    revokedBy: string;
    revokedAt: string;
    personal: { statement: string };
  };
}

/**
 * The person was forgotten (Privacy Act 2020): their verification stream takes no submission and no approval again.
 * Recorded by the forgetting, on this stream, at the revision its AML/CFT retention check read — so a submission
 * recorded meanwhile makes the forgetting decide again (and refuse: the person became a customer), and a submission
 * after it is refused. Not a customer fact (audit `retention`), and no read model follows it: the forgetting rebuilds
 * them. Names no one but the stream's own subject, with no personal data.
 */
export interface VerificationsClosed {
  type: 'VerificationsClosed';
  data: { userId: string; reason: 'forgotten' };
}

/** Every event of a `verification-<userId>` stream: the certification's life, and its closing. */
export type VerificationStreamEvent = WholesaleEvent | VerificationsClosed;

export type WholesaleEvent =
  | VerificationSubmitted
  | VerificationApproved
  | VerificationRejected
  | VerificationExpired
  | CertificateRevoked;

/** Every wholesale event: a certification's life from submission to approval, rejection, expiry or revocation. */
export const WHOLESALE_EVENT_TYPES = [
  'VerificationSubmitted',
  'VerificationApproved',
  'VerificationRejected',
  'VerificationExpired',
  'CertificateRevoked',
] as const satisfies WholesaleEvent['type'][];

/** A written revocation: at least a sentence (20 characters), at most 2,000 (shared with the frontend's form). */
export const REVOCATION_STATEMENT_MIN = REVOCATION_STATEMENT.min;
export const REVOCATION_STATEMENT_MAX = REVOCATION_STATEMENT.max;

/** A recorded document's fields (as `WHOLESALE_FIELDS.recordedDocument` and in `EvidenceUploaded`). */
function recordedDocumentShape() {
  return {
    documentId: id(),
    contentType: string({ nonEmpty: true, max: 100 }),
    size: int(),
    sha256: string({ max: 64, pattern: /^[0-9a-f]{64}$/ }),
  };
}

/** Field shapes shared by the events and the deciders' own checks. */
export const WHOLESALE_FIELDS = {
  verificationType: oneOf(VERIFICATION_TYPES),
  amount: nullable(number({ min: 0 })),
  profession: oneOf(PROFESSIONAL_TYPES),
  professionalType: nullable(oneOf(PROFESSIONAL_TYPES)),
  verifierName: string({ nonEmpty: true, min: 2, max: 120 }),
  verifierContact: string({ max: 254, pattern: /^[^@\s]+@[^@\s]+$/ }),
  documents: array(
    object({
      documentId: id(),
      fileName: string({ nonEmpty: true, max: 200 }),
      contentType: string({ nonEmpty: true, max: 100 }),
      size: int(),
      sha256: string({ max: 64, pattern: /^[0-9a-f]{64}$/ }),
    }),
    { max: 10 },
  ),
  fileName: string({ nonEmpty: true, max: 200 }),
  recordedDocument: object(recordedDocumentShape()),
  reason: string({ nonEmpty: true, max: 1000 }),
  statement: string({ nonEmpty: true, min: REVOCATION_STATEMENT_MIN, max: REVOCATION_STATEMENT_MAX }),
};
const decided = { verificationId: id(), userId: id() };
const sweptBy = union(object({ kind: literal('user'), userId: id() }), object({ kind: literal('system'), name: id() }));

export const wholesaleEventSchemas = {
  VerificationSubmitted: object({
    ...decided,
    subjectId: id(),
    verificationType: WHOLESALE_FIELDS.verificationType,
    documents: array(WHOLESALE_FIELDS.recordedDocument, { max: 10 }),
    personal: object({
      verifierName: WHOLESALE_FIELDS.verifierName,
      verifierContact: WHOLESALE_FIELDS.verifierContact,
      grounds: object({
        netWorthAmount: WHOLESALE_FIELDS.amount,
        investmentAmount: WHOLESALE_FIELDS.amount,
        professionalType: WHOLESALE_FIELDS.professionalType,
      }),
      fileNames: array(WHOLESALE_FIELDS.fileName, { max: 10 }),
    }),
  }),
  VerificationApproved: object({ ...decided, approvedBy: id(), verifiedAt: isoDateTime(), validUntil: isoDateTime() }),
  VerificationRejected: object({ ...decided, rejectedBy: id(), reason: WHOLESALE_FIELDS.reason }),
  VerificationExpired: object({ ...decided, expiredAt: isoDateTime(), expiredBy: sweptBy }),
  CertificateRevoked: object({
    ...decided,
    subjectId: id(),
    revokedBy: id(),
    revokedAt: isoDateTime(),
    personal: object({ statement: WHOLESALE_FIELDS.statement }),
  }),
} satisfies EventSchemas<WholesaleEvent>;

export const verificationStreamEventSchemas = {
  ...wholesaleEventSchemas,
  VerificationsClosed: object({ userId: id(), reason: literal('forgotten') }),
} satisfies EventSchemas<VerificationStreamEvent>;

export const verificationStream = (userId: string) => `verification-${userId}`;

/**
 * A piece of evidence was uploaded (stream `evidence-<userId>`, apart from the verification's: an upload alone does
 * not make anyone a customer). Recorded before the file is stored, so that forgetting the uploader finds every file
 * they uploaded, cited or not, and deletes it. Its name is theirs (sealed under `personal`).
 */
export interface EvidenceUploaded {
  type: 'EvidenceUploaded';
  data: RecordedDocument & { userId: string; subjectId: string; personal: { fileName: string } };
}
export type EvidenceEvent = EvidenceUploaded;

export const evidenceEventSchemas = {
  EvidenceUploaded: object({
    ...recordedDocumentShape(),
    userId: id(),
    subjectId: id(),
    personal: object({ fileName: WHOLESALE_FIELDS.fileName }),
  }),
} satisfies EventSchemas<EvidenceEvent>;

export const evidenceStream = (userId: string) => `evidence-${userId}`;
