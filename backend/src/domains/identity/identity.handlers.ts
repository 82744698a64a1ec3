import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import type { CommandContext } from '../../platform/command-context.js';
import type { Config } from '../../platform/config.js';
import { EmailKeys, isPlainEmail } from '../../platform/email-key.js';
import { DomainError } from '../../platform/errors.js';
import type { EventStore, Role } from '../../platform/event-store/event-store.js';
import { isForgotten } from '../../platform/privacy/personal-data.js';
import { CONFIG, EVENT_STORE, VAULT } from '../../platform/injection-keys.js';
import type { Vault } from '../../platform/vault/vault.js';
import { IDENTITY_MESSAGES } from '../../messages.js';
import type { SignInMethod, UserEvent } from './events.js';
import type { ExternalProfile } from './oidc.js';
import { readAccountLinkToken } from './account-link-token.js';
import { Passwords, PASSWORDS } from './passwords.js';
import {
  emailReservation,
  emailStream,
  externalIdentity,
  externalIdentityStream,
  identityKey,
} from './reservations.decider.js';
import { ACCOUNT_EXISTS, user, userStream, type UserCommand } from './user.decider.js';

/**
 * A user command as the edge sends it. The handler adds what the e-mail reservations, the vault and the
 * account's own stream say: registration reserves the address first, a sign-in at the OpenID provider finds or
 * makes the account, a password reset is read from the link's token.
 */
export type UserRequest =
  | {
      type: 'RegisterUser';
      email: string;
      /** null for an account made by a sign-in at the OpenID provider. */
      password: string | null;
      firstName: string | null;
      lastName: string | null;
      method: SignInMethod;
    }
  | { type: 'SignInExternally'; profile: ExternalProfile }
  | { type: 'ResetPassword'; token: string; password: string }
  /** The token of an e-mailed confirmation link. */
  | { type: 'VerifyEmail'; token: string; addressNotPlain: boolean }
  | ({ userId: string } & Exclude<
      UserCommand,
      { type: 'RegisterUser' | 'LinkExternalIdentity' | 'ResetPassword' | 'VerifyEmail' | 'VerifyEmailByProvider' }
    >);

export interface UserOutcome {
  /** The account decided on: the new one for a registration, the one signed in to for a provider's identity. */
  userId: string;
  /** Global position of the last event appended (read-your-writes); the head position when nothing was. */
  position: number;
  /** What was appended to the account's stream: nothing when nothing needed doing. */
  events: UserEvent['type'][];
  roles: Role[];
}

export class ExecuteUserCommand extends Command<UserOutcome> {
  constructor(
    readonly request: UserRequest,
    readonly context: CommandContext,
  ) {
    super();
  }
}

/** The account holding an e-mail key, straight from its reservation stream (no read-model lag). */
export async function holderOf(repository: AggregateRepository, key: string): Promise<string | null> {
  return (await repository.load(emailReservation, emailStream(key))).state.holder;
}

/**
 * The account holding this e-mail address: the keyed key's stream, else — for accounts registered before keyed
 * keys — the unkeyed key's.
 */
export async function accountByEmail(
  repository: AggregateRepository,
  emailKeys: EmailKeys,
  email: string,
): Promise<string | null> {
  const { key, legacy } = await emailKeys.pair(email);
  return (await holderOf(repository, key)) ?? (await holderOf(repository, legacy));
}

@CommandHandler(ExecuteUserCommand)
export class ExecuteUserHandler implements ICommandHandler<ExecuteUserCommand> {
  constructor(
    private readonly repository: AggregateRepository,
    private readonly emailKeys: EmailKeys,
    @Inject(VAULT) private readonly vault: Vault,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(CONFIG) private readonly config: Config,
    private readonly passwords: Passwords,
  ) {}

  async execute({ request, context }: ExecuteUserCommand): Promise<UserOutcome> {
    switch (request.type) {
      case 'RegisterUser':
        return this.register(request, context);
      case 'SignInExternally':
        return this.signInExternally(request.profile, context);
      case 'ResetPassword':
        return this.resetPassword(request.token, request.password, context);
      case 'VerifyEmail':
        return this.verifyEmail(request.token, request.addressNotPlain, context);
      case 'SignIn':
        // The person signing in is the one acting.
        return this.decide(request.userId, request, await this.asAccount(request.userId, context));
      case 'CloseAccount': {
        // The log first: should the vault fail after it, the decider still refuses every sign-in.
        const outcome = await this.decide(request.userId, request, context);
        await this.vault.delete(PASSWORDS, request.userId);
        return outcome;
      }
      default:
        return this.decide(request.userId, request, context);
    }
  }

