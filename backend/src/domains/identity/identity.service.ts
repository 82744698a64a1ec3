import { ReplicaPositions } from '../../platform/jobs/replica-positions.js';
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { parse as parseCookies } from 'cookie';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import { EmailKeys } from '../../platform/email-key.js';
import type { CommandContext } from '../../platform/command-context.js';
import type { Config } from '../../platform/config.js';
import { DomainError } from '../../platform/errors.js';
import type { Actor, EventStore, Role } from '../../platform/event-store/event-store.js';
import { headerOf } from '../../platform/http/http.js';
import { LogHead } from '../../platform/http/read-your-writes.js';
import type { KauriRequest } from '../../platform/http/request-context.js';
import { ProjectionEngine } from '../../platform/projection-engine/projection-engine.js';
import { ReadModels } from '../../platform/read-store/read-models.js';
import { CONFIG, EVENT_STORE, VAULT } from '../../platform/injection-keys.js';
import type { Vault } from '../../platform/vault/vault.js';
import {
  principalIsLive,
  type SessionPrincipal,
  SessionPrincipals,
  sessionsProjection,
} from '../../projections/sessions.js';
import { usersProjection } from '../../projections/users.js';
import type { RoleChanger, SessionKind, SignInMethod } from './events.js';
import { accountByEmail, ExecuteUserCommand } from './identity.handlers.js';
import { Passwords, PASSWORDS } from './passwords.js';
import type { ExternalProfile } from './oidc.js';
import {
  isWellFormedToken,
  newToken,
  SESSION_ABSOLUTE_MS,
  SESSION_COOKIE,
  SESSION_EXTEND_WHEN_LEFT_MS,
  SESSION_IDLE_MS,
  tokenHash,
} from './session-secrets.js';
import { toUserDto, type UserDto } from './user-view.js';

const READ_MODELS = [sessionsProjection.name, usersProjection.name];
/** How long a request with a token this replica does not know waits for the read models to reach the log's head. */
const HEAD_WAIT_MS = 2000;

/**
 * What a recorded session does for a request presenting its token `via` a cookie or bearer at `now` (epoch ms):
 * refuse it (expired, revoked, of the other kind), let it in, or let it in once its idle deadline is extended.
 */
export function sessionVerdict(
  session: SessionPrincipal,
  via: SessionKind,
  now: number,
): 'refused' | 'live' | 'extend' {
  if (!principalIsLive(session, now) || session.kind !== via) return 'refused';
  return session.idleExpiresAt !== null && session.idleExpiresAt - now < SESSION_EXTEND_WHEN_LEFT_MS
    ? 'extend'
    : 'live';
}

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

/**
 * Accounts, sign-in and sessions. Every command goes through the CommandBus (`ExecuteUserCommand`, whose handler
 * loads, decides and appends); lookups read the e-mail reservations and the read models.
 */
@Injectable()
export class IdentityService {
  private readonly principals: SessionPrincipals;
  /** The log's head for tokens this replica does not know (coalesced: a flood of made-up tokens shares reads). */
  readonly head: LogHead;

  constructor(
    private readonly commands: CommandBus,
    private readonly repository: AggregateRepository,
    private readonly engine: ProjectionEngine,
    @Inject(EVENT_STORE) events: EventStore,
    private readonly reads: ReadModels,
    @Inject(VAULT) private readonly vault: Vault,
    @Inject(CONFIG) private readonly config: Config,
    private readonly emailKeys: EmailKeys,
    private readonly passwords: Passwords,
    private readonly replicas: ReplicaPositions,
  ) {
    this.principals = new SessionPrincipals(reads);
    this.head = new LogHead(() => events.headPosition());
  }

  private get users() {
    return this.reads.of(usersProjection);
  }

  private get sessions() {
    return this.reads.of(sessionsProjection);
  }

  /** Records a new account (see ExecuteUserHandler for the order of the e-mail reservation, vault and account). */
  async register(
    form: { email: string; password: string | null; firstName?: string | null; lastName?: string | null },
    method: SignInMethod,
    context: CommandContext,
  ): Promise<{ userId: string; position: number }> {
    const { email, password, firstName = null, lastName = null } = form;
    const request = { type: 'RegisterUser', email, password, firstName, lastName, method } as const;
    const { userId, position } = await this.commands.execute(new ExecuteUserCommand(request, context));
    return { userId, position };
  }

