import {
  id,
  isoDateTime,
  literal,
  nullable,
  object,
  oneOf,
  string,
  union,
  type EventSchemas,
} from '../../platform/event-schema.js';
import type { Role } from '../../platform/event-store/event-store.js';

/**
 * Events of one person's account, in the stream `user-<userId>`. Personal data (e-mail, names, the provider's
 * subject) sits only under `data.personal`, named by `data.subjectId`, so it can be encrypted per person and
 * forgotten; nothing secret is ever here — password hashes live in the vault, and sessions and bearer tokens
 * appear only as SHA-256 hashes.
 */
export interface Personal {
  email: string;
  firstName: string | null;
  lastName: string | null;
}

/** Who changed a role: a signed-in admin, or the system on an operator's behalf ('ADMIN_EMAILS', the admin CLI). */
export type RoleChanger = { kind: 'user'; userId: string } | { kind: 'system'; name: string };

export type SignInMethod = 'password' | 'oidc';
export type SessionKind = 'cookie' | 'bearer';

export interface UserRegistered {
  type: 'UserRegistered';
  data: {
    userId: string;
    subjectId: string;
    /**
     * Keyed hash of the normalised e-mail (platform/email-key.ts): the reservation stream's key. Events written
     * before keyed keys carry the unkeyed SHA-256 (legacyEmailKey).
     */
    emailKey: string;
    method: SignInMethod;
    personal: Personal;
  };
}

export interface UserSignedIn {
  type: 'UserSignedIn';
  data: { userId: string; method: SignInMethod };
}

export interface UserSignedOut {
  type: 'UserSignedOut';
  data: { userId: string };
}

export interface SessionStarted {
  type: 'SessionStarted';
  data: {
    userId: string;
    /** SHA-256 of the session cookie or bearer token: the token itself is never stored. */
    tokenHash: string;
    kind: SessionKind;
    startedAt: string;
    /** Absolute end. */
    expiresAt: string;
    /** End if unused (cookie sessions; null for bearer tokens, which only have an absolute lifetime). */
    idleExpiresAt: string | null;
  };
}

export interface SessionExtended {
  type: 'SessionExtended';
  data: { userId: string; tokenHash: string; idleExpiresAt: string };
}

export interface SessionEnded {
  type: 'SessionEnded';
  /**
   * 'password-reset': every session ends when the password is reset through an e-mailed link;
   * 'account-closed': every session ends when the account is closed (its holder was forgotten).
   */
  data: { userId: string; tokenHash: string; reason: 'signed-out' | 'password-reset' | 'account-closed' };
}

/**
 * The account can no longer be signed in to: its holder's personal data was forgotten (Privacy Act 2020). The
 * password hash leaves the vault, every session ends, and the address may be registered afresh.
 */
export interface AccountClosed {
  type: 'AccountClosed';
  data: { userId: string };
}

/**
 * A reset link was asked for and is about to be e-mailed (the outbox's intent): only the SHA-256 of the link's
 * secret is recorded. The newest request replaces any earlier one; the link works once, until `expiresAt`.
 */
export interface PasswordResetRequested {
  type: 'PasswordResetRequested';
  data: { userId: string; resetId: string; tokenHash: string; expiresAt: string; messageId: string };
}

/** The outbox's outcome: the mail went to the transport, or the transport refused it. */
export interface PasswordResetMailSent {
  type: 'PasswordResetMailSent';
  data: { userId: string; resetId: string; messageId: string };
}
export interface PasswordResetMailFailed {
  type: 'PasswordResetMailFailed';
  data: { userId: string; resetId: string; messageId: string };
}

/** The password was replaced through the link (the hash is in the vault, never here); the link is used up. */
export interface PasswordReset {
  type: 'PasswordReset';
  data: { userId: string; resetId: string };
}

/**
 * A link to confirm the account's e-mail address was made and is about to be mailed (the outbox's intent), at
 * registration or when the person asks again: only the SHA-256 of the link's secret is recorded. The newest replaces
 * any earlier one; it works once, until `expiresAt`.
 */
export interface EmailVerificationRequested {
  type: 'EmailVerificationRequested';
  data: { userId: string; verificationId: string; tokenHash: string; expiresAt: string; messageId: string };
}

/** The outbox's outcome for a confirmation mail. */
export interface EmailVerificationMailSent {
  type: 'EmailVerificationMailSent';
  data: { userId: string; verificationId: string; messageId: string };
}
export interface EmailVerificationMailFailed {
  type: 'EmailVerificationMailFailed';
  data: { userId: string; verificationId: string; messageId: string };
}

/**
 * The account's holder proved they receive mail at its address: by the e-mailed link (`link`, naming it), or by an
 * OpenID provider asserting `email_verified` for it (`provider`). What attaches to an address (the ADMIN_EMAILS
 * role, the early-access waiver) attaches only from here on.
 */
export interface EmailVerified {
  type: 'EmailVerified';
  data: { userId: string; via: 'link' | 'provider'; verificationId: string | null };
}

export interface RoleGranted {
  type: 'RoleGranted';
  data: { userId: string; role: Role; grantedBy: RoleChanger };
}

export interface RoleRevoked {
  type: 'RoleRevoked';
  data: { userId: string; role: Role; revokedBy: RoleChanger };
}

export interface ProfileUpdated {
  type: 'ProfileUpdated';
  data: { userId: string; subjectId: string; personal: { firstName: string; lastName: string } };
}