  private async decide(userId: string, command: UserCommand, context: CommandContext): Promise<UserOutcome> {
    const { events, state, position } = await this.repository.handle(user, userStream(userId), command, context);
    return { userId, position, events: events.map((e) => e.type), roles: [...state.roles] };
  }

  private async asAccount(userId: string, context: CommandContext): Promise<CommandContext> {
    const { state } = await this.repository.load(user, userStream(userId));
    return { ...context, actor: { kind: 'user', userId, roles: [...state.roles] } };
  }

  /**
   * Reserves the e-mail first (one stream per address, so concurrent registrations of one address cannot
   * both win), then hashes the password into the vault, then records the account. Should recording fail, the
   * reservation is released so the address is not lost. An address reserved before keyed e-mail keys sits in
   * the stream of its unkeyed key, which is only read now: its holder keeps it unless they were forgotten.
   */
  private async register(
    form: Extract<UserRequest, { type: 'RegisterUser' }>,
    context: CommandContext,
    emailVerified = false,
  ): Promise<UserOutcome> {
    const userId = randomUUID();
    const { key, legacy } = await this.emailKeys.pair(form.email);
    const legacyHolder = await holderOf(this.repository, legacy);
    if (legacyHolder && !(await isForgotten(this.events, legacyHolder))) {
      throw new DomainError(ACCOUNT_EXISTS, 409, [{ field: 'email', message: ACCOUNT_EXISTS }]);
    }
    const holder = await holderOf(this.repository, key);
    const forgottenHolder = holder && (await isForgotten(this.events, holder)) ? holder : null;
    const reserve = { type: 'ReserveEmail', emailKey: key, userId, forgottenHolder } as const;
    await this.repository.handle(emailReservation, emailStream(key), reserve, context);
    try {
      if (form.password !== null) await this.vault.put(PASSWORDS, userId, await this.passwords.hash(form.password));
      return await this.decide(
        userId,
        {
          type: 'RegisterUser',
          userId,
          emailKey: key,
          personal: { email: form.email, firstName: form.firstName, lastName: form.lastName },
          method: form.method,
          adminByConfiguration: this.config.identity.adminEmails.includes(form.email.trim().toLowerCase()),
          emailVerified,
          at: context.now,
        },
        context,
      );
    } catch (error) {
      await this.vault.delete(PASSWORDS, userId).catch(() => undefined);
      await this.repository
        .handle(emailReservation, emailStream(key), { type: 'ReleaseEmail', emailKey: key, userId }, context)
        .catch(() => undefined);
      throw error;
    }
  }

