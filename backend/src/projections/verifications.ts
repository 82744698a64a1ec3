import {
  type ProfessionalType,
  type VerificationDocument,
  type VerificationType,
  type WholesaleEvent,
  WHOLESALE_EVENT_TYPES,
} from '../domains/wholesale/events.js';
import { isWholesaleAt } from '../domains/wholesale/verification.decider.js';
import { defineProjection } from '../platform/projection-engine/projection.js';
import type { ReadModels } from '../platform/read-store/read-models.js';
import { upcasters } from '../domains/upcasters.js';

/** One document per verification (docs/specification.md §3 "Stored record"): the investor's status and the admins' list. */
export interface VerificationDoc {
  _id: string;
  userId: string;
  verificationType: VerificationType;
  /** `expired`: lapsed at the end of its validity period; `revoked`: the investor revoked it in writing. */
  status: 'pending' | 'verified' | 'rejected' | 'expired' | 'revoked';
  netWorthAmount: number | null;
  investmentAmount: number | null;
  professionalType: ProfessionalType | null;
  verifierName: string;
  verifierContact: string;
  /** Each cited document; `fileName` is null once the investor is forgotten (their files are deleted then too). */
  documents: (Omit<VerificationDocument, 'fileName'> & { fileName: string | null })[];
  rejectionReason: string | null;
  createdAt: string;
  verifiedAt: string | null;
  validUntil: string | null;
  decidedBy: string | null;
  expiredAt: string | null;
  /** When the investor revoked it in writing (Schedule 1 clause 46). */
  revokedAt: string | null;
}

const FORGOTTEN_GROUNDS = { netWorthAmount: null, investmentAmount: null, professionalType: null } as const;

const EVENT_TYPES = [...WHOLESALE_EVENT_TYPES] as const satisfies WholesaleEvent['type'][];
type Handled = Extract<WholesaleEvent, { type: (typeof EVENT_TYPES)[number] }>;

export const verificationsProjection = defineProjection<VerificationDoc, Handled>({
  upcasters,
  name: 'verifications',
  // 2: revocations (status revoked, revokedAt). 3: a forgotten investor's grounds and file names read as null.
  version: 3,
  eventTypes: EVENT_TYPES,
  keys: (event) => [event.data.verificationId],
  evolve(doc, event, id) {
    switch (event.type) {
      case 'VerificationSubmitted': {
        const d = event.data;
        // A forgotten investor's `personal` reads as nulls (grounds and file names included, whatever the version).
        const grounds = d.personal.grounds ?? FORGOTTEN_GROUNDS;
        return {
          _id: id,
          userId: d.userId,
          verificationType: d.verificationType,
          status: 'pending',
          ...grounds,
          verifierName: d.personal.verifierName,
          verifierContact: d.personal.verifierContact,
          documents: d.documents.map((document, i) => ({ ...document, fileName: d.personal.fileNames?.[i] ?? null })),
          rejectionReason: null,
          createdAt: event.metadata.occurredAt,
          verifiedAt: null,
          validUntil: null,
          decidedBy: null,
          expiredAt: null,
          revokedAt: null,
        };
      }
      case 'VerificationApproved':
        return (
          doc && {
            ...doc,
            status: 'verified',
            verifiedAt: event.data.verifiedAt,
            validUntil: event.data.validUntil,
            decidedBy: event.data.approvedBy,
          }
        );
      case 'VerificationRejected':
        return (
          doc && { ...doc, status: 'rejected', rejectionReason: event.data.reason, decidedBy: event.data.rejectedBy }
        );
      case 'VerificationExpired':
        return doc && { ...doc, status: 'expired', expiredAt: event.data.expiredAt };
      case 'CertificateRevoked':
        // The statement stays in the event (sealed with the investor's key); the read model holds only the fact.
        return doc && { ...doc, status: 'revoked', revokedAt: event.data.revokedAt };
      default: {
        const _exhaustive: never = event;
        return doc;
      }
    }
  },
});

// Queries of this read model.

/**
 * An investor's wholesale standing, judged at `now` by the decider's own rule (`isWholesaleAt`), so that what a page
 * shows and what an investment is decided on cannot disagree: a verification past its validUntil — or with none —
 * has lapsed; a revoked one is `revoked` (with `revokedAt`) from its revocation on, never shown as lapsed.
 */
export function wholesaleStatus(doc: VerificationDoc | null, now = new Date().toISOString()) {
  const lapsed = doc?.status === 'verified' && !isWholesaleAt(doc, now);
  // As of a moment before the revocation, the certificate was as it was.
  const revokedLater = doc?.status === 'revoked' && isWholesaleAt(doc, now);
  const status: 'none' | VerificationDoc['status'] = !doc
    ? 'none'
    : lapsed
      ? 'expired'
      : revokedLater
        ? 'verified'
        : doc.status;
  return {
    verificationStatus: status,
    isWholesaleInvestor: status === 'verified',
    verificationType: doc?.verificationType ?? null,
    verifiedAt: doc?.verifiedAt ?? null,
    validUntil: doc?.validUntil ?? null,
    rejectionReason: doc?.rejectionReason ?? null,
    revokedAt: status === 'revoked' ? (doc?.revokedAt ?? null) : null,
  };
}

export async function latestVerification(reads: ReadModels, userId: string): Promise<VerificationDoc | null> {
  const [latest] = await reads.of(verificationsProjection).find({ userId }, { sort: { createdAt: -1 }, limit: 1 });
  return latest ?? null;
}
