import type { Decider } from '../../platform/decider.js';
import { DomainError } from '../../platform/errors.js';
import { ensure } from '../../platform/event-schema.js';
import { requireAnotherDecider } from '../../platform/four-eyes.js';
import type { Role } from '../../platform/event-store/event-store.js';
import { isPlainEmail } from '../../platform/email-key.js';
import { EMAIL_NOT_PLAIN, IDENTITY_MESSAGES, INVALID_EMAIL } from '../../messages.js';
import {
  IDENTITY_FIELDS,
  userEventSchemas,
  type Personal,
  type RoleChanger,
  type SessionKind,
  type SignInMethod,
  type UserEvent,
} from './events.js';
import { SESSION_EXTEND_WHEN_LEFT_MS } from './session-secrets.js';
import { upcasters } from '../upcasters.js';

export const userStream = (userId: string) => `user-${userId}`;

export interface NewSession {
  tokenHash: string;
  kind: SessionKind;
  expiresAt: string;
  idleExpiresAt: string | null;
}

export type UserCommand =
  | {
      type: 'RegisterUser';
      userId: string;
      emailKey: string;
      personal: Personal;
      method: SignInMethod;
      /** The address is listed in ADMIN_EMAILS: the admin role comes with it once the address is proven. */
      adminByConfiguration: boolean;
      /** The OpenID provider vouched for the address (email_verified): proven at registration. */
      emailVerified: boolean;
      at: string;
    }
  | { type: 'SignIn'; method: SignInMethod; session: NewSession; at: string }
  | { type: 'ExtendSession'; tokenHash: string; idleExpiresAt: string; at: string }
  | { type: 'SignOut'; tokenHashes: string[]; at: string }
  | { type: 'GrantRole'; role: Role; by: RoleChanger; at: string }
  | { type: 'RevokeRole'; role: Role; by: RoleChanger; at: string }
  | { type: 'UpdateProfile'; firstName: string; lastName: string; at: string }
  | { type: 'LinkExternalIdentity'; issuer: string; identityKey: string; sub: string; at: string }
  | {
      type: 'RequestPasswordReset';
      resetId: string;
      tokenHash: string;
      messageId: string;
      expiresAt: string;
      at: string;
    }
  | { type: 'RecordPasswordResetMail'; resetId: string; messageId: string; outcome: 'sent' | 'refused' }
  | { type: 'ResetPassword'; tokenHash: string; at: string }
  | {
      type: 'RequestEmailVerification';
      verificationId: string;
      tokenHash: string;
      messageId: string;
      expiresAt: string;
      at: string;
    }
  | { type: 'RecordEmailVerificationMail'; verificationId: string; messageId: string; outcome: 'sent' | 'refused' }
  /** The e-mailed link's token was used (`adminByConfiguration`: ADMIN_EMAILS lists the address now). */
  | {
      type: 'VerifyEmail';
      tokenHash: string;
      adminByConfiguration: boolean;
      /** The account's address is not plain (registered before `isPlainEmail`): a right link proves nothing. */
      addressNotPlain?: boolean;
      at: string;
    }
  /** An OpenID provider vouched (email_verified) for the address of `emailKey`: proven if it is the account's. */
  | { type: 'VerifyEmailByProvider'; emailKey: string; adminByConfiguration: boolean; at: string }
  | { type: 'CloseAccount'; at: string };

interface OpenSession {
  expiresAt: string;
  idleExpiresAt: string | null;
}

export interface UserState {
  userId: string | null;
  emailKey: string | null;
  firstName: string | null;
  lastName: string | null;
  roles: readonly Role[];
  /** Sessions not ended (expired ones stay until signed out: they are harmless and bounded by sign-ins). */
  sessions: ReadonlyMap<string, OpenSession>;
  identityKeys: ReadonlySet<string>;
  /** The newest reset link asked for, until it is used (only one works at a time). */
  passwordReset: { resetId: string; tokenHash: string; expiresAt: string; messageId: string } | null;
  /** Whether the holder proved they receive mail at the account's address (the link, or the provider's word). */
  emailVerified: boolean;
  /** The newest confirmation link asked for, until it is used (only one works at a time). */
  emailVerification: { verificationId: string; tokenHash: string; expiresAt: string; messageId: string } | null;
  /** The hash of the link that confirmed the address: opened again, it says so rather than 'not valid'. */
  usedVerificationHash: string | null;
  /** Closed when its holder was forgotten: nothing signs in to it again. */
  closed: boolean;
}

