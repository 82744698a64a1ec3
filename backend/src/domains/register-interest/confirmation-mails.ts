import { randomUUID } from 'node:crypto';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Logger } from 'pino';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import { systemContext, type CommandContext } from '../../platform/command-context.js';
import type { Config } from '../../platform/config.js';
import { MAIL_TRANSPORT, type MailTransport } from '../../platform/mail/mail.js';
import { ProjectionEngine } from '../../platform/projections/projection-engine.js';
import type { ReadStore } from '../../platform/read-store/read-store.js';
import { CONFIG, LOGGER, READ_STORE } from '../../platform/tokens.js';
import {
  pendingConfirmationMailsProjection as pendingMails,
  type PendingConfirmationMailDoc,
} from '../../projections/pending-confirmation-mails.js';
import { registrationsProjection, type RegistrationDoc } from '../../projections/registrations.js';
import { confirmationLink, confirmationMail, newConfirmationToken } from './confirmation.js';
import {
  INTEREST_REGISTER_STREAM,
  interestRegister,
  mailIsDue,
  type InterestRegisterCommand,
  type MailOutcome,
} from './decider.js';

const SWEEP_EVERY_MS = 60_000;
const ACTOR = 'register-interest-outbox';

export interface Recipient {
  email: string;
  firstName: string;
}

/**
 * The outbox of confirmation mails (docs/design.md §6): decide and append the intent (`ConfirmationMailSending`, with
 * the token's hash), send, append the outcome. A registration's mail is sent right after it is recorded, and a
 * sweep (at boot and every minute) sends what is due: retries after a refusal, and sends a crash interrupted.
 * An interrupted send is settled by asking the transport whether it went out — the local outbox knows; SMTP
 * cannot tell, and such a mail is not sent again — so a retry after a crash sends nothing twice.
 */
@Injectable()
export class ConfirmationMails implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer: NodeJS.Timeout | null = null;
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly repository: AggregateRepository,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
    @Inject(READ_STORE) private readonly reads: ReadStore,
    private readonly engine: ProjectionEngine,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => this.track(this.sweep()), SWEEP_EVERY_MS);
    this.timer.unref();
    this.track(this.sweep());
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await Promise.allSettled([...this.running]);
  }

  /** Sends the confirmation mail of a registration just recorded, without holding up the response. */
  sendSoon(registrationId: string, recipient: Recipient, correlationId: string): void {
    this.track(this.deliver(registrationId, recipient, correlationId));
  }

  /**
   * Every mail that is due (now, or at `at` in tests). The candidates come from the pending-mails read model, so
   * a sweep with nothing to do reads no history (at boot, say); the stream decides for each one found.
   */
  async sweep(at?: string): Promise<void> {
    const now = at ?? new Date().toISOString();
    await this.engine.caughtUp(SWEEP_EVERY_MS);
    const due = await this.reads
      .collection<PendingConfirmationMailDoc>(pendingMails.name)
      .find({ dueAt: { $lte: now }, lapsesAt: { $gt: now } }, { sort: { dueAt: 1 } });
    if (due.length === 0) return;
    const { state } = await this.repository.load(interestRegister, INTEREST_REGISTER_STREAM);
    for (const { _id: registrationId } of due) {
      if (mailIsDue(state, registrationId, now)) await this.deliver(registrationId, null, randomUUID(), at);
    }
  }

  /**
   * One registration's mail, if due: settles an interrupted send, or claims, sends and records a new one.
   * `at` fixes the clock (tests); otherwise each step is stamped with the time it happens.
   */
  async deliver(
    registrationId: string,
    known: Recipient | null,
    correlationId: string,
    fixedAt?: string,
  ): Promise<void> {
    const now = () => fixedAt ?? new Date().toISOString();
    const at = now();
    const context = systemContext(ACTOR, correlationId, at);
    const { state } = await this.repository.load(interestRegister, INTEREST_REGISTER_STREAM);
    const registration = state.byId.get(registrationId);
    if (!registration || !mailIsDue(state, registrationId, at)) return;
    if (registration.mail.status === 'sending') {
      const { messageId } = registration.mail;
      const delivered = await this.transport.delivered(messageId);
      const outcome: MailOutcome =
        delivered === true ? 'sent' : delivered === false ? 'interrupted-not-sent' : 'interrupted-unknown';
      await this.record(registrationId, messageId, outcome, context);
      return;
    }
    // Forgotten (no address any more) or not yet in the read model: nothing to send now.
    const recipient = known ?? (await this.recipientOf(registrationId));
    if (!recipient) return;
    const { token, tokenHash } = newConfirmationToken(registrationId);
    const messageId = randomUUID();
    const started = await this.handle(
      { type: 'StartConfirmationMail', registrationId, messageId, tokenHash, at },
      context,
    );
    if (started.length === 0) return;
    let outcome: MailOutcome = 'sent';
    try {
      const { subject, text } = confirmationMail(recipient.firstName, confirmationLink(this.config.publicUrl, token));
      await this.transport.send({ id: messageId, to: recipient.email, subject, text });
    } catch (error) {
      // The transport's text may quote the address: only its code is logged.
      this.logger.warn(
        { registrationId, messageId, code: (error as { code?: unknown }).code ?? null },
        'confirmation mail refused',
      );
      outcome = 'refused';
    }
    await this.record(registrationId, messageId, outcome, { ...context, now: now() });
  }

  private async record(
    registrationId: string,
    messageId: string,
    outcome: MailOutcome,
    context: CommandContext,
  ): Promise<void> {
    await this.handle({ type: 'RecordConfirmationMail', registrationId, messageId, outcome, at: context.now }, context);
  }

  private async handle(command: InterestRegisterCommand, context: CommandContext) {
    return (await this.repository.handle(interestRegister, INTEREST_REGISTER_STREAM, command, context)).events;
  }

  private async recipientOf(registrationId: string): Promise<Recipient | null> {
    const doc = await this.reads.collection<RegistrationDoc>(registrationsProjection.name).get(registrationId);
    return doc?.email ? { email: doc.email, firstName: doc.firstName } : null;
  }

  private track(work: Promise<void>): void {
    const tracked = work.catch((error: unknown) =>
      this.logger.error({ err: error }, 'confirmation mail outbox failed'),
    );
    this.running.add(tracked);
    void tracked.finally(() => this.running.delete(tracked));
  }
}
