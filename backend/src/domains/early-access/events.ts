import {
  array,
  boolean,
  id,
  int,
  isoDate,
  isoDateTime,
  literal,
  nullable,
  object,
  oneOf,
  string,
  type EventSchemas,
} from '../../platform/event-schema.js';
import { REGISTER_INTEREST_MESSAGES } from '../../messages.js';
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

/**
 * Stream `interest-register-prelaunch`: every registration of interest and what became of it. A registration
 * counts toward the 100 fee-free places only once its e-mail address is confirmed through the link mailed to
 * it (`InterestConfirmed`, numbered in order of confirmation).
 */
export interface InterestRegistered {
  type: 'InterestRegistered';
  data: {
    registrationId: string;
    /**
     * Keyed hash of the normalised e-mail (platform/email-key.ts): lets the register refuse a repeat without
     * reading personal data.
     */
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
    /**
     * v3 registrations wait for confirmation (null here). v1/v2 ones were numbered and given their waiver on
     * submission, before confirmation existed: upcast with that place, which stands.
     */
    placeOnRegistration: { number: number; feeWaived: boolean } | null;
  };
}

/**
 * The outbox's intent, appended before the confirmation mail is handed to the transport: which message, and
 * the hash of the link's token (the token itself is only ever in the mail). It also makes this the link in
 * force, until `expiresAt`.
 */
export interface ConfirmationMailSending {
  type: 'ConfirmationMailSending';
  data: { registrationId: string; messageId: string; tokenHash: string; startedAt: string; expiresAt: string };
}

/** The outcome: the transport accepted the message. */
export interface ConfirmationMailSent {
  type: 'ConfirmationMailSent';
  data: { registrationId: string; messageId: string };
}

/**
 * The outcome: the transport refused (`refused`), or the process stopped mid-send (`interrupted`); tried again
 * at `retryAt`, or never (null: attempts used up, or the message may already have gone out).
 */
export interface ConfirmationMailFailed {
  type: 'ConfirmationMailFailed';
  data: {
    registrationId: string;
    messageId: string;
    reason: 'refused' | 'interrupted' | 'no-address';
    retryAt: string | null;
  };
}

/** The registrant opened the link: number `number` in order of confirmation, fee waived for the first 100. */
export interface InterestConfirmed {
  type: 'InterestConfirmed';
  data: { registrationId: string; number: number; feeWaived: boolean; confirmedAt: string };
}

export type EarlyAccessEvent =
  | InterestRegistered
  | ConfirmationMailSending
  | ConfirmationMailSent
  | ConfirmationMailFailed
  | InterestConfirmed;

/** A registration's life as the early-access read models see it: submitted, then confirmed (mails aside). */
export const INTEREST_EVENT_TYPES = [
  'InterestRegistered',
  'InterestConfirmed',
] as const satisfies EarlyAccessEvent['type'][];
export type InterestEvent = Extract<EarlyAccessEvent, { type: (typeof INTEREST_EVENT_TYPES)[number] }>;

/** The registrant's fields as the log keeps them, each with the form's message: the decider checks them too. */
export const REGISTRANT_FIELDS = {
  firstName: [string({ nonEmpty: true, min: 2, max: 100 }), REGISTER_INTEREST_MESSAGES.firstName],
  lastName: [string({ nonEmpty: true, min: 2, max: 100 }), REGISTER_INTEREST_MESSAGES.lastName],
  email: [string({ nonEmpty: true, max: 254, pattern: /^[^@\s]+@[^@\s]+$/ }), REGISTER_INTEREST_MESSAGES.email],
  phone: [string({ min: 10, max: 30, pattern: /^\+?[0-9 ()-]+$/ }), REGISTER_INTEREST_MESSAGES.phone],
  dateOfBirth: [isoDate(), REGISTER_INTEREST_MESSAGES.dateOfBirth],
  city: [string({ nonEmpty: true, max: 100 }), REGISTER_INTEREST_MESSAGES.city],
  occupation: [string({ nonEmpty: true, min: 2, max: 100 }), REGISTER_INTEREST_MESSAGES.occupation],
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
    emailKey: id(),
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
    placeOnRegistration: nullable(object({ number: int({ min: 1 }), feeWaived: boolean() })),
  }),
  ConfirmationMailSending: object({
    registrationId: id(),
    messageId: id(),
    tokenHash: id(),
    startedAt: isoDateTime(),
    expiresAt: isoDateTime(),
  }),
  ConfirmationMailSent: object({ registrationId: id(), messageId: id() }),
  ConfirmationMailFailed: object({
    registrationId: id(),
    messageId: id(),
    reason: literal('refused', 'interrupted', 'no-address'),
    retryAt: nullable(isoDateTime()),
  }),
  InterestConfirmed: object({
    registrationId: id(),
    number: int({ min: 1 }),
    feeWaived: boolean(),
    confirmedAt: isoDateTime(),
  }),
} satisfies EventSchemas<EarlyAccessEvent>;