export const ACCOUNT_EXISTS = 'An account with this email already exists';
export const NO_ACCOUNT = 'No such account';
const UNRECORDABLE_IDENTITY = 'The identity provider sent an identity that could not be recorded';
const ROLE_UNKNOWN = 'Role must be admin or compliance';
/**
 * Roles are what four eyes counts on: an admin who could give an account of their own the admin or compliance role
 * would have "another" decider at hand, and one who could remove the others would decide alone. So only the operator
 * changes roles (`npm run admin`, `ADMIN_EMAILS`: the system).
 */
export const ROLES_BY_OPERATOR =
  'Roles are granted and revoked only by Kauri’s operator (npm run admin), so that no admin can give an account a say in another’s decisions or take one away';

/**
 * Nobody grants or revokes their own role. The operator's tools (`npm run admin`, the ops token, ADMIN_EMAILS)
 * act as `system` and are exempt: they are the break-glass path of whoever runs the platform, and say so.
 */
function requireOperator(by: RoleChanger): void {
  if (by.kind === 'user') throw new DomainError(ROLES_BY_OPERATOR, 403);
}

function requireAnotherPerson(by: RoleChanger, userId: string): void {
  switch (by.kind) {
    case 'user':
      requireAnotherDecider(by.userId, [userId]);
      return;
    case 'system':
      return;
    default: {
      const _exhaustive: never = by;
      return;
    }
  }
}
export const ACCOUNT_CLOSED = 'This account has been closed.';
export const RESET_LINK_EXPIRED = 'This reset link has expired. Please ask for a new one.';
export const EMAIL_LINK_EXPIRED = 'This confirmation link has expired. Please ask for a new one.';
export const EMAIL_ALREADY_VERIFIED = 'Your e-mail address is already confirmed.';
/** An account registered before addresses had to be plain (`isPlainEmail`): its address is never proven. */
export const EMAIL_NOT_CONFIRMABLE =
  'Your e-mail address is not in plain characters, so it cannot be confirmed. Please register with your address in plain characters.';

const linkInvalid = () =>
  new DomainError(IDENTITY_MESSAGES.emailLinkInvalid, 400, [
    { field: 'token', message: IDENTITY_MESSAGES.emailLinkInvalid },
  ]);
const resetLinkInvalid = () =>
  new DomainError(IDENTITY_MESSAGES.resetLinkInvalid, 400, [
    { field: 'token', message: IDENTITY_MESSAGES.resetLinkInvalid },
  ]);

/**
 * The address is proven: `EmailVerified`, and the admin role when ADMIN_EMAILS lists it — granted by the system
 * here, never at registration, or whoever registered a listed address first would be an admin.
 */
function verified(
  state: UserState,
  userId: string,
  via: 'link' | 'provider',
  verificationId: string | null,
  adminByConfiguration: boolean,
): UserEvent[] {
  return [
    { type: 'EmailVerified', data: { userId, via, verificationId } },
    ...(adminByConfiguration && !state.roles.includes('admin')
      ? [
          {
            type: 'RoleGranted' as const,
            data: { userId, role: 'admin' as const, grantedBy: { kind: 'system' as const, name: 'ADMIN_EMAILS' } },
          },
        ]
      : []),
  ];
}

const without = <K, V>(map: ReadonlyMap<K, V>, key: K): Map<K, V> => {
  const next = new Map(map);
  next.delete(key);
  return next;
};

