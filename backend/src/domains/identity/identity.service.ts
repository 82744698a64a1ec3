import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { parse as parseCookies } from 'cookie';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import { EmailKeys } from '../../platform/email-key.js';
import type { CommandContext } from '../../platform/command-context.js';
import type { Config } from '../../platform/config.js';
import { DomainError } from '../../platform/errors.js';
import type { Actor, EventStore, Role } from '../../platform/event-store/event-store.js';
import type { KauriRequest } from '../../platform/http/request-context.js';
import { isForgotten } from '../../platform/privacy/personal-data.js';
import { ProjectionEngine } from '../../platform/projections/projection-engine.js';
import { byIds, type ReadStore } from '../../platform/read-store/read-store.js';
import { CONFIG, EVENT_STORE, READ_STORE, VAULT } from '../../platform/tokens.js';
import type { Vault } from '../../platform/vault/vault.js';
import { sessionIsLive, sessionsProjection, type SessionDoc } from '../../projections/sessions.js';
import { subscriptionsProjection } from '../../projections/subscriptions.js';
import { usersProjection, type UserDoc } from '../../projections/users.js';
import type { RoleChanger, SessionKind, SignInMethod } from './events.js';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './passwords.js';
import type { ExternalProfile } from './oidc.js';
import { ACCOUNT_EXISTS } from './user.decider.js';
import {
  emailReservation,
  emailStream,
  externalIdentity,
  externalIdentityStream,
  identityKey,
} from './reservations.decider.js';
import {
  newToken,
  SESSION_ABSOLUTE_MS,
  SESSION_COOKIE,
  SESSION_EXTEND_WHEN_LEFT_MS,
  SESSION_IDLE_MS,
  tokenHash,
} from './tokens.js';
import { user, userStream } from './user.decider.js';
import { toUserDto, type UserDto } from './user-view.js';

export const PASSWORDS = 'password';
export const INVALID_CREDENTIALS = 'Invalid email or password';
const READ_MODELS = [sessionsProjection.name, usersProjection.name];

/** How a request was authenticated (see IdentityGuard). */
export interface Authentication {
  actor: Extract<Actor, { kind: 'user' }>;
  via: SessionKind;
  token: string;
  tokenHash: string;
}

export interface IdentityRequest extends KauriRequest {
  authentication?: Authentication | null;
  /** A bearer token sent with the request, valid or not (sign-out revokes it). */
  bearerToken?: string | null;
}

export interface StartedSession {
  token: string;
  expiresAt: string;
  position: number;
}

/** Accounts, sign-in and sessions. Commands go through the user's decider; lookups through the read models. */
@Injectable()
export class IdentityService {
  constructor(
    private readonly repository: AggregateRepository,
    private readonly engine: ProjectionEngine,
    @Inject(READ_STORE) private readonly reads: ReadStore,
    @Inject(VAULT) private readonly vault: Vault,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    private readonly emailKeys: EmailKeys,
  ) {}

  private get users() {
    return this.reads.collection<UserDoc>(usersProjection.name);
  }

  private get sessions() {
    return this.reads.collection<SessionDoc>(sessionsProjection.name);
  }

  isAdminByConfiguration(email: string): boolean {
    return this.config.identity.adminEmails.includes(email.trim().toLowerCase());
  }

  /**
   * Reserves the e-mail first (one stream per address, so concurrent registrations of one address cannot
   * both win), then hashes the password into the vault, then records the account. Should recording fail, the
   * reservation is released so the address is not lost. An address reserved before keyed e-mail keys sits in
   * the stream of its unkeyed key, which is only read now: its holder keeps it unless they were forgotten.
   */
  async register(
    form: { email: string; password: string | null; firstName?: string | null; lastName?: string | null },
    method: SignInMethod,
    context: CommandContext,
  ): Promise<{ userId: string; position: number }> {
    const userId = randomUUID();
    const { key, legacy } = await this.emailKeys.pair(form.email);
    const legacyHolder = await this.holderOf(legacy);
    if (legacyHolder && !(await isForgotten(this.events, legacyHolder))) {
      throw new DomainError(ACCOUNT_EXISTS, 409, [{ field: 'email', message: ACCOUNT_EXISTS }]);
    }
    const holder = await this.holderOf(key);
    const forgottenHolder = holder && (await isForgotten(this.events, holder)) ? holder : null;
    const reserve = { type: 'ReserveEmail', emailKey: key, userId, forgottenHolder } as const;
    await this.repository.handle(emailReservation, emailStream(key), reserve, context);
    try {
      if (form.password !== null) await this.vault.put(PASSWORDS, userId, await hashPassword(form.password));
      const { position } = await this.repository.handle(
        user,
        userStream(userId),
        {
          type: 'RegisterUser',
          userId,
          emailKey: key,
          personal: { email: form.email, firstName: form.firstName ?? null, lastName: form.lastName ?? null },
          method,
          adminByConfiguration: this.isAdminByConfiguration(form.email),
          at: context.now,
        },
        context,
      );
      return { userId, position };
    } catch (error) {
      await this.vault.delete(PASSWORDS, userId).catch(() => undefined);
      await this.repository
        .handle(emailReservation, emailStream(key), { type: 'ReleaseEmail', emailKey: key, userId }, context)
        .catch(() => undefined);
      throw error;
    }
  }

