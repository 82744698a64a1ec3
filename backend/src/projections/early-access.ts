import type { RecordedEvent } from '../platform/event-store/event-store.js';
import type { Projection } from '../platform/projections/projection.js';
import type { InterestRegisterEvent } from '../domains/register-interest/events.js';
import { FEE_FREE_PLACES } from '../domains/register-interest/options.js';

/** How many fee-free early-access places are left: one document, shown on the landing and register pages. */
export interface EarlyAccessDoc {
  _id: 'prelaunch';
  registrations: number;
  feeWaivers: number;
  placesLeft: number;
}

export const EARLY_ACCESS_ID = 'prelaunch';

export const earlyAccessProjection: Projection<EarlyAccessDoc> = {
  name: 'early-access',
  version: 1,
  eventTypes: ['InterestRegistered'],
  keys: () => [EARLY_ACCESS_ID],
  evolve(doc, raw) {
    const event = raw as RecordedEvent & InterestRegisterEvent;
    const current = doc ?? { _id: EARLY_ACCESS_ID, registrations: 0, feeWaivers: 0, placesLeft: FEE_FREE_PLACES };
    switch (event.type) {
      case 'InterestRegistered': {
        const feeWaivers = current.feeWaivers + (event.data.feeWaived ? 1 : 0);
        return { ...current, registrations: current.registrations + 1, feeWaivers, placesLeft: Math.max(0, FEE_FREE_PLACES - feeWaivers) };
      }
      default: {
        const _exhaustive: never = event.type;
        return current;
      }
    }
  },
};
