import fc from 'fast-check';
import {
  anyId,
  anyTime,
  checkDecider,
  choiceOf,
  commandsOf,
  HUGE,
  REUSED_IDS,
  often,
  someText,
} from '../../testing/decider-properties.js';
import { interestRegister, type EarlyAccessCommand, type MailOutcome } from './early-access.decider.js';
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

/** Keys the server computes (never outside input): a few, so that repeats and releases happen. */
const KEYS = ['a', 'b', 'c'].map((c) => c.repeat(64));
const emailKeys = fc.subarray(KEYS, { minLength: 1, maxLength: 2 });
const HASHES = ['d', 'e'].map((c) => c.repeat(64));
// Hashes of links' tokens, computed by the server: a few, so that a wrong or a reused link happens.
const tokenHash = fc.constantFrom(...HASHES);
const OUTCOMES: readonly MailOutcome[] = [
  'sent',
  'refused',
  'interrupted-not-sent',
  'interrupted-unknown',
  'no-address',
];

const register: fc.Arbitrary<EarlyAccessCommand> = fc.record({
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
  emailKeys,
  forgotten: fc.subarray([...REUSED_IDS]),
  at: anyTime,
});

const command: fc.Arbitrary<EarlyAccessCommand> = fc.oneof(
  register,
  fc.record({
    type: fc.constant('StartConfirmationMail' as const),
    registrationId: anyId,
    messageId: anyId,
    tokenHash,
    at: anyTime,
  }),
  fc.record({
    type: fc.constant('RecordConfirmationMail' as const),
    registrationId: anyId,
    messageId: anyId,
    outcome: fc.constantFrom(...OUTCOMES),
    at: anyTime,
  }),
  fc.record({ type: fc.constant('ConfirmInterest' as const), registrationId: anyId, tokenHash, at: anyTime }),
);

describe('Interest register decider, properties', () => {
  it('whoever registers, mails and confirms, with whatever fields: events fit, confirmations numbered 1, 2, 3…', () => {
    checkDecider(interestRegister, {
      commands: commandsOf(command, { max: 40 }),
      wholeNumbers: (s) => [s.registrations, s.confirmations, s.feeWaivers],
      invariant(state, history) {
        const confirmed = history.flatMap((e) => (e.type === 'InterestConfirmed' ? [e.data] : []));
        expect(confirmed.map((c) => c.number)).toEqual(confirmed.map((_, i) => i + 1));
        expect(confirmed.map((c) => c.feeWaived)).toEqual(confirmed.map((c) => c.number <= FEE_FREE_PLACES));
        expect(new Set(confirmed.map((c) => c.registrationId)).size).toBe(confirmed.length);
        expect(state.confirmations).toBe(confirmed.length);
        expect(state.feeWaivers).toBe(Math.min(confirmed.length, FEE_FREE_PLACES));
        expect(state.registrations).toBe(history.filter((e) => e.type === 'InterestRegistered').length);
      },
    });
  });
});