export interface ExternalIdentityLinked {
  type: 'ExternalIdentityLinked';
  data: {
    userId: string;
    subjectId: string;
    issuer: string;
    /** SHA-256 of issuer and subject: the key of the identity's reservation stream. */
    identityKey: string;
    personal: { sub: string };
  };
}

export type UserEvent =
  | UserRegistered
  | UserSignedIn
  | UserSignedOut
  | SessionStarted
  | SessionExtended
  | SessionEnded
  | RoleGranted
  | RoleRevoked
  | ProfileUpdated
  | ExternalIdentityLinked
  | PasswordResetRequested
  | PasswordResetMailSent
  | PasswordResetMailFailed
  | PasswordReset
  | EmailVerificationRequested
  | EmailVerificationMailSent
  | EmailVerificationMailFailed
  | EmailVerified
  | AccountClosed;

/** Stream `email-<emailKey>`: who holds an e-mail address. One stream per address, guarded by expected revision. */
export interface EmailReserved {
  type: 'EmailReserved';
  data: { emailKey: string; userId: string };
}

export interface EmailReleased {
  type: 'EmailReleased';
  data: { emailKey: string; userId: string };
}

export type EmailReservationEvent = EmailReserved | EmailReleased;

/** Stream `external-identity-<identityKey>`: which account an identity at an OpenID provider signs in to. */
export interface ExternalIdentityClaimed {
  type: 'ExternalIdentityClaimed';
  data: { identityKey: string; userId: string };
}

export type ExternalIdentityEvent = ExternalIdentityClaimed;

export const ROLES: readonly Role[] = ['admin', 'compliance'];
/** E-mail keys, identity keys, session token hashes: SHA-256 in hex, held to the shape of an id. */
const HASH = id();

/** Field shapes shared by the events and the deciders' own checks. */
export const IDENTITY_FIELDS = {
  hash: HASH,
  email: string({ nonEmpty: true, max: 254 }),
  optionalName: nullable(string({ nonEmpty: true, max: 100 })),
  name: string({ nonEmpty: true, max: 100 }),
  method: literal('password', 'oidc'),
  role: oneOf(ROLES),
  issuer: string({ nonEmpty: true, max: 500 }),
  /** OpenID Connect: at most 255 ASCII characters. */
  sub: string({ nonEmpty: true, max: 255 }),
  time: isoDateTime(),
};
const changer = union(object({ kind: literal('user'), userId: id() }), object({ kind: literal('system'), name: id() }));
const session = { userId: id(), tokenHash: HASH };

export const userEventSchemas = {
  UserRegistered: object({
    userId: id(),
    subjectId: id(),
    emailKey: HASH,
    method: IDENTITY_FIELDS.method,
    personal: object({
      email: IDENTITY_FIELDS.email,
      firstName: IDENTITY_FIELDS.optionalName,
      lastName: IDENTITY_FIELDS.optionalName,
    }),
  }),
  UserSignedIn: object({ userId: id(), method: IDENTITY_FIELDS.method }),
  UserSignedOut: object({ userId: id() }),
  SessionStarted: object({
    ...session,
    kind: literal('cookie', 'bearer'),
    startedAt: IDENTITY_FIELDS.time,
    expiresAt: IDENTITY_FIELDS.time,
    idleExpiresAt: nullable(IDENTITY_FIELDS.time),
  }),
  SessionExtended: object({ ...session, idleExpiresAt: IDENTITY_FIELDS.time }),
  SessionEnded: object({ ...session, reason: literal('signed-out', 'password-reset', 'account-closed') }),
  RoleGranted: object({ userId: id(), role: IDENTITY_FIELDS.role, grantedBy: changer }),
  RoleRevoked: object({ userId: id(), role: IDENTITY_FIELDS.role, revokedBy: changer }),
  ProfileUpdated: object({
    userId: id(),
    subjectId: id(),
    personal: object({ firstName: IDENTITY_FIELDS.name, lastName: IDENTITY_FIELDS.name }),
  }),
  ExternalIdentityLinked: object({
    userId: id(),
    subjectId: id(),
    issuer: IDENTITY_FIELDS.issuer,
    identityKey: HASH,
    personal: object({ sub: IDENTITY_FIELDS.sub }),
  }),
  PasswordResetRequested: object({
    userId: id(),
    resetId: id(),
    tokenHash: HASH,
    expiresAt: IDENTITY_FIELDS.time,
    messageId: id(),
  }),
  PasswordResetMailSent: object({ userId: id(), resetId: id(), messageId: id() }),
  PasswordResetMailFailed: object({ userId: id(), resetId: id(), messageId: id() }),
  PasswordReset: object({ userId: id(), resetId: id() }),
  EmailVerificationRequested: object({
    userId: id(),
    verificationId: id(),
    tokenHash: HASH,
    expiresAt: IDENTITY_FIELDS.time,
    messageId: id(),
  }),
  EmailVerificationMailSent: object({ userId: id(), verificationId: id(), messageId: id() }),
  EmailVerificationMailFailed: object({ userId: id(), verificationId: id(), messageId: id() }),
  EmailVerified: object({ userId: id(), via: literal('link', 'provider'), verificationId: nullable(id()) }),
  AccountClosed: object({ userId: id() }),
} satisfies EventSchemas<UserEvent>;

export const emailReservationEventSchemas = {
  EmailReserved: object({ emailKey: HASH, userId: id() }),
  EmailReleased: object({ emailKey: HASH, userId: id() }),
} satisfies EventSchemas<EmailReservationEvent>;

export const externalIdentityEventSchemas = {
  ExternalIdentityClaimed: object({ identityKey: HASH, userId: id() }),
} satisfies EventSchemas<ExternalIdentityEvent>;
