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

export type InterestRegisterEvent =
  InterestRegistered | ConfirmationMailSending | ConfirmationMailSent | ConfirmationMailFailed | InterestConfirmed;
