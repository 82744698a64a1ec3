import fc from 'fast-check';
import {
  anyId,
  anyTime,
  checkDecider,
  choiceOf,
  commandsOf,
  HUGE,
  often,
  someText,
} from '../../testing/decider-properties.js';
import { interestRegister, type InterestRegisterCommand } from './decider.js';
import {
  COUNTRIES,
  EXPERIENCE_LEVELS,
  FEE_FREE_PLACES,
  INTERESTS,
  INVESTMENT_AMOUNTS,
  type Interest,
} from './options.js';

/** A few addresses (one differing only in case and spaces), so that repeats are refused. */
const email = often(
  fc.constantFrom('aroha@example.nz', 'mere@example.nz', ' Aroha@Example.nz ', 'tane@example.nz'),
  fc.constantFrom('', 'constructor', HUGE),
);
const interests = often(
  fc.subarray([...INTERESTS], { minLength: 1 }),
  fc.constantFrom([], ['constructor'], [...INTERESTS, ...INTERESTS]) as fc.Arbitrary<Interest[]>,
);

const command: fc.Arbitrary<InterestRegisterCommand> = fc.record({
  type: fc.constant('RegisterInterest' as const),
  registrationId: anyId,
  registrant: fc.record({
    firstName: someText(fc.constant('Aroha')),
    lastName: someText(fc.constant('Ngata')),
    email,
    phone: often(fc.constant('+64 21 123 4567'), fc.constantFrom('123', 'call me', HUGE)),
    dateOfBirth: often(fc.constantFrom('1980-04-25', '2000-02-29'), fc.constantFrom('2015-01-01', '1980-02-30', '')),
    city: someText(fc.constant('Wellington')),
    occupation: someText(fc.constant('Accountant')),
    additionalInfo: fc.option(someText(fc.constant('Interested in Wellington offices')), { nil: null }),
  }),
  country: choiceOf(COUNTRIES),
  investmentInterest: interests,
  investmentAmount: choiceOf(INVESTMENT_AMOUNTS),
  experience: choiceOf(EXPERIENCE_LEVELS),
  agreeToTerms: often(fc.constant(true), fc.constant(false)),
  agreeToContact: often(fc.constant(true), fc.constant(false)),
  at: anyTime,
});

describe('Interest register decider, properties', () => {
  it('whoever registers, with whatever fields: events fit, numbered 1, 2, 3…, each address once', () => {
    checkDecider(interestRegister, {
      commands: commandsOf(command, { max: 30 }),
      wholeNumbers: (s) => [s.registrations, s.feeWaivers],
      invariant(state, history) {
        expect(history.map((e) => e.data.number)).toEqual(history.map((_, i) => i + 1));
        expect(state.registrations).toBe(history.length);
        expect(state.emailKeys.size).toBe(history.length);
        expect(state.feeWaivers).toBe(Math.min(history.length, FEE_FREE_PLACES));
      },
    });
  });
});
