import { emailKey } from '../../platform/email-key.js';
import type { Decider } from '../../platform/decider.js';
import { DomainError, requireValidFields } from '../../platform/errors.js';
import type { InterestRegisterEvent, Registrant } from './events.js';
import { FEE_FREE_PLACES, MINIMUM_AGE, type Country, type ExperienceLevel, type Interest, type InvestmentAmount } from './options.js';

/**
 * The pre-launch interest register: one stream holds every registration, so numbering, the 100 fee-free
 * places and e-mail uniqueness are decided against one expected revision — exactly 100 waived, however many
 * arrive at once.
 */
export const INTEREST_REGISTER_STREAM = 'interest-register-prelaunch';

export interface RegisterInterest {
  type: 'RegisterInterest';
  registrationId: string;
  registrant: Registrant;
  country: Country;
  investmentInterest: Interest[];
  investmentAmount: InvestmentAmount;
  experience: ExperienceLevel;
  agreeToTerms: boolean;
  agreeToContact: boolean;
  at: string;
}

export type InterestRegisterCommand = RegisterInterest;

export interface InterestRegisterState {
  registrations: number;
  feeWaivers: number;
  emailKeys: ReadonlySet<string>;
}

export const ALREADY_REGISTERED = 'This email address has already registered interest.';
export const TOO_YOUNG = `You must be at least ${MINIMUM_AGE} years old to register interest`;

export { emailKey };

function ageOn(dateOfBirth: string, at: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const now = new Date(at);
  const [y, m, d] = [now.getUTCFullYear(), now.getUTCMonth() + 1, now.getUTCDate()];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

export const interestRegister: Decider<InterestRegisterCommand, InterestRegisterEvent, InterestRegisterState> = {
  name: 'InterestRegister',
  schemaVersions: { InterestRegistered: 2 },
  initialState: { registrations: 0, feeWaivers: 0, emailKeys: new Set() },

  evolve(state, event) {
    switch (event.type) {
      case 'InterestRegistered':
        return {
          registrations: event.data.number,
          feeWaivers: state.feeWaivers + (event.data.feeWaived ? 1 : 0),
          emailKeys: new Set(state.emailKeys).add(event.data.emailKey),
        };
      default: {
        const _exhaustive: never = event.type;
        return state;
      }
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'RegisterInterest': {
        // Consent is what makes contacting this person lawful: checked here too, not only in the form.
        requireValidFields(
          [
            !command.agreeToTerms && { field: 'agreeToTerms', message: 'You must agree to the terms and conditions' },
            !command.agreeToContact && { field: 'agreeToContact', message: 'You must agree to be contacted' },
            ageOn(command.registrant.dateOfBirth, command.at) < MINIMUM_AGE && {
              field: 'dateOfBirth',
              message: TOO_YOUNG,
            },
          ],
          { status: 422 },
        );
        const key = emailKey(command.registrant.email);
        if (state.emailKeys.has(key)) {
          throw new DomainError(ALREADY_REGISTERED, 409, [{ field: 'email', message: ALREADY_REGISTERED }]);
        }
        return [
          {
            type: 'InterestRegistered',
            data: {
              registrationId: command.registrationId,
              number: state.registrations + 1,
              feeWaived: state.feeWaivers < FEE_FREE_PLACES,
              emailKey: key,
              subjectId: command.registrationId,
              personal: { ...command.registrant, email: command.registrant.email.trim() },
              country: command.country,
              investmentInterest: [...new Set(command.investmentInterest)],
              investmentAmount: command.investmentAmount,
              experience: command.experience,
              agreedToTermsAt: command.at,
              agreedToContactAt: command.at,
              registeredAt: command.at,
            },
          },
        ];
      }
      default: {
        const _exhaustive: never = command.type;
        throw new DomainError(`Unknown command ${String(_exhaustive)}`, 400);
      }
    }
  },
};