/** One person's account: registration, sign-ins and their sessions, roles, profile, linked identities. */
export const user: Decider<UserCommand, UserEvent, UserState> = {
  upcasters,
  name: 'User',
  eventSchemas: userEventSchemas,
  // A role the system changes (from ADMIN_EMAILS when a visitor proves a listed address, or for the admin CLI) is its
  // doing.
  actorOf: (event) => {
    const changer =
      event.type === 'RoleGranted' ? event.data.grantedBy : event.type === 'RoleRevoked' ? event.data.revokedBy : null;
    return changer?.kind === 'system' ? changer : null;
  },
  initialState: {
    userId: null,
    emailKey: null,
    firstName: null,
    lastName: null,
    roles: [],
    sessions: new Map(),
    identityKeys: new Set(),
    passwordReset: null,
    emailVerified: false,
    emailVerification: null,
    usedVerificationHash: null,
    closed: false,
  },

  evolve(state, event) {
    switch (event.type) {
      case 'UserRegistered':
        return {
          ...state,
          userId: event.data.userId,
          emailKey: event.data.emailKey,
          firstName: event.data.personal.firstName,
          lastName: event.data.personal.lastName,
        };
      case 'SessionStarted':
        return {
          ...state,
          sessions: new Map(state.sessions).set(event.data.tokenHash, {
            expiresAt: event.data.expiresAt,
            idleExpiresAt: event.data.idleExpiresAt,
          }),
        };
      case 'SessionExtended': {
        const session = state.sessions.get(event.data.tokenHash);
        if (!session) return state;
        return {
          ...state,
          sessions: new Map(state.sessions).set(event.data.tokenHash, {
            ...session,
            idleExpiresAt: event.data.idleExpiresAt,
          }),
        };
      }
      case 'SessionEnded':
        return { ...state, sessions: without(state.sessions, event.data.tokenHash) };
      case 'RoleGranted':
        return state.roles.includes(event.data.role) ? state : { ...state, roles: [...state.roles, event.data.role] };
      case 'RoleRevoked':
        return { ...state, roles: state.roles.filter((r) => r !== event.data.role) };
      case 'ProfileUpdated':
        return { ...state, firstName: event.data.personal.firstName, lastName: event.data.personal.lastName };
      case 'ExternalIdentityLinked':
        return { ...state, identityKeys: new Set(state.identityKeys).add(event.data.identityKey) };
      case 'PasswordResetRequested': {
        const { resetId, tokenHash, expiresAt, messageId } = event.data;
        return { ...state, passwordReset: { resetId, tokenHash, expiresAt, messageId } };
      }
      case 'PasswordReset':
        return { ...state, passwordReset: null };
      case 'EmailVerificationRequested': {
        const { verificationId, tokenHash, expiresAt, messageId } = event.data;
        return { ...state, emailVerification: { verificationId, tokenHash, expiresAt, messageId } };
      }
      case 'EmailVerified':
        return {
          ...state,
          emailVerified: true,
          emailVerification: null,
          usedVerificationHash: event.data.via === 'link' ? (state.emailVerification?.tokenHash ?? null) : null,
        };
      case 'AccountClosed':
        return { ...state, closed: true, passwordReset: null, emailVerification: null };
      case 'UserSignedIn':
      case 'UserSignedOut':
      case 'PasswordResetMailSent':
      case 'PasswordResetMailFailed':
      case 'EmailVerificationMailSent':
      case 'EmailVerificationMailFailed':
        return state;
      default: {
        const _exhaustive: never = event;
        return state;
      }
    }
  },

  decide(command, state) {
    if (command.type !== 'RegisterUser' && !state.userId) throw new DomainError(NO_ACCOUNT, 404);
    const userId = state.userId!;
    // A closed account takes no command but closing again (a no-op): no sign-in, session, role or reset.
    if (state.closed) {
      if (command.type === 'CloseAccount' || command.type === 'ExtendSession' || command.type === 'SignOut') return [];
      // Closing cleared the links, so any token reads as not valid — as a wrong one for a live account does: a link
      // must not tell whoever holds a user id whether its holder was forgotten (found by an outside probe).
      if (command.type === 'ResetPassword') throw resetLinkInvalid();
      if (command.type === 'VerifyEmail') throw linkInvalid();
      throw new DomainError(ACCOUNT_CLOSED, 403);
    }
    switch (command.type) {
      case 'RegisterUser': {
        if (state.userId) throw new DomainError(ACCOUNT_EXISTS, 409);
        const email = command.personal.email.trim();
        const firstName = command.personal.firstName?.trim() || null;
        const lastName = command.personal.lastName?.trim() || null;
        ensure(IDENTITY_FIELDS.email, email, 'email', INVALID_EMAIL);
        // What attaches to the address is found by its key, mail goes to it as typed: they must be one mailbox.
        if (!isPlainEmail(email))
          throw new DomainError(EMAIL_NOT_PLAIN, 400, [{ field: 'email', message: EMAIL_NOT_PLAIN }]);
        ensure(IDENTITY_FIELDS.optionalName, firstName, 'firstName', IDENTITY_MESSAGES.firstNameTooLong);
        ensure(IDENTITY_FIELDS.optionalName, lastName, 'lastName', IDENTITY_MESSAGES.lastNameTooLong);
        ensure(IDENTITY_FIELDS.method, command.method, 'method', 'Unknown sign-in method');
        const registered: UserEvent[] = [
          {
            type: 'UserRegistered',
            data: {
              userId: command.userId,
              subjectId: command.userId,
              emailKey: command.emailKey,
              method: command.method,
              personal: { email, firstName, lastName },
            },
          },
        ];
        // An unproven address gets nothing that attaches to it (the ADMIN_EMAILS role): it waits for the link.
        return command.emailVerified
          ? [...registered, ...verified(state, command.userId, 'provider', null, command.adminByConfiguration)]
          : registered;
      }
      case 'SignIn': {
        const { session } = command;
        if (session.expiresAt <= command.at) throw new DomainError('A session must end after it starts', 422);
        return [
          { type: 'UserSignedIn', data: { userId, method: command.method } },
          { type: 'SessionStarted', data: { userId, startedAt: command.at, ...session } },
        ];
      }
      case 'ExtendSession': {
        const session = state.sessions.get(command.tokenHash);
        // Ended, absolute, or not idle-limited: nothing to extend (the caller treats the session as gone).
        if (
          !session ||
          session.idleExpiresAt === null ||
          session.expiresAt <= command.at ||
          session.idleExpiresAt <= command.at
        )
          return [];
        // Only once less than half the idle window is left: concurrent requests then extend once, not each.
        if (Date.parse(session.idleExpiresAt) - Date.parse(command.at) >= SESSION_EXTEND_WHEN_LEFT_MS) return [];
        // biome-ignore lint/complexity/useMathMinMax: ISO timestamps, compared as strings (Math.min takes numbers).
        const idleExpiresAt = command.idleExpiresAt < session.expiresAt ? command.idleExpiresAt : session.expiresAt;
        if (idleExpiresAt <= session.idleExpiresAt) return [];
        return [{ type: 'SessionExtended', data: { userId, tokenHash: command.tokenHash, idleExpiresAt } }];
      }
      case 'SignOut': {
        const open = [...new Set(command.tokenHashes)].filter((hash) => state.sessions.has(hash));
        if (open.length === 0) return [];
        return [
          ...open.map((tokenHash) => ({
            type: 'SessionEnded' as const,
            data: { userId, tokenHash, reason: 'signed-out' as const },
          })),
          { type: 'UserSignedOut', data: { userId } },
        ];
      }
      case 'GrantRole':
        ensure(IDENTITY_FIELDS.role, command.role, 'role', ROLE_UNKNOWN);
        requireAnotherPerson(command.by, userId);
        requireOperator(command.by);
        return state.roles.includes(command.role)
          ? []
          : [{ type: 'RoleGranted', data: { userId, role: command.role, grantedBy: command.by } }];
      case 'RevokeRole':
        ensure(IDENTITY_FIELDS.role, command.role, 'role', ROLE_UNKNOWN);
        requireAnotherPerson(command.by, userId);
        requireOperator(command.by);
        return state.roles.includes(command.role)
          ? [{ type: 'RoleRevoked', data: { userId, role: command.role, revokedBy: command.by } }]
          : [];
      case 'UpdateProfile': {
        const firstName = command.firstName.trim();
        const lastName = command.lastName.trim();
        if (!firstName)
          throw new DomainError(IDENTITY_MESSAGES.firstNameRequired, 422, [
            { field: 'firstName', message: IDENTITY_MESSAGES.firstNameRequired },
          ]);
        if (!lastName)
          throw new DomainError(IDENTITY_MESSAGES.lastNameRequired, 422, [
            { field: 'lastName', message: IDENTITY_MESSAGES.lastNameRequired },
          ]);
        ensure(IDENTITY_FIELDS.name, firstName, 'firstName', IDENTITY_MESSAGES.firstNameTooLong, 422);
        ensure(IDENTITY_FIELDS.name, lastName, 'lastName', IDENTITY_MESSAGES.lastNameTooLong, 422);
        if (firstName === state.firstName && lastName === state.lastName) return [];
        return [{ type: 'ProfileUpdated', data: { userId, subjectId: userId, personal: { firstName, lastName } } }];
      }
      case 'LinkExternalIdentity':
        if (state.identityKeys.has(command.identityKey)) return [];
        ensure(IDENTITY_FIELDS.issuer, command.issuer, 'issuer', UNRECORDABLE_IDENTITY, 422);
        ensure(IDENTITY_FIELDS.sub, command.sub, 'sub', UNRECORDABLE_IDENTITY, 422);
        return [
          {
            type: 'ExternalIdentityLinked',
            data: {
              userId,
              subjectId: userId,
              issuer: command.issuer,
              identityKey: command.identityKey,
              personal: { sub: command.sub },
            },
          },
        ];
      case 'RequestPasswordReset': {
        ensure(IDENTITY_FIELDS.hash, command.tokenHash, 'tokenHash', 'The reset link could not be recorded', 422);
        ensure(IDENTITY_FIELDS.time, command.expiresAt, 'expiresAt', 'The reset link could not be recorded', 422);
        if (command.expiresAt <= command.at) throw new DomainError('A reset link must expire after it is made', 422);
        const { resetId, tokenHash, expiresAt, messageId } = command;
        return [{ type: 'PasswordResetRequested', data: { userId, resetId, tokenHash, expiresAt, messageId } }];
      }
      case 'RecordPasswordResetMail': {
        // Only the outcome of the mail on record, once: a late outcome of a replaced link says nothing new.
        const pending = state.passwordReset;
        if (!pending || pending.resetId !== command.resetId || pending.messageId !== command.messageId) return [];
        const data = { userId, resetId: command.resetId, messageId: command.messageId };
        return [
          command.outcome === 'sent'
            ? { type: 'PasswordResetMailSent', data }
            : { type: 'PasswordResetMailFailed', data },
        ];
      }
      case 'ResetPassword': {
        const pending = state.passwordReset;
        if (!pending || pending.tokenHash !== command.tokenHash) throw resetLinkInvalid();
        if (pending.expiresAt <= command.at) throw new DomainError(RESET_LINK_EXPIRED, 422);
        // Whoever knew the old password is signed out everywhere.
        return [
          { type: 'PasswordReset', data: { userId, resetId: pending.resetId } },
          ...[...state.sessions.keys()].map((tokenHash) => ({
            type: 'SessionEnded' as const,
            data: { userId, tokenHash, reason: 'password-reset' as const },
          })),
        ];
      }
      case 'RequestEmailVerification': {
        if (state.emailVerified) throw new DomainError(EMAIL_ALREADY_VERIFIED, 409);
        const unrecordable = 'The confirmation link could not be recorded';
        ensure(IDENTITY_FIELDS.hash, command.tokenHash, 'tokenHash', unrecordable, 422);
        ensure(IDENTITY_FIELDS.time, command.expiresAt, 'expiresAt', unrecordable, 422);
        if (command.expiresAt <= command.at) throw new DomainError('A link must expire after it is made', 422);
        const { verificationId, tokenHash, expiresAt, messageId } = command;
        return [
          { type: 'EmailVerificationRequested', data: { userId, verificationId, tokenHash, expiresAt, messageId } },
        ];
      }
      case 'RecordEmailVerificationMail': {
        // As for reset mails: the outcome of the link on record, once.
        const pending = state.emailVerification;
        if (!pending || pending.verificationId !== command.verificationId || pending.messageId !== command.messageId)
          return [];
        const data = { userId, verificationId: command.verificationId, messageId: command.messageId };
        return [
          command.outcome === 'sent'
            ? { type: 'EmailVerificationMailSent', data }
            : { type: 'EmailVerificationMailFailed', data },
        ];
      }
      case 'VerifyEmail': {
        if (state.emailVerified) {
          // The link that confirmed it, opened again (a second click, another device): nothing to do, and said so.
          if (state.usedVerificationHash === command.tokenHash) throw new DomainError(EMAIL_ALREADY_VERIFIED, 409);
          throw linkInvalid();
        }
        const pending = state.emailVerification;
        if (!pending || pending.tokenHash !== command.tokenHash) throw linkInvalid();
        if (pending.expiresAt <= command.at) throw new DomainError(EMAIL_LINK_EXPIRED, 422);
        // Mailed to the look-alike as typed, while the role and the waiver go by the plain address's key.
        if (command.addressNotPlain) throw new DomainError(EMAIL_NOT_CONFIRMABLE, 422);
        return verified(state, userId, 'link', pending.verificationId, command.adminByConfiguration);
      }
      case 'VerifyEmailByProvider':
        // Only the account's own address: a provider vouching for another address proves nothing about this one.
        if (state.emailVerified || command.emailKey !== state.emailKey) return [];
        return verified(state, userId, 'provider', null, command.adminByConfiguration);
      case 'CloseAccount':
        return [
          ...[...state.sessions.keys()].map((tokenHash) => ({
            type: 'SessionEnded' as const,
            data: { userId, tokenHash, reason: 'account-closed' as const },
          })),
          { type: 'AccountClosed', data: { userId } },
        ];
      default: {
        const _exhaustive: never = command;
        throw new DomainError('Unknown command', 400);
      }
    }
  },
};