  /**
   * The account holding this e-mail address, if any (straight from the reservation stream: no read-model lag):
   * the keyed key's stream, else — for accounts registered before keyed keys — the unkeyed key's.
   */
  async userIdByEmail(email: string): Promise<string | null> {
    const { key, legacy } = await this.emailKeys.pair(email);
    return (await this.holderOf(key)) ?? (await this.holderOf(legacy));
  }

  private async holderOf(key: string): Promise<string | null> {
    return (await this.repository.load(emailReservation, emailStream(key))).state.holder;
  }

  /** The user id when the password is right; null otherwise, after the same work either way. */
  async checkPassword(email: string, password: string): Promise<string | null> {
    const userId = await this.userIdByEmail(email);
    const stored = userId ? await this.vault.get(PASSWORDS, userId) : null;
    if (!userId || !stored) return verifyAgainstDecoy(password).then(() => null);
    return (await verifyPassword(password, stored)) ? userId : null;
  }

  /** Records the sign-in and a new session; waits until the read models know it, so the next request is signed in. */
  async startSession(
    userId: string,
    kind: SessionKind,
    method: SignInMethod,
    context: CommandContext,
  ): Promise<StartedSession> {
    const token = newToken();
    const now = Date.parse(context.now);
    const expiresAt = new Date(
      now + (kind === 'cookie' ? SESSION_ABSOLUTE_MS : this.config.identity.tokenTtlSeconds * 1000),
    ).toISOString();
    const idleExpiresAt = kind === 'cookie' ? new Date(now + SESSION_IDLE_MS).toISOString() : null;
    const { state } = await this.repository.load(user, userStream(userId));
    const actingUser: CommandContext = { ...context, actor: { kind: 'user', userId, roles: state.roles } };
    const { position } = await this.repository.handle(
      user,
      userStream(userId),
      {
        type: 'SignIn',
        method,
        session: { tokenHash: tokenHash(token), kind, expiresAt, idleExpiresAt },
        at: context.now,
      },
      actingUser,
    );
    await this.engine.waitFor(position, READ_MODELS, 10_000);
    return { token, expiresAt, position };
  }

  /** Ends the given sessions/tokens of their user (unknown or foreign ones are ignored). */
  async signOut(tokens: string[], context: CommandContext): Promise<void> {
    const byUser = new Map<string, string[]>();
    for (const doc of (await byIds(this.sessions, tokens.map(tokenHash))).values()) {
      if (!doc.revoked) byUser.set(doc.userId, [...(byUser.get(doc.userId) ?? []), doc._id]);
    }
    for (const [userId, tokenHashes] of byUser) {
      const { position } = await this.repository.handle(
        user,
        userStream(userId),
        { type: 'SignOut', tokenHashes, at: context.now },
        context,
      );
      await this.engine.waitFor(position, READ_MODELS, 10_000);
    }
  }

  /** Resolves the signed-in user from a bearer token (first: a cross-site form cannot send one) or the session cookie. */
  async authenticate(req: IdentityRequest): Promise<Authentication | null> {
    const [scheme, bearer] = (req.header('authorization') ?? '').split(' ');
    req.bearerToken = scheme?.toLowerCase() === 'bearer' && bearer ? bearer : null;
    if (req.bearerToken) {
      const found = await this.lookup(req.bearerToken, 'bearer', req);
      if (found) return found;
    }
    const cookie = parseCookies(req.header('cookie') ?? '')[SESSION_COOKIE];
    return cookie ? this.lookup(cookie, 'cookie', req) : null;
  }

