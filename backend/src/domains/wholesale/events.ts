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

/** Spec §9: the thresholds of Schedule 1 used by the form (NZD). */
export const NET_WORTH_THRESHOLD = 5_000_000;
export const LARGE_INVESTMENT_THRESHOLD = 750_000;

/** The form's messages (spec §5), word for word where the spec gives them; the form and the decider share them. */
export const SUBMISSION_MESSAGES = {
  verificationType: 'Please choose how you qualify as a wholesale investor',
  netWorthAmount: 'Net worth must be at least NZD 5,000,000',
  investmentAmount: 'Investment must be at least NZD 750,000',
  professionalType: 'Please choose your profession',
  verifierName: 'Verifier name required',
  verifierContact: 'Valid verifier email required',
} as const;

export interface VerificationDocument {
  documentId: string;
  fileName: string;
  contentType: string;
  size: number;
  sha256: string;
}

export interface VerificationSubmitted {
  type: 'VerificationSubmitted';
  data: {
    verificationId: string;
    userId: string;
    /** v2: the person whose key seals `personal` (the applicant); v1 is upcast (upcasters.ts). */
    subjectId: string;
    verificationType: VerificationType;
    grounds: { netWorthAmount: number | null; investmentAmount: number | null; professionalType: ProfessionalType | null };
    documents: VerificationDocument[];
    personal: { verifierName: string; verifierContact: string };
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

export type WholesaleEvent = VerificationSubmitted | VerificationApproved | VerificationRejected | VerificationExpired;

export const verificationStream = (userId: string) => `verification-${userId}`;
