import type { RecordedEvent } from '../platform/event-store/event-store.js';
import type { Projection } from '../platform/projections/projection.js';
import type { InterestRegisterEvent } from '../domains/register-interest/events.js';
import '../domains/register-interest/upcasters.js';

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

export const registrationsProjection: Projection<RegistrationDoc> = {
  name: 'registrations',
  version: 3,
  eventTypes: ['InterestRegistered', 'InterestConfirmed'],
  keys: (event) => [(event as RecordedEvent & InterestRegisterEvent).data.registrationId],
  evolve(doc, raw, id) {
    const event = raw as RecordedEvent & InterestRegisterEvent;
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
      default:
        return doc;
    }
  },
};