  private async lookup(token: string, via: SessionKind, req: IdentityRequest): Promise<Authentication | null> {
    if (token.length > 200) return null;
    const hash = tokenHash(token);
    const now = new Date().toISOString();
    const session = await this.sessions.get(hash);
    if (!sessionIsLive(session, now) || session.kind !== via) return null;
    const account = await this.users.get(session.userId);
    if (!account) return null;
    const actor = { kind: 'user' as const, userId: account._id, roles: [...account.roles] };
    if (session.idleExpiresAt && Date.parse(session.idleExpiresAt) - Date.parse(now) < SESSION_EXTEND_WHEN_LEFT_MS) {
      const idleExpiresAt = new Date(Date.parse(now) + SESSION_IDLE_MS).toISOString();
      const context: CommandContext = {
        actor,
        correlationId: req.correlationId ?? randomUUID(),
        causationId: req.correlationId ?? null,
        now,
      };
      await this.repository.handle(
        user,
        userStream(account._id),
        { type: 'ExtendSession', tokenHash: hash, idleExpiresAt, at: now },
        context,
      );
    }
    return { actor, via, token, tokenHash: hash };
  }

  /** The User; with `after` (X-Read-After), once the read models it is made of have passed that position. */
  async userDto(userId: string, after: number | null = null): Promise<UserDto | null> {
    if (after) await this.engine.waitFor(after, [usersProjection.name, subscriptionsProjection.name]);
    const doc = await this.users.get(userId);
    return doc ? toUserDto(this.reads, doc) : null;
  }

  async updateProfile(userId: string, firstName: string, lastName: string, context: CommandContext): Promise<UserDto> {
    const { position } = await this.repository.handle(
      user,
      userStream(userId),
      { type: 'UpdateProfile', firstName, lastName, at: context.now },
      context,
    );
    await this.engine.waitFor(position, [usersProjection.name], 10_000);
    return (await this.userDto(userId))!;
  }

  /** Grants or revokes a role by e-mail; `changed` is false when the user already had (or lacked) it. */
  async changeRole(
    email: string,
    role: Role,
    action: 'grant' | 'revoke',
    by: RoleChanger,
    context: CommandContext,
  ): Promise<{ userId: string; changed: boolean; roles: Role[] }> {
    const userId = await this.userIdByEmail(email);
    if (!userId) throw new DomainError(`No account with the email ${email.trim()}`, 404);
    const command =
      action === 'grant'
        ? ({ type: 'GrantRole', role, by, at: context.now } as const)
        : ({ type: 'RevokeRole', role, by, at: context.now } as const);
    const { events, state, position } = await this.repository.handle(user, userStream(userId), command, context);
    await this.engine.waitFor(position, [usersProjection.name], 10_000);
    return { userId, changed: events.length > 0, roles: [...state.roles] };
  }

  /**
   * The account an identity at the OpenID provider signs in to: the one it is linked to; else the account
   * with its e-mail, when the provider vouches for the address (email_verified) — linking on an unverified
   * address would hand an account to whoever typed it; else a new account (without a password).
   */
  async externalSignIn(profile: ExternalProfile, context: CommandContext): Promise<string> {
    const key = identityKey(profile.issuer, profile.sub);
    const stream = externalIdentityStream(key);
    const claimed = (await this.repository.load(externalIdentity, stream)).state.userId;
    if (claimed) return claimed;
    if (!profile.email)
      throw new DomainError('The identity provider did not share an email address, which an account needs.', 422);
    let userId = await this.userIdByEmail(profile.email);
    if (userId && !profile.emailVerified) {
      throw new DomainError('An account with this email already exists. Sign in with your password.', 409);
    }
    if (!userId) {
      ({ userId } = await this.register(
        { email: profile.email, password: null, firstName: profile.firstName, lastName: profile.lastName },
        'oidc',
        context,
      ));
    }
    try {
      await this.repository.handle(
        externalIdentity,
        stream,
        { type: 'ClaimExternalIdentity', identityKey: key, userId },
        context,
      );
    } catch (error) {
      // A concurrent first sign-in of the same identity won: use its account.
      if (!(error instanceof DomainError && error.status === 409)) throw error;
      return (await this.repository.load(externalIdentity, stream)).state.userId!;
    }
    await this.repository.handle(
      user,
      userStream(userId),
      { type: 'LinkExternalIdentity', issuer: profile.issuer, identityKey: key, sub: profile.sub, at: context.now },
      context,
    );
    return userId;
  }
}
