import {
  array,
  boolean,
  id,
  int,
  isoDate,
  isoDateTime,
  nullable,
  object,
  oneOf,
  string,
  type EventSchemas,
} from '../../platform/event-schema.js';
import {
  COUNTRIES,
  EXPERIENCE_LEVELS,
  INTERESTS,
  INVESTMENT_AMOUNTS,
  type Country,
  type ExperienceLevel,
  type Interest,
  type InvestmentAmount,
} from './options.js';

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

/** The registrant's fields as the log keeps them, each with the form's message: the decider checks them too. */
export const REGISTRANT_FIELDS = {
  firstName: [string({ nonEmpty: true, min: 2, max: 100 }), 'First name must be at least 2 characters'],
  lastName: [string({ nonEmpty: true, min: 2, max: 100 }), 'Last name must be at least 2 characters'],
  email: [string({ nonEmpty: true, max: 254, pattern: /^[^@\s]+@[^@\s]+$/ }), 'Please enter a valid email address'],
  phone: [string({ min: 10, max: 30, pattern: /^\+?[0-9 ()-]+$/ }), 'Please enter a valid phone number'],
  dateOfBirth: [isoDate(), 'Date of birth is required'],
  city: [string({ nonEmpty: true, max: 100 }), 'City is required'],
  occupation: [string({ nonEmpty: true, min: 2, max: 100 }), 'Occupation is required'],
  additionalInfo: [nullable(string({ max: 2000 })), 'Additional information must be at most 2000 characters'],
} as const;

export const INTEREST_FIELDS = {
  country: oneOf(COUNTRIES),
  investmentInterest: array(oneOf(INTERESTS), { min: 1, max: INTERESTS.length }),
  investmentAmount: oneOf(INVESTMENT_AMOUNTS),
  experience: oneOf(EXPERIENCE_LEVELS),
};

const registrant = REGISTRANT_FIELDS;
export const interestRegisterEventSchemas = {
  InterestRegistered: object({
    registrationId: id(),
    number: int({ min: 1 }),
    feeWaived: boolean(),
    emailKey: string({ max: 64, pattern: /^[0-9a-f]{64}$/ }),
    subjectId: id(),
    personal: object({
      firstName: registrant.firstName[0],
      lastName: registrant.lastName[0],
      email: registrant.email[0],
      phone: registrant.phone[0],
      dateOfBirth: registrant.dateOfBirth[0],
      city: registrant.city[0],
      occupation: registrant.occupation[0],
      additionalInfo: registrant.additionalInfo[0],
    }),
    ...INTEREST_FIELDS,
    agreedToTermsAt: isoDateTime(),
    agreedToContactAt: isoDateTime(),
    registeredAt: isoDateTime(),
  }),
} satisfies EventSchemas<InterestRegisterEvent>;