  /**
   * The account an identity at the OpenID provider signs in to: the one it is linked to; else the account
   * with its e-mail, when the provider vouches for the address (email_verified) — linking on an unverified
   * address would hand an account to whoever typed it; else a new account (without a password).
   */
  private async signInExternally(profile: ExternalProfile, context: CommandContext): Promise<UserOutcome> {
    const key = identityKey(profile.issuer, profile.sub);
    const stream = externalIdentityStream(key);
    const link = { type: 'LinkExternalIdentity', issuer: profile.issuer, identityKey: key, sub: profile.sub } as const;
    const claimed = (await this.repository.load(externalIdentity, stream)).state.userId;
    if (claimed) {
      const signedIn = await this.decide(claimed, { ...link, at: context.now }, context);
      return (await this.provenByProvider(claimed, profile, context)) ?? signedIn;
    }
    if (!profile.email)
      throw new DomainError('The identity provider did not share an email address, which an account needs.', 422);
    // A look-alike the provider vouches for (`ＡＤＭＩＮ@…`) would be found under the plain address's key: its account,
    // its role. Only a plain address makes or finds an account.
    if (!isPlainEmail(profile.email))
      throw new DomainError(
        'The identity provider shared an email address that is not in plain characters, which an account needs.',
        422,
      );
    let userId = await accountByEmail(this.repository, this.emailKeys, profile.email);
    if (userId && !profile.emailVerified) {
      throw new DomainError('An account with this email already exists. Sign in with your password.', 409);
    }
    if (!userId) {
      ({ userId } = await this.register(
        {
          type: 'RegisterUser',
          email: profile.email,
          password: null,
          firstName: profile.firstName ?? null,
          lastName: profile.lastName ?? null,
          method: 'oidc',
        },
        context,
        profile.emailVerified,
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
      userId = (await this.repository.load(externalIdentity, stream)).state.userId!;
    }
    // Linking twice changes nothing, so a sign-in after a crash between the claim and the link completes it.
    const linked = await this.decide(userId, { ...link, at: context.now }, context);
    return (await this.provenByProvider(userId, profile, context)) ?? linked;
  }

  /**
   * A provider that vouches for the address (email_verified) proves it, as the e-mailed link would: for an account
   * made, linked or signed in to here whose address it is (and was not proven yet). Null when there is nothing to do.
   */
  private async provenByProvider(
    userId: string,
    profile: ExternalProfile,
    context: CommandContext,
  ): Promise<UserOutcome | null> {
    // The provider vouches for the mailbox it names: only a plain address is the one the account's key stands for.
    if (!profile.emailVerified || !profile.email || !isPlainEmail(profile.email)) return null;
    const { state } = await this.repository.load(user, userStream(userId));
    if (state.emailVerified || !state.emailKey) return null;
    const { key, legacy } = await this.emailKeys.pair(profile.email);
    // The account's own key: the keyed one, or the unkeyed one for an account from before keyed keys.
    const emailKey = state.emailKey === legacy ? legacy : key;
    return this.decide(
      userId,
      {
        type: 'VerifyEmailByProvider',
        emailKey,
        adminByConfiguration: await this.listedAsAdmin(state.emailKey),
        at: context.now,
      },
      context,
    );
  }

  /** Whether ADMIN_EMAILS lists the address of this e-mail key (compared by key: the account's state holds no address). */
  private async listedAsAdmin(emailKey: string): Promise<boolean> {
    for (const email of this.config.identity.adminEmails) {
      const { key, legacy } = await this.emailKeys.pair(email);
      if (key === emailKey || legacy === emailKey) return true;
    }
    return false;
  }

  /**
   * Confirms the account's address with the token of an e-mailed link; when ADMIN_EMAILS lists the address (now),
   * the system grants the admin role with it. The person acting is the account's holder, signed in or not.
   */
  private async verifyEmail(token: string, addressNotPlain: boolean, context: CommandContext): Promise<UserOutcome> {
    const parsed = readAccountLinkToken(token);
    const invalid = () =>
      new DomainError(IDENTITY_MESSAGES.emailLinkInvalid, 400, [
        { field: 'token', message: IDENTITY_MESSAGES.emailLinkInvalid },
      ]);
    if (!parsed) throw invalid();
    const { state } = await this.repository.load(user, userStream(parsed.userId));
    if (!state.userId || !state.emailKey) throw invalid();
    const command = {
      type: 'VerifyEmail',
      tokenHash: parsed.tokenHash,
      adminByConfiguration: await this.listedAsAdmin(state.emailKey),
      addressNotPlain,
      at: context.now,
    } as const;
    return this.decide(parsed.userId, command, await this.asAccount(parsed.userId, context));
  }

  /**
   * Sets a new password with a link's token, and ends every session of the account. The link is used up (and
   * the sessions ended) in the log first, then the new hash goes to the vault: of two uses of one link only one
   * gets that far, and should the vault fail after the log, the old password still works and a new link can
   * be asked for.
   */
  private async resetPassword(token: string, password: string, context: CommandContext): Promise<UserOutcome> {
    const parsed = readAccountLinkToken(token);
    if (!parsed)
      throw new DomainError(IDENTITY_MESSAGES.resetLinkInvalid, 400, [
        { field: 'token', message: IDENTITY_MESSAGES.resetLinkInvalid },
      ]);
    const command = { type: 'ResetPassword', tokenHash: parsed.tokenHash, at: context.now } as const;
    // Checked before the (slow) hashing, so a wrong link answers at once; decided again under the stream's lock.
    const { state } = await this.repository.load(user, userStream(parsed.userId));
    if (!state.userId)
      throw new DomainError(IDENTITY_MESSAGES.resetLinkInvalid, 400, [
        { field: 'token', message: IDENTITY_MESSAGES.resetLinkInvalid },
      ]);
    user.decide(command, state);
    const hash = await this.passwords.hash(password);
    const outcome = await this.decide(parsed.userId, command, await this.asAccount(parsed.userId, context));
    await this.vault.put(PASSWORDS, parsed.userId, hash);
    return outcome;
  }
}
