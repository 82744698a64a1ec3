import type { Decider } from '../../platform/decider.js';
import { ageOn } from '../../platform/calendar-date.js';
import { nzDate } from '../../platform/nz-time.js';
import { DomainError, requireValidFields } from '../../platform/errors.js';
import { misfit } from '../../platform/event-schema.js';
import { isPlainEmail } from '../../platform/email-key.js';
import { CONFIRMATION_LINK_INVALID, EMAIL_NOT_PLAIN, REGISTER_INTEREST_MESSAGES } from '../../messages.js';
import {
  INTEREST_FIELDS,
  interestRegisterEventSchemas,
  REGISTRANT_FIELDS,
  type ConfirmationMailFailed,
  type EarlyAccessEvent,
  type Registrant,
} from './events.js';
import {
  FEE_FREE_PLACES,
  MINIMUM_AGE,
  type Country,
  type ExperienceLevel,
  type Interest,
  type InvestmentAmount,
} from './options.js';
import { upcasters } from '../upcasters.js';

/**
 * The pre-launch interest register: one stream holds every registration, its confirmation mail and its
 * confirmation, so e-mail uniqueness and the numbering of confirmations — hence the 100 fee-free places — are
 * decided against one expected revision: exactly 100 waived, however many confirm at once, and only for
 * addresses whose owner opened the link.
 */
export const INTEREST_REGISTER_STREAM = 'interest-register-prelaunch';

/** A confirmation link works for 48 hours; an unconfirmed registration lapses then (the address may register again). */
export const LINK_TTL_MS = 48 * 60 * 60 * 1000;
/** A send not finished after this is taken to have been interrupted (the SMTP timeouts are shorter). */
export const SEND_LEASE_MS = 5 * 60 * 1000;
/** Waits before retrying a refused mail; after the last, no more attempts. */
export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const;

export const ALREADY_REGISTERED = 'This email address has already registered interest.';
export const TOO_YOUNG = `You must be at least ${MINIMUM_AGE} years old to register interest`;
export const INVALID_LINK = CONFIRMATION_LINK_INVALID;
export const LINK_EXPIRED = 'This confirmation link has expired. Please register your interest again.';
export const ALREADY_CONFIRMED = 'This registration is already confirmed.';
export const REGISTRATION_EXISTS = 'This registration already exists.';

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
  /** The address's keys: the keyed one (recorded) first, then the unkeyed one of registrations made before. */
  emailKeys: readonly string[];
  /** Registrations holding one of these keys whose registrant was forgotten: their hold on the address is gone. */
  forgotten: readonly string[];
  at: string;
}

/** The outbox claims the next send: appended before the mail goes to the transport. */
export interface StartConfirmationMail {
  type: 'StartConfirmationMail';
  registrationId: string;
  messageId: string;
  tokenHash: string;
  at: string;
}

/**
 * What became of a send: `interrupted-not-sent` when a send found unfinished proved not to have gone out (it is
 * retried), `interrupted-unknown` when the transport cannot tell (never retried: nothing is sent twice).
 */
export type MailOutcome = 'sent' | 'refused' | 'interrupted-not-sent' | 'interrupted-unknown' | 'no-address';

export interface RecordConfirmationMail {
  type: 'RecordConfirmationMail';
  registrationId: string;
  messageId: string;
  outcome: MailOutcome;
  at: string;
}

export interface ConfirmInterest {
  type: 'ConfirmInterest';
  registrationId: string;
  tokenHash: string;
  at: string;
}

export type EarlyAccessCommand = RegisterInterest | StartConfirmationMail | RecordConfirmationMail | ConfirmInterest;

export type MailState =
  | { status: 'due'; at: string }
  | { status: 'sending'; messageId: string; since: string }
  | { status: 'sent' }
  | { status: 'stopped' };

export interface RegistrationState {
  emailKey: string;
  registeredAt: string;
  confirmed: boolean;
  /** The link in force: the hash of its token and when it expires. */
  link: { tokenHash: string; expiresAt: string } | null;
  mail: MailState;
  /** Sends started so far. */
  attempts: number;
}

export interface EarlyAccessState {
  /** Submissions. */
  registrations: number;
  /** Confirmed registrations (and v2 ones, counted on submission): the next confirmation's number is this + 1. */
  confirmations: number;
  feeWaivers: number;
  /** E-mail key → the registration that holds the address. */
  byEmail: ReadonlyMap<string, string>;
  byId: ReadonlyMap<string, RegistrationState>;
}

const plus = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString();

/** Unconfirmed past its last link's expiry (or 48 hours after registering, when no link went out). */
export function hasLapsed(registration: RegistrationState, at: string): boolean {
  if (registration.confirmed) return false;
  const registered = plus(registration.registeredAt, LINK_TTL_MS);
  const lapses =
    registration.link && registration.link.expiresAt > registered ? registration.link.expiresAt : registered;
  return at >= lapses;
}

