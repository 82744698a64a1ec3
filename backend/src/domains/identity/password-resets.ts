import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { CommandBus } from '@nestjs/cqrs';
import { systemContext, type CommandContext } from '../../platform/command-context.js';
import type { Config } from '../../platform/config.js';
import type { EventStore } from '../../platform/event-store/event-store.js';
import { MAIL_TRANSPORT, type MailTransport } from '../../platform/mail/mail.js';
import { isForgotten } from '../../platform/privacy/personal-data.js';
import { ProjectionEngine } from '../../platform/projection-engine/projection-engine.js';
import { CONFIG, EVENT_STORE, LOGGER } from '../../platform/injection-keys.js';
import { sessionsProjection } from '../../projections/sessions.js';
import { ExecuteUserCommand } from './identity.handlers.js';
import { IdentityService } from './identity.service.js';
import { newAccountLinkToken } from './account-link-token.js';
import { RESET_LINK_TTL_MS, resetLink, resetMail } from './password-reset.js';

const ACTOR = 'password-reset-outbox';

/**
 * Forgotten passwords. A request answers at once and the same way whether or not the address has an account
 * (no enumeration, not even by timing): the lookup, the record and the mail happen afterwards. The mail goes
 * through an outbox in the log (docs/design.md §6): `PasswordResetRequested` (the intent, with the link's hash), send,
 * then `PasswordResetMailSent` or `…Failed`. Nothing retries a reset mail: a crash mid-send or a refused mail
 * leaves the person to ask again (a newer link replaces the older one), so nothing is ever sent twice.
 */
@Injectable()
export class PasswordResets implements OnApplicationShutdown {
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly commands: CommandBus,
    private readonly identity: IdentityService,
    private readonly engine: ProjectionEngine,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }

  /** Mails a reset link to `email` if it holds an account; never says whether it does. */
  requestSoon(email: string, correlationId: string): void {
    const work = this.mailLink(email, correlationId).catch((error: unknown) =>
      this.logger.error({ err: error }, 'password reset mail failed'),
    );
    this.running.add(work);
    void work.finally(() => this.running.delete(work));
  }

  /** Waits for the requests under way (tests). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }

  private async mailLink(email: string, correlationId: string): Promise<void> {
    const userId = await this.identity.userIdByEmail(email);
    if (!userId || (await isForgotten(this.events, userId))) return;
    const now = new Date();
    const context = systemContext(ACTOR, correlationId, now.toISOString());
    const { token, tokenHash } = newAccountLinkToken(userId);
    const resetId = randomUUID();
    const messageId = randomUUID();
    const expiresAt = new Date(now.getTime() + RESET_LINK_TTL_MS).toISOString();
    await this.commands.execute(
      new ExecuteUserCommand(
        { type: 'RequestPasswordReset', userId, resetId, tokenHash, messageId, expiresAt, at: context.now },
        context,
      ),
    );
    let outcome: 'sent' | 'refused' = 'sent';
    try {
      const { subject, text } = resetMail(resetLink(this.config.publicUrl, token));
      await this.transport.send({ id: messageId, to: email.trim(), subject, text });
    } catch (error) {
      // The transport's text may quote the address: only its code is logged.
      this.logger.warn({ userId, messageId, code: (error as { code?: unknown }).code ?? null }, 'reset mail refused');
      outcome = 'refused';
    }
    await this.commands.execute(
      new ExecuteUserCommand(
        { type: 'RecordPasswordResetMail', userId, resetId, messageId, outcome },
        { ...context, now: new Date().toISOString() },
      ),
    );
  }

  /** Sets a new password with a link's token (see ExecuteUserHandler); every session of the account ends. Its user, and the
   * position of the event (another replica waits for it before honouring the ended sessions no more). */
  async reset(token: string, password: string, context: CommandContext): Promise<{ userId: string; position: number }> {
    const { userId, position } = await this.commands.execute(
      new ExecuteUserCommand({ type: 'ResetPassword', token, password }, context),
    );
    await this.engine.waitFor(position, [sessionsProjection.name], 10_000);
    await this.identity.honouredEverywhere(position);
    return { userId, position };
  }
}
