import { createHash } from 'node:crypto';
import type { Decider } from '../../platform/decider.js';
import { DomainError } from '../../platform/errors.js';
import {
  emailReservationEventSchemas,
  externalIdentityEventSchemas,
  type EmailReservationEvent,
  type ExternalIdentityEvent,
} from './events.js';
import { ACCOUNT_EXISTS } from './user.decider.js';
import { upcasters } from '../upcasters.js';

/** SHA-256 of an OpenID provider and its subject. */
export function identityKey(issuer: string, sub: string): string {
  return createHash('sha256').update(`${issuer}\n${sub}`).digest('hex');
}

export const emailStream = (key: string) => `email-${key}`;
export const externalIdentityStream = (key: string) => `external-identity-${key}`;

export type EmailReservationCommand =
  | {
      type: 'ReserveEmail';
      emailKey: string;
      userId: string;
      /** The current holder when the handler found them forgotten (Privacy Act): their hold lapses. */
      forgottenHolder: string | null;
    }
  | { type: 'ReleaseEmail'; emailKey: string; userId: string };

export interface EmailReservationState {
  holder: string | null;
}

/**
 * One stream per address (`email-<keyed e-mail key>`): two registrations of one e-mail append to the same
 * stream at the same expected revision, so exactly one wins, whichever process they run in. A holder who was
 * forgotten no longer holds the address: it is released to whoever registers it next.
 */
export const emailReservation: Decider<EmailReservationCommand, EmailReservationEvent, EmailReservationState> = {
  upcasters,
  name: 'EmailReservation',
  eventSchemas: emailReservationEventSchemas,
  initialState: { holder: null },
  evolve(state, event) {
    switch (event.type) {
      case 'EmailReserved':
        return { holder: event.data.userId };
      case 'EmailReleased':
        return state.holder === event.data.userId ? { holder: null } : state;
      default: {
        const _exhaustive: never = event;
        return state;
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'ReserveEmail': {
        if (state.holder === command.userId) return [];
        const reserved: EmailReservationEvent = {
          type: 'EmailReserved',
          data: { emailKey: command.emailKey, userId: command.userId },
        };
        if (state.holder && state.holder === command.forgottenHolder) {
          return [{ type: 'EmailReleased', data: { emailKey: command.emailKey, userId: state.holder } }, reserved];
        }
        if (state.holder) throw new DomainError(ACCOUNT_EXISTS, 409, [{ field: 'email', message: ACCOUNT_EXISTS }]);
        return [reserved];
      }
      case 'ReleaseEmail':
        return state.holder === command.userId
          ? [{ type: 'EmailReleased', data: { emailKey: command.emailKey, userId: command.userId } }]
          : [];
      default: {
        const _exhaustive: never = command;
        throw new DomainError('Unknown command', 400);
      }
    }
  },
};

export interface ClaimExternalIdentity {
  type: 'ClaimExternalIdentity';
  identityKey: string;
  userId: string;
}

export interface ExternalIdentityState {
  userId: string | null;
}

/** The first account to claim a provider identity keeps it; concurrent first sign-ins create one account. */
export const externalIdentity: Decider<ClaimExternalIdentity, ExternalIdentityEvent, ExternalIdentityState> = {
  upcasters,
  name: 'ExternalIdentity',
  eventSchemas: externalIdentityEventSchemas,
  initialState: { userId: null },
  evolve(state, event) {
    switch (event.type) {
      case 'ExternalIdentityClaimed':
        return { userId: event.data.userId };
      default: {
        const _exhaustive: never = event.type;
        return state;
      }
    }
  },
  decide(command, state) {
    if (state.userId === command.userId) return [];
    if (state.userId) throw new DomainError('This sign-in is already linked to another account', 409);
    return [{ type: 'ExternalIdentityClaimed', data: { identityKey: command.identityKey, userId: command.userId } }];
  },
};
