/** The register-interest form's values and the spec's client-side rules for them (docs/specification.md §5). */
import type { Dayjs } from 'dayjs';
import { REGISTER_INTEREST_MESSAGES } from '@kauri/messages';
import type {
  Country,
  InvestmentAmount,
  InvestmentExperience,
  InvestmentInterest,
  RegisterInterestRequest,
} from '../../api/types';

export interface RegistrationFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  dateOfBirth: Dayjs | null;
  country: Country | undefined;
  city: string;
  occupation: string;
  investmentInterest: InvestmentInterest[];
  investmentAmount: InvestmentAmount | undefined;
  experience: InvestmentExperience | undefined;
  additionalInfo: string;
  agreeToTerms: boolean;
  agreeToContact: boolean;
}

export type RegistrationField = keyof RegistrationFormValues;

/** Every field, in the order the form shows them (first error scrolls into view). */
export const registrationFields = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'dateOfBirth',
  'country',
  'city',
  'occupation',
  'investmentInterest',
  'investmentAmount',
  'experience',
  'additionalInfo',
  'agreeToTerms',
  'agreeToContact',
] as const satisfies readonly RegistrationField[];

export function isRegistrationField(name: string): name is RegistrationField {
  return (registrationFields as readonly string[]).includes(name);
}

export const emptyRegistration: RegistrationFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  dateOfBirth: null,
  country: undefined,
  city: '',
  occupation: '',
  investmentInterest: [],
  investmentAmount: undefined,
  experience: undefined,
  additionalInfo: '',
  agreeToTerms: false,
  agreeToContact: false,
};

/** The spec's validation messages, word for word (shared with the backend's DTO and decider). */
export const registrationMessages = REGISTER_INTEREST_MESSAGES satisfies Partial<Record<RegistrationField, string>>;

export type RegistrationErrors = Partial<Record<RegistrationField, string>>;

export type ParsedRegistration =
  | { ok: true; request: RegisterInterestRequest }
  | { ok: false; errors: RegistrationErrors };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Checks the form against the spec's rules and, when they all hold, builds the request body.
 * Text is trimmed first, so a name of spaces does not count as a name.
 */
export function parseRegistration(values: RegistrationFormValues): ParsedRegistration {
  const firstName = values.firstName.trim();
  const lastName = values.lastName.trim();
  const email = values.email.trim();
  const phone = values.phone.trim();
  const city = values.city.trim();
  const occupation = values.occupation.trim();
  const additionalInfo = values.additionalInfo.trim();
  const { dateOfBirth, country, investmentInterest, investmentAmount, experience, agreeToTerms, agreeToContact } =
    values;

  const errors: RegistrationErrors = {};
  const m = registrationMessages;
  if (firstName.length < 2) errors.firstName = m.firstName;
  if (lastName.length < 2) errors.lastName = m.lastName;
  if (!EMAIL.test(email)) errors.email = m.email;
  if (phone.length < 10) errors.phone = m.phone;
  if (!dateOfBirth?.isValid()) errors.dateOfBirth = m.dateOfBirth;
  if (!country) errors.country = m.country;
  if (!city) errors.city = m.city;
  if (occupation.length < 2) errors.occupation = m.occupation;
  if (investmentInterest.length === 0) errors.investmentInterest = m.investmentInterest;
  if (!investmentAmount) errors.investmentAmount = m.investmentAmount;
  if (!experience) errors.experience = m.experience;
  if (!agreeToTerms) errors.agreeToTerms = m.agreeToTerms;
  if (!agreeToContact) errors.agreeToContact = m.agreeToContact;

  // The chosen values are tested again only so that TypeScript narrows them for the request below.
  if (Object.keys(errors).length > 0 || !dateOfBirth || !country || !investmentAmount || !experience) {
    return { ok: false, errors };
  }
  return {
    ok: true,
    request: {
      firstName,
      lastName,
      email,
      phone,
      dateOfBirth: dateOfBirth.format('YYYY-MM-DD'),
      country,
      city,
      occupation,
      investmentInterest,
      investmentAmount,
      experience,
      ...(additionalInfo && { additionalInfo }),
      agreeToTerms,
      agreeToContact,
    },
  };
}