/** Whether the outbox has a confirmation mail to send (or an interrupted send to settle) for this registration. */
export function mailIsDue(state: EarlyAccessState, registrationId: string, at: string): boolean {
  const registration = state.byId.get(registrationId);
  if (!registration || registration.confirmed || hasLapsed(registration, at)) return false;
  if (state.byEmail.get(registration.emailKey) !== registrationId) return false;
  const { mail } = registration;
  return (
    (mail.status === 'due' && mail.at <= at) || (mail.status === 'sending' && plus(mail.since, SEND_LEASE_MS) <= at)
  );
}

function failure(registration: RegistrationState, command: RecordConfirmationMail): ConfirmationMailFailed['data'] {
  const { registrationId, messageId, outcome, at } = command;
  const retryable = outcome === 'refused' || outcome === 'interrupted-not-sent';
  const delay = RETRY_DELAYS_MS[registration.attempts - 1];
  return {
    registrationId,
    messageId,
    reason: outcome === 'refused' ? 'refused' : outcome === 'no-address' ? 'no-address' : 'interrupted',
    retryAt: retryable && delay !== undefined ? plus(at, delay) : null,
  };
}

/**
 * Folds events into a new state: the two maps are copied once per fold and changed in place after that, so
 * loading a stream of n registrations costs O(n), not O(n²); the state handed in is never changed.
 */
function evolveMany(state: EarlyAccessState, events: readonly EarlyAccessEvent[]): EarlyAccessState {
  if (events.length === 0) return state;
  const byEmail = new Map(state.byEmail);
  const byId = new Map(state.byId);
  let { registrations, confirmations, feeWaivers } = state;
  const update = (registrationId: string, change: (r: RegistrationState) => RegistrationState) => {
    const current = byId.get(registrationId);
    if (current) byId.set(registrationId, change(current));
  };
  for (const event of events) {
    switch (event.type) {
      case 'InterestRegistered': {
        const { registrationId, emailKey, registeredAt, placeOnRegistration: place } = event.data;
        registrations += 1;
        confirmations += place ? 1 : 0;
        feeWaivers += place?.feeWaived ? 1 : 0;
        byEmail.set(emailKey, registrationId);
        byId.set(registrationId, {
          emailKey,
          registeredAt,
          confirmed: place !== null,
          link: null,
          mail: place ? { status: 'stopped' } : { status: 'due', at: registeredAt },
          attempts: 0,
        });
        break;
      }
      case 'ConfirmationMailSending': {
        const { registrationId, messageId, tokenHash, startedAt, expiresAt } = event.data;
        update(registrationId, (r) => ({
          ...r,
          link: { tokenHash, expiresAt },
          mail: { status: 'sending', messageId, since: startedAt },
          attempts: r.attempts + 1,
        }));
        break;
      }
      case 'ConfirmationMailSent':
        update(event.data.registrationId, (r) => ({ ...r, mail: { status: 'sent' } }));
        break;
      case 'ConfirmationMailFailed': {
        const { retryAt } = event.data;
        update(event.data.registrationId, (r) => ({
          ...r,
          mail: retryAt ? { status: 'due', at: retryAt } : { status: 'stopped' },
        }));
        break;
      }
      case 'InterestConfirmed':
        update(event.data.registrationId, (r) => ({ ...r, confirmed: true, link: null }));
        confirmations = event.data.number;
        feeWaivers += event.data.feeWaived ? 1 : 0;
        break;
      default: {
        const _exhaustive: never = event;
        break;
      }
    }
  }
  return { registrations, confirmations, feeWaivers, byEmail, byId };
}

