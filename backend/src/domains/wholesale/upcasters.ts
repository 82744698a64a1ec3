import type { UpcasterTable } from '../../platform/event-store/upcasters.js';
import type { WholesaleEvent } from './events.js';

/** Wholesale verification's old event shapes (listed in domains/upcasters.ts). */
export const wholesaleUpcasters: UpcasterTable<WholesaleEvent['type']> = {
  /** VerificationSubmitted v1 did not name the person its `personal` is about; v2 does (the applicant). */
  VerificationSubmitted: [
    (data) => {
      const v1 = data as { userId: string };
      return { ...v1, subjectId: v1.userId };
    },
  ],
  /** VerificationExpired v1 did not say who swept; every v1 sweep ran as the system's verification-expiry. */
  VerificationExpired: [
    (data) => ({ ...(data as object), expiredBy: { kind: 'system', name: 'verification-expiry' } }),
  ],
};
