import type { Country, ExperienceLevel, Interest, InvestmentAmount } from './options.js';

/** Personal information, kept apart so it can be encrypted per person and forgotten (Privacy Act 2020). */
export interface Registrant {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  dateOfBirth: string;
  city: string;
  occupation: string;
  additionalInfo: string | null;
}

export interface InterestRegistered {
  type: 'InterestRegistered';
  data: {
    registrationId: string;
    /** 1, 2, 3, … in order of arrival, with no gaps. */
    number: number;
    feeWaived: boolean;
    /** SHA-256 of the normalised e-mail: lets the register refuse a repeat without reading personal data. */
    emailKey: string;
    /** v2: the registrant is the person whose key seals `personal`; v1 held it unsealed as `registrant` (upcasters.ts). */
    subjectId: string;
    personal: Registrant;
    country: Country;
    investmentInterest: Interest[];
    investmentAmount: InvestmentAmount;
    experience: ExperienceLevel;
    agreedToTermsAt: string;
    agreedToContactAt: string;
    registeredAt: string;
  };
}

export type InterestRegisterEvent = InterestRegistered;
