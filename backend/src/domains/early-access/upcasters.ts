import type { UpcasterTable } from '../../platform/event-store/upcasters.js';
import type { EarlyAccessEvent } from './events.js';

/** The early-access list's old event shapes (listed in domains/upcasters.ts). */
export const earlyAccessUpcasters: UpcasterTable<EarlyAccessEvent['type']> = {
  InterestRegistered: [
    /** v1 held the registrant unsealed as `registrant`; v2 names the person and seals `personal`. */
    (data) => {
      const { registrant, ...rest } = data as { registrationId: string; registrant: unknown };
      return { ...rest, subjectId: rest.registrationId, personal: registrant };
    },
    /** v2 was numbered and waived on submission; v3 waits for confirmation and keeps a v2 place. */
    (data) => {
      const { number, feeWaived, ...rest } = data as { number: number; feeWaived: boolean };
      return { ...rest, placeOnRegistration: { number, feeWaived } };
    },
  ],
};
