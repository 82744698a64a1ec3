import { defineProjection } from '../platform/projection-engine/projection.js';
import { INTEREST_EVENT_TYPES, type InterestEvent } from '../domains/early-access/events.js';
import { upcasters } from '../domains/upcasters.js';

/** One document per registration of interest, for admins to follow up. */
export interface RegistrationDoc {
  _id: string;
  /** Order of confirmation; null until the registrant confirms their e-mail address. */
  number: number | null;
  feeWaived: boolean;
  /** When the address was confirmed through the e-mailed link (from before confirmation existed: when registered). */
  confirmedAt: string | null;
  /** The registrant's e-mail key, so a signed-in user's early-access waiver can be found. */
  emailKey: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  city: string;
  country: string;
  occupation: string;
  investmentInterest: string[];
  investmentAmount: string;
  experience: string;
  additionalInfo: string | null;
  registeredAt: string;
}

export const registrationsProjection = defineProjection<RegistrationDoc, InterestEvent>({
  upcasters,
  name: 'registrations',
  version: 3,
  eventTypes: INTEREST_EVENT_TYPES,
  keys: (event) => [event.data.registrationId],
  evolve(doc, event, id) {
    switch (event.type) {
      case 'InterestRegistered': {
        const { personal: r, ...d } = event.data;
        return {
          _id: id,
          number: d.placeOnRegistration?.number ?? null,
          feeWaived: d.placeOnRegistration?.feeWaived ?? false,
          confirmedAt: d.placeOnRegistration ? d.registeredAt : null,
          emailKey: d.emailKey,
          firstName: r.firstName,
          lastName: r.lastName,
          email: r.email,
          phone: r.phone,
          city: r.city,
          country: d.country,
          occupation: r.occupation,
          investmentInterest: d.investmentInterest,
          investmentAmount: d.investmentAmount,
          experience: d.experience,
          additionalInfo: r.additionalInfo,
          registeredAt: d.registeredAt,
        };
      }
      case 'InterestConfirmed': {
        const { number, feeWaived, confirmedAt } = event.data;
        return doc && { ...doc, number, feeWaived, confirmedAt };
      }
      default: {
        const _exhaustive: never = event;
        return doc;
      }
    }
  },
});
