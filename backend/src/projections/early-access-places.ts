import { defineProjection } from '../platform/projection-engine/projection.js';
import { INTEREST_EVENT_TYPES, type InterestEvent } from '../domains/early-access/events.js';
import { FEE_FREE_PLACES } from '../domains/early-access/options.js';
import { upcasters } from '../domains/upcasters.js';

/**
 * How many fee-free early-access places are left: one document, shown on the landing and register pages.
 * Counts confirmed registrations (and v2 ones, which were counted on submission), never mere submissions.
 */
export interface EarlyAccessDoc {
  _id: 'prelaunch';
  /** Confirmed registrations. */
  registrations: number;
  feeWaivers: number;
  placesLeft: number;
}

export const EARLY_ACCESS_ID = 'prelaunch';

export const earlyAccessProjection = defineProjection<EarlyAccessDoc, InterestEvent>({
  upcasters,
  name: 'early-access',
  version: 2,
  eventTypes: INTEREST_EVENT_TYPES,
  keys: () => [EARLY_ACCESS_ID],
  evolve(doc, event) {
    const current = doc ?? { _id: EARLY_ACCESS_ID, registrations: 0, feeWaivers: 0, placesLeft: FEE_FREE_PLACES };
    const count = (place: { feeWaived: boolean }) => {
      const feeWaivers = current.feeWaivers + (place.feeWaived ? 1 : 0);
      const placesLeft = Math.max(0, FEE_FREE_PLACES - feeWaivers);
      return { ...current, registrations: current.registrations + 1, feeWaivers, placesLeft };
    };
    switch (event.type) {
      case 'InterestRegistered':
        return event.data.placeOnRegistration ? count(event.data.placeOnRegistration) : current;
      case 'InterestConfirmed':
        return count(event.data);
      default: {
        const _exhaustive: never = event;
        return current;
      }
    }
  },
});
