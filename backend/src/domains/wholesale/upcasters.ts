import type { UpcasterTable } from '../../platform/event-store/upcasters.js';
import type { VerificationDocument, VerificationGrounds, WholesaleEvent } from './events.js';

/** Wholesale verification's old event shapes (listed in domains/upcasters.ts). */
export const wholesaleUpcasters: UpcasterTable<WholesaleEvent['type']> = {
  /** VerificationSubmitted v1 did not name the person its `personal` is about; v2 does (the applicant). */
  VerificationSubmitted: [
    (data) => {
      const v1 = data as { userId: string };
      return { ...v1, subjectId: v1.userId };
    },
    /**
     * v2 kept the grounds and the documents' names outside `personal`, in the clear, and stored events are never
     * rewritten (nor can they be sealed now: the hash chain covers their bytes). Lifted into `personal` as v3 has
     * them; once the investor is forgotten (their verifier's details read as forgotten), they read as forgotten too,
     * so no read model or past state shows them. The stored v2 event itself (the audit timeline shows events as
     * stored) still holds them: see the README.
     */
    (data) => {
      const { grounds, documents, personal, ...v2 } = data as {
        grounds: VerificationGrounds;
        documents: VerificationDocument[];
        personal: Record<string, unknown>;
        personalForgotten?: boolean;
      };
      const forgotten = v2.personalForgotten === true;
      return {
        ...v2,
        documents: documents.map(({ fileName: _name, ...document }) => document),
        personal: {
          ...personal,
          grounds: forgotten ? null : grounds,
          fileNames: forgotten ? null : documents.map((d) => d.fileName),
        },
      };
    },
  ],
  /** VerificationExpired v1 did not say who swept; every v1 sweep ran as the system's verification-expiry. */
  VerificationExpired: [
    (data) => ({ ...(data as object), expiredBy: { kind: 'system', name: 'verification-expiry' } }),
  ],
};