export const interestRegister: Decider<EarlyAccessCommand, EarlyAccessEvent, EarlyAccessState> = {
  name: 'EarlyAccessList',
  eventSchemas: interestRegisterEventSchemas,
  upcasters,
  initialState: { registrations: 0, confirmations: 0, feeWaivers: 0, byEmail: new Map(), byId: new Map() },

  evolve(state, event) {
    return evolveMany(state, [event]);
  },
  evolveMany,
  // Only `decide` sees the registrant (from the command): loading the stream never opens a sealed registrant.
  ignoresPersonalData: true,

  decide(command, state) {
    switch (command.type) {
      case 'RegisterInterest': {
        // The id is the server's; a second registration under it would reset the first and could number it twice.
        if (state.byId.has(command.registrationId)) throw new DomainError(REGISTRATION_EXISTS, 409);
        // Consent is what makes contacting this person lawful: checked here too, not only in the form.
        const personal = { ...command.registrant, email: command.registrant.email.trim() };
        const investmentInterest = [...new Set(command.investmentInterest)];
        const tooYoung = ageOn(command.registrant.dateOfBirth, nzDate(command.at)) < MINIMUM_AGE;
        // Each field as the log needs it (the event schema's own field checks), with the form's message.
        const misfits = [
          ...Object.entries(REGISTRANT_FIELDS).map(([field, [schema, message]]) =>
            misfit(schema, personal[field as keyof Registrant], field, message),
          ),
          misfit(INTEREST_FIELDS.country, command.country, 'country', REGISTER_INTEREST_MESSAGES.country),
          misfit(
            INTEREST_FIELDS.investmentInterest,
            investmentInterest,
            'investmentInterest',
            REGISTER_INTEREST_MESSAGES.investmentInterest,
          ),
          misfit(
            INTEREST_FIELDS.investmentAmount,
            command.investmentAmount,
            'investmentAmount',
            REGISTER_INTEREST_MESSAGES.investmentAmount,
          ),
          misfit(INTEREST_FIELDS.experience, command.experience, 'experience', REGISTER_INTEREST_MESSAGES.experience),
        ];
        // The waiver is found by the address's key: a look-alike (full-width, invisible characters) would claim
        // another's (platform/email-key.ts `isPlainEmail`).
        if (!misfits.some((error) => error?.field === 'email') && !isPlainEmail(personal.email))
          misfits.push({ field: 'email', message: EMAIL_NOT_PLAIN });
        const malformed = misfits.some(Boolean);
        const dateOfBirthMisfit = misfits.some((error) => error?.field === 'dateOfBirth');
        // Every wrong field at once: 400 when any is malformed, else 422 for the rules (consent, age).
        requireValidFields(
          [
            !command.agreeToTerms && { field: 'agreeToTerms', message: REGISTER_INTEREST_MESSAGES.agreeToTerms },
            !command.agreeToContact && { field: 'agreeToContact', message: REGISTER_INTEREST_MESSAGES.agreeToContact },
            !dateOfBirthMisfit && tooYoung && { field: 'dateOfBirth', message: TOO_YOUNG },
            ...misfits,
          ],
          { status: malformed ? 400 : 422 },
        );
        const [key] = command.emailKeys;
        if (!key) throw new DomainError('An e-mail key is required', 400);
        for (const k of command.emailKeys) {
          const holderId = state.byEmail.get(k);
          const holder = holderId === undefined ? undefined : state.byId.get(holderId);
          // Free again: a holder who was forgotten, or who never confirmed within the link's lifetime.
          if (!holderId || !holder || command.forgotten.includes(holderId) || hasLapsed(holder, command.at)) continue;
          throw new DomainError(ALREADY_REGISTERED, 409, [{ field: 'email', message: ALREADY_REGISTERED }]);
        }
        return [
          {
            type: 'InterestRegistered',
            data: {
              registrationId: command.registrationId,
              emailKey: key,
              subjectId: command.registrationId,
              personal,
              country: command.country,
              investmentInterest,
              investmentAmount: command.investmentAmount,
              experience: command.experience,
              agreedToTermsAt: command.at,
              agreedToContactAt: command.at,
              registeredAt: command.at,
              placeOnRegistration: null,
            },
          },
        ];
      }
      case 'StartConfirmationMail': {
        // Nothing to do (sent, confirmed, lapsed, or another process is sending): the outbox then sends nothing.
        if (!mailIsDue(state, command.registrationId, command.at)) return [];
        if (state.byId.get(command.registrationId)?.mail.status === 'sending') return [];
        const { registrationId, messageId, tokenHash, at } = command;
        return [
          {
            type: 'ConfirmationMailSending',
            data: { registrationId, messageId, tokenHash, startedAt: at, expiresAt: plus(at, LINK_TTL_MS) },
          },
        ];
      }
      case 'RecordConfirmationMail': {
        const registration = state.byId.get(command.registrationId);
        // Only the send in progress gets an outcome, once (a late or repeated report changes nothing).
        if (registration?.mail.status !== 'sending' || registration.mail.messageId !== command.messageId) return [];
        if (command.outcome === 'sent')
          return [
            {
              type: 'ConfirmationMailSent',
              data: { registrationId: command.registrationId, messageId: command.messageId },
            },
          ];
        return [{ type: 'ConfirmationMailFailed', data: failure(registration, command) }];
      }
      case 'ConfirmInterest': {
        const registration = state.byId.get(command.registrationId);
        if (!registration) throw new DomainError(INVALID_LINK, 404);
        if (registration.confirmed) throw new DomainError(ALREADY_CONFIRMED, 409);
        if (!registration.link || registration.link.tokenHash !== command.tokenHash)
          throw new DomainError(INVALID_LINK, 404);
        if (
          command.at >= registration.link.expiresAt ||
          state.byEmail.get(registration.emailKey) !== command.registrationId
        ) {
          throw new DomainError(LINK_EXPIRED, 422);
        }
        const number = state.confirmations + 1;
        return [
          {
            type: 'InterestConfirmed',
            data: {
              registrationId: command.registrationId,
              number,
              feeWaived: state.feeWaivers < FEE_FREE_PLACES,
              confirmedAt: command.at,
            },
          },
        ];
      }
      default: {
        const _exhaustive: never = command;
        throw new DomainError('Unknown command', 400);
      }
    }
  },
};
