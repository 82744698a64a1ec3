import { describe, expect, it } from '@jest/globals';
import dayjs from 'dayjs';
import {
  emptyRegistration,
  isRegistrationField,
  parseRegistration,
  registrationFields,
  registrationMessages,
  type RegistrationFormValues,
} from './registration';

const filled: RegistrationFormValues = {
  firstName: ' Aroha ',
  lastName: 'Ngata',
  email: ' aroha@example.nz ',
  phone: '021 123 4567',
  dateOfBirth: dayjs('1985-03-09'),
  country: 'nz',
  city: 'Tauranga',
  occupation: 'Engineer',
  investmentInterest: ['residential', 'startups'],
  investmentAmount: '100k-500k',
  experience: 'intermediate',
  additionalInfo: '',
  agreeToTerms: true,
  agreeToContact: true,
};

describe('the register-interest form’s client rules (docs/specification.md §5)', () => {
  it('builds the request from a complete form: text trimmed, the date as YYYY-MM-DD, no empty extra info', () => {
    expect(parseRegistration(filled)).toEqual({
      ok: true,
      request: {
        firstName: 'Aroha',
        lastName: 'Ngata',
        email: 'aroha@example.nz',
        phone: '021 123 4567',
        dateOfBirth: '1985-03-09',
        country: 'nz',
        city: 'Tauranga',
        occupation: 'Engineer',
        investmentInterest: ['residential', 'startups'],
        investmentAmount: '100k-500k',
        experience: 'intermediate',
        agreeToTerms: true,
        agreeToContact: true,
      },
    });
  });

  it('keeps additional information when given', () => {
    const parsed = parseRegistration({ ...filled, additionalInfo: '  Interested in Bay of Plenty property. ' });
    expect(parsed.ok && parsed.request.additionalInfo).toBe('Interested in Bay of Plenty property.');
  });

  it('names every missing field with the spec’s message on an empty form (additional info is optional)', () => {
    expect(parseRegistration(emptyRegistration)).toEqual({ ok: false, errors: registrationMessages });
  });

  it.each<[string, Partial<RegistrationFormValues>, keyof typeof registrationMessages]>([
    ['a one-letter first name', { firstName: 'A' }, 'firstName'],
    ['a first name of spaces', { firstName: '   ' }, 'firstName'],
    ['a one-letter last name', { lastName: ' N ' }, 'lastName'],
    ['an e-mail without a domain', { email: 'aroha@' }, 'email'],
    ['an e-mail with a space', { email: 'aroha ngata@example.nz' }, 'email'],
    ['a phone number under 10 characters', { phone: '021 1234' }, 'phone'],
    ['no date of birth', { dateOfBirth: null }, 'dateOfBirth'],
    ['an invalid date of birth', { dateOfBirth: dayjs('not a date') }, 'dateOfBirth'],
    ['no country', { country: undefined }, 'country'],
    ['a blank city', { city: '  ' }, 'city'],
    ['a one-letter occupation', { occupation: 'X' }, 'occupation'],
    ['no area of interest', { investmentInterest: [] }, 'investmentInterest'],
    ['no investment range', { investmentAmount: undefined }, 'investmentAmount'],
    ['no experience level', { experience: undefined }, 'experience'],
    ['the terms not agreed', { agreeToTerms: false }, 'agreeToTerms'],
    ['contact not agreed', { agreeToContact: false }, 'agreeToContact'],
  ])('refuses %s with its message alone', (_, change, field) => {
    const errors = { [field]: registrationMessages[field] };
    expect(parseRegistration({ ...filled, ...change })).toEqual({ ok: false, errors });
  });

  it('knows its fields, in the order the form shows them', () => {
    expect(registrationFields[0]).toBe('firstName');
    expect(registrationFields.at(-1)).toBe('agreeToContact');
    expect(isRegistrationField('email')).toBe(true);
    expect(isRegistrationField('constructor')).toBe(false);
  });
});