  /** The account holding this e-mail address, if any (straight from the reservation streams: no read-model lag). */
  userIdByEmail(email: string): Promise<string | null> {
    return accountByEmail(this.repository, this.emailKeys, email);
  }

  /** The user id when the password is right; null otherwise, after the same work either way. */
  async checkPassword(email: string, password: string): Promise<string | null> {
    const userId = await this.userIdByEmail(email);
    const stored = userId ? await this.vault.get(PASSWORDS, userId) : null;
    if (!userId || !stored) return this.passwords.verifyAgainstDecoy(password).then(() => null);
    return (await this.passwords.verify(password, stored)) ? userId : null;
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
    const { position } = await this.commands.execute(
      new ExecuteUserCommand(
        {
          type: 'SignIn',
          userId,
          method,
          session: { tokenHash: tokenHash(token), kind, expiresAt, idleExpiresAt },
          at: context.now,
        },
        context,
      ),
    );
    await this.engine.waitFor(position, READ_MODELS, 10_000);
    return { token, expiresAt, position };
  }

  /**
   * Ends the given sessions/tokens of their user (unknown or foreign ones are ignored). The position of the last
   * event written, 0 when nothing needed ending (nothing for another replica to wait for).
   */
  async signOut(tokens: string[], context: CommandContext): Promise<number> {
    let last = 0;
    const byUser = new Map<string, string[]>();
    for (const doc of (await this.sessions.byIds(tokens.map(tokenHash))).values()) {
      if (!doc.revoked) byUser.set(doc.userId, [...(byUser.get(doc.userId) ?? []), doc._id]);
    }
    for (const [userId, tokenHashes] of byUser) {
      const { position } = await this.commands.execute(
        new ExecuteUserCommand({ type: 'SignOut', userId, tokenHashes, at: context.now }, context),
      );
      await this.engine.waitFor(position, READ_MODELS, 10_000);
      last = position;
    }
    if (last > 0) await this.honouredEverywhere(last);
    return last;
  }

  /**
   * Waits until every replica has applied an ended session or a changed role at `position` (or is kept from serving
   * signed-in requests until it has): once answered, the change holds on whichever replica serves the next request.
   */
  honouredEverywhere(position: number): Promise<boolean> {
    return this.replicas.appliedEverywhere(position);
  }

  /** Whether this replica may serve a signed-in request now (not behind a sign-out it could honour; see ReplicaPositions). */
  mayServeSignedIn(): Promise<boolean> {
    return this.replicas.ready();
  }

  /**
   * The hot reads' check (`hot-reads.ts`): the signed-in user of a request that carries a session cookie and no
   * `Authorization` header, when its session is known here, live and not due for extension, on a replica that may
   * serve signed-in requests — exactly what `authenticate` and the IdentityGuard conclude for such a request, with
   * the same functions and no side effect. Null for anything else (no cookie, a bearer token, a malformed or unknown
   * token, a session to refuse or to extend, a replica behind a sign-out): that request goes through the guard,
   * which decides it.
   */
  async signedInAtOnce(headers: IncomingHttpHeaders): Promise<Authentication | null> {
    if (headers.authorization !== undefined) return null;
    const token = parseCookies(headerOf({ headers }, 'cookie') ?? '')[SESSION_COOKIE];
    if (!token || !isWellFormedToken(token)) return null;
    const hash = tokenHash(token);
    const session = await this.principals.byTokenHash(hash);
    if (!session || sessionVerdict(session, 'cookie', Date.now()) !== 'live') return null;
    if (!(await this.mayServeSignedIn())) return null;
    return {
      actor: { kind: 'user', userId: session.userId, roles: [...session.roles] },
      via: 'cookie',
      token,
      tokenHash: hash,
    };
  }

