import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { CommandBus } from '@nestjs/cqrs';
import { systemContext, type CommandContext } from '../../platform/command-context.js';
import type { Config } from '../../platform/config.js';
import { MAIL_TRANSPORT, type MailTransport } from '../../platform/mail/mail.js';
import { ProjectionEngine } from '../../platform/projection-engine/projection-engine.js';
import { CONFIG, LOGGER } from '../../platform/injection-keys.js';
import { sessionsProjection } from '../../projections/sessions.js';
import { usersProjection } from '../../projections/users.js';
import { isPlainEmail } from '../../platform/email-key.js';
import { newAccountLinkToken, readAccountLinkToken } from './account-link-token.js';
import { EMAIL_LINK_TTL_MS, emailLink, emailVerificationMail } from './email-verification.js';
import { ExecuteUserCommand } from './identity.handlers.js';
import { IdentityService } from './identity.service.js';

const ACTOR = 'email-verification-outbox';
/** How long an answer waits for its confirmation mail to reach the transport (the rest goes on after it). */
const MAIL_WAIT_MS = 5000;

/**
 * Proving an account's e-mail address (password accounts; a provider's email_verified proves it at sign-in). The
 * link goes through an outbox in the log (docs/design.md §6), as a reset link does: `EmailVerificationRequested`
 * (the intent, with the hash of the link's secret), send, then `EmailVerificationMailSent` or `…Failed`. A mail is
 * never retried: a crash mid-send or a refusal leaves the person to ask again on /profile (a newer link replaces
 * the older one), so none is sent twice.
 */
@Injectable()
export class EmailVerifications implements OnApplicationShutdown {
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly commands: CommandBus,
    private readonly identity: IdentityService,
    private readonly engine: ProjectionEngine,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }

  /**
   * At a registration: records and mails the first link. The registration's answer waits for it (so the account's
   * stream is quiet once the person has their answer, and the mail is on its way), but at most MAIL_WAIT_MS: a slow
   * mail server finishes after the answer. A failure is logged, never refused: the
   * account exists, and /profile asks for a new link.
   */
  async mailAtRegistration(userId: string, email: string, correlationId: string): Promise<void> {
    const now = new Date().toISOString();
    const work = this.record(userId, systemContext(ACTOR, correlationId, now))
      .then((link) => this.send(userId, email, link, correlationId))
      .catch((error: unknown) => this.logger.error({ err: error }, 'e-mail confirmation mail failed'));
    await this.awaitBounded(work);
  }

  /**
   * A new link for a signed-in account (409 when its address is already confirmed): recorded and mailed before the
   * answer (a slow mail server: at most MAIL_WAIT_MS). The position of the record.
   */
  async requestAgain(userId: string, email: string, context: CommandContext): Promise<number> {
    const link = await this.record(userId, context);
    await this.awaitBounded(
      this.send(userId, email, link, context.correlationId).catch((error: unknown) =>
        this.logger.error({ err: error }, 'e-mail confirmation mail failed'),
      ),
    );
    return link.position;
  }

  /** Waits for the mails under way (tests). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }

  /**
   * Confirms the address with a link's token. Answers once the read models know it (the waiver and the user view
   * read them) and, when a role came with it, once every replica honours it.
   */
  async verify(token: string, context: CommandContext): Promise<{ userId: string; position: number }> {
    // The account's address (the decider's state holds none): one registered before addresses had to be plain is
    // never proven — the link went to the look-alike, while what it would prove goes by the plain address's key.
    const parsed = readAccountLinkToken(token);
    const account = parsed ? await this.identity.userDto(parsed.userId) : null;
    const addressNotPlain = account !== null && !isPlainEmail(account.email);
    const { userId, position, events } = await this.commands.execute(
      new ExecuteUserCommand({ type: 'VerifyEmail', token, addressNotPlain }, context),
    );
    await this.engine.waitFor(position, [usersProjection.name, sessionsProjection.name], 10_000);
    if (events.includes('RoleGranted')) await this.identity.honouredEverywhere(position);
    return { userId, position };
  }

  /** Tracks `work` (shutdown waits for it) and waits for it, at most MAIL_WAIT_MS. */
  private async awaitBounded(work: Promise<void>): Promise<void> {
    this.running.add(work);
    void work.finally(() => this.running.delete(work));
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([work, new Promise((resolve) => (timer = setTimeout(resolve, MAIL_WAIT_MS)))]);
    clearTimeout(timer);
  }

  private async record(userId: string, context: CommandContext) {
    const { token, tokenHash } = newAccountLinkToken(userId);
    const verificationId = randomUUID();
    const messageId = randomUUID();
    const expiresAt = new Date(Date.parse(context.now) + EMAIL_LINK_TTL_MS).toISOString();
    const { position } = await this.commands.execute(
      new ExecuteUserCommand(
        { type: 'RequestEmailVerification', userId, verificationId, tokenHash, messageId, expiresAt, at: context.now },
        context,
      ),
    );
    return { token, verificationId, messageId, position };
  }

  private async send(
    userId: string,
    email: string,
    link: { token: string; verificationId: string; messageId: string },
    correlationId: string,
  ): Promise<void> {
    let outcome: 'sent' | 'refused' = 'sent';
    try {
      const { subject, text } = emailVerificationMail(emailLink(this.config.publicUrl, link.token));
      await this.transport.send({ id: link.messageId, to: email.trim(), subject, text });
    } catch (error) {
      // The transport's text may quote the address: only its code is logged.
      this.logger.warn(
        { userId, messageId: link.messageId, code: (error as { code?: unknown }).code ?? null },
        'e-mail confirmation mail refused',
      );
      outcome = 'refused';
    }
    await this.commands.execute(
      new ExecuteUserCommand(
        {
          type: 'RecordEmailVerificationMail',
          userId,
          verificationId: link.verificationId,
          messageId: link.messageId,
          outcome,
        },
        systemContext(ACTOR, correlationId, new Date().toISOString()),
      ),
    );
  }
}
