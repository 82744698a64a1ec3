import { specify } from '../../testing/decider-spec.js';
import { ALREADY_REGISTERED, emailKey, interestRegister, TOO_YOUNG, type RegisterInterest } from './decider.js';
import type { InterestRegistered } from './events.js';

const at = '2026-11-22T09:00:00.000Z';

function register(n: number, overrides: Partial<RegisterInterest> = {}): RegisterInterest {
  return {
    type: 'RegisterInterest',
    registrationId: `reg-${n}`,
    registrant: {
      firstName: 'Tama',
      lastName: 'Walker',
      email: `person${n}@example.nz`,
      phone: '0211234567',
      dateOfBirth: '1990-01-01',
      city: 'Auckland',
      occupation: 'Accountant',
      additionalInfo: null,
    },
    country: 'nz',
    investmentInterest: ['commercial'],
    investmentAmount: '50k-100k',
    experience: 'beginner',
    agreeToTerms: true,
    agreeToContact: true,
    at,
    ...overrides,
  };
}

function registered(n: number, feeWaived = n <= 100): InterestRegistered {
  const cmd = register(n);
  return {
    type: 'InterestRegistered',
    data: {
      registrationId: cmd.registrationId,
      number: n,
      feeWaived,
      emailKey: emailKey(cmd.registrant.email),
      subjectId: cmd.registrationId,
      personal: cmd.registrant,
      country: 'nz',
      investmentInterest: ['commercial'],
      investmentAmount: '50k-100k',
      experience: 'beginner',
      agreedToTermsAt: at,
      agreedToContactAt: at,
      registeredAt: at,
    },
  };
}

const history = (count: number) => Array.from({ length: count }, (_, i) => registered(i + 1));
const { given } = specify(interestRegister);

describe('InterestRegister decider', () => {
  it('given no registrations, when someone registers, then they are number 1 with the fee waived', () => {
    expect(given([]).when(register(1))).toEqual({ events: [registered(1, true)], error: null });
  });

  it('given 99 registrations, the 100th still gets the fee waived', () => {
    const { events } = given(history(99)).when(register(100));
    expect(events?.[0]?.data).toMatchObject({ number: 100, feeWaived: true });
  });

  it('given 100 registrations, the 101st is registered without the waiver', () => {
    const { events } = given(history(100)).when(register(101));
    expect(events?.[0]?.data).toMatchObject({ number: 101, feeWaived: false });
  });

  it('refuses an e-mail address that already registered, whatever its case or spacing', () => {
    const again = register(2);
    again.registrant = { ...again.registrant, email: '  PERSON1@Example.NZ ' };
    const { error } = given(history(1)).when(again);
    expect(error).toMatchObject({ message: ALREADY_REGISTERED, status: 409 });
  });

  it('refuses someone under 18 on the day of registering', () => {
    const young = register(1);
    young.registrant = { ...young.registrant, dateOfBirth: '2008-11-23' };
    expect(given([]).when(young).error).toMatchObject({ message: TOO_YOUNG, status: 422 });
    young.registrant = { ...young.registrant, dateOfBirth: '2008-11-22' };
    expect(given([]).when(young).error).toBeNull();
  });

  it('refuses a registration without both consents', () => {
    expect(given([]).when(register(1, { agreeToTerms: false })).error?.message).toBe('You must agree to the terms and conditions');
    expect(given([]).when(register(1, { agreeToContact: false })).error?.message).toBe('You must agree to be contacted');
  });

  it('names every refused field at once', () => {
    const young = register(1, { agreeToTerms: false, agreeToContact: false });
    young.registrant = { ...young.registrant, dateOfBirth: '2020-01-01' };
    expect(given([]).when(young).error).toMatchObject({
      status: 422,
      errors: [
        { field: 'agreeToTerms', message: 'You must agree to the terms and conditions' },
        { field: 'agreeToContact', message: 'You must agree to be contacted' },
        { field: 'dateOfBirth', message: TOO_YOUNG },
      ],
    });
  });

  it('counts registrations and waivers in state', () => {
    expect(given(history(105)).state).toMatchObject({ registrations: 105, feeWaivers: 100 });
  });
});