  /**
   * Resolves the signed-in user from a bearer token (first: a cross-site form cannot send one) or the session cookie.
   * A well-formed token this replica's read models do not know may come from a sign-in on another replica a moment
   * ago: before answering "signed out", the read models are brought up to the log's head as it stood once the
   * request arrived (at most HEAD_WAIT_MS), and the token looked up again. Malformed tokens never wait.
   */
  async authenticate(req: IdentityRequest): Promise<Authentication | null> {
    const [scheme, bearer] = (headerOf(req, 'authorization') ?? '').split(' ');
    req.bearerToken = scheme?.toLowerCase() === 'bearer' && bearer ? bearer : null;
    const cookie = parseCookies(headerOf(req, 'cookie') ?? '')[SESSION_COOKIE];
    const candidates: [string, SessionKind][] = [];
    if (req.bearerToken) candidates.push([req.bearerToken, 'bearer']);
    if (cookie) candidates.push([cookie, 'cookie']);
    let unknown = false;
    for (const [token, via] of candidates) {
      const found = await this.lookup(token, via, req);
      if (found === 'unknown') unknown = true;
      else if (found) return found;
    }
    if (!unknown) return null;
    // Looked up again even when the wait ran out: the read models may have got there meanwhile.
    await this.caughtUpWithLog();
    for (const [token, via] of candidates) {
      const found = await this.lookup(token, via, req);
      if (found !== 'unknown' && found !== null) return found;
    }
    return null;
  }

  /** Waits (at most HEAD_WAIT_MS) for the read models to reach the log's head, read once for many requests (LogHead). */
  private async caughtUpWithLog(): Promise<void> {
    try {
      await this.engine.waitForLogged(await this.head.position(), READ_MODELS, HEAD_WAIT_MS);
    } catch {
      // The event store is unreachable: answer from what this replica knows.
    }
  }

  /**
   * The session of a token: null when it does not let its holder in (expired, revoked, of the other kind);
   * 'unknown' when a well-formed token has no session in this replica's read models (yet).
   */
  private async lookup(
    token: string,
    via: SessionKind,
    req: IdentityRequest,
  ): Promise<Authentication | null | 'unknown'> {
    if (!isWellFormedToken(token)) return null;
    const hash = tokenHash(token);
    const session = await this.principals.byTokenHash(hash);
    if (!session) return 'unknown';
    const now = Date.now();
    const verdict = sessionVerdict(session, via, now);
    if (verdict === 'refused') return null;
    const actor = { kind: 'user' as const, userId: session.userId, roles: [...session.roles] };
    if (verdict === 'extend') {
      const at = new Date(now).toISOString();
      const idleExpiresAt = new Date(now + SESSION_IDLE_MS).toISOString();
      const context: CommandContext = {
        actor,
        correlationId: req.correlationId ?? randomUUID(),
        causationId: req.correlationId ?? null,
        now: at,
      };
      await this.commands.execute(
        new ExecuteUserCommand(
          { type: 'ExtendSession', userId: session.userId, tokenHash: hash, idleExpiresAt, at },
          context,
        ),
      );
    }
    return { actor, via, token, tokenHash: hash };
  }

  /** The User, from the users and subscriptions read models. */
  async userDto(userId: string): Promise<UserDto | null> {
    const doc = await this.users.get(userId);
    return doc ? toUserDto(this.reads, doc) : null;
  }

  async updateProfile(
    userId: string,
    firstName: string,
    lastName: string,
    context: CommandContext,
  ): Promise<UserDto & { position: number }> {
    const { position } = await this.commands.execute(
      new ExecuteUserCommand({ type: 'UpdateProfile', userId, firstName, lastName, at: context.now }, context),
    );
    await this.engine.waitFor(position, [usersProjection.name], 10_000);
    return { ...(await this.userDto(userId))!, position };
  }

  /** Grants or revokes a role by e-mail; `changed` is false when the user already had (or lacked) it. */
  async changeRole(
    email: string,
    role: Role,
    action: 'grant' | 'revoke',
    by: RoleChanger,
    context: CommandContext,
  ): Promise<{ userId: string; changed: boolean; roles: Role[]; position: number }> {
    const userId = await this.userIdByEmail(email);
    if (!userId) throw new DomainError(`No account with the email ${email.trim()}`, 404);
    const command =
      action === 'grant'
        ? ({ type: 'GrantRole', userId, role, by, at: context.now } as const)
        : ({ type: 'RevokeRole', userId, role, by, at: context.now } as const);
    const { events, roles, position } = await this.commands.execute(new ExecuteUserCommand(command, context));
    await this.engine.waitFor(position, [usersProjection.name], 10_000);
    if (events.length > 0) await this.honouredEverywhere(position);
    return { userId, changed: events.length > 0, roles, position };
  }

  /** The account an identity at the OpenID provider signs in to (found, linked or made by ExecuteUserHandler). */
  async externalSignIn(profile: ExternalProfile, context: CommandContext): Promise<string> {
    const { userId } = await this.commands.execute(
      new ExecuteUserCommand({ type: 'SignInExternally', profile }, context),
    );
    return userId;
  }
}
