import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import { systemContext, type CommandContext } from '../../platform/command-context.js';
import type { Config } from '../../platform/config.js';
import { MAIL_TRANSPORT, type MailTransport } from '../../platform/mail/mail.js';
import type { EventStore, Subscription } from '../../platform/event-store/event-store.js';
import { JobRunner } from '../../platform/jobs/job-runner.js';
import { ProjectionEngine } from '../../platform/projection-engine/projection-engine.js';
import { ReadModels } from '../../platform/read-store/read-models.js';
import { CONFIG, EVENT_STORE, LOGGER } from '../../platform/injection-keys.js';
import { pendingConfirmationMailsProjection as pendingMails } from '../../projections/pending-confirmation-mails.js';
import { registrationsProjection } from '../../projections/early-access-registrations.js';
import { confirmationLink, confirmationMail, newConfirmationToken } from './confirmation.js';
import {
  INTEREST_REGISTER_STREAM,
  interestRegister,
  mailIsDue,
  type EarlyAccessCommand,
  type MailOutcome,
} from './early-access.decider.js';

const SWEEP_EVERY_MS = 60_000;
const ACTOR = 'register-interest-outbox';
const JOB = 'confirmation-mails';

export interface Recipient {
  email: string;
  firstName: string;
}

/**
 * The outbox of confirmation mails (docs/design.md §6): decide and append the intent (`ConfirmationMailSending`, with
 * the token's hash), send, append the outcome. Mail goes out from one replica only, the holder of the
 * `confirmation-mails` job: a registration's mail right after it is recorded (by the replica that took it when
 * that is the holder, else by the holder following the log), and a sweep (when the job starts and every minute)
 * sends what is due: retries after a refusal, and sends a crash interrupted.
 * An interrupted send is settled by asking the transport whether it went out — the local outbox knows; SMTP
 * cannot tell, and such a mail is not sent again — so a retry after a crash sends nothing twice.
 */
@Injectable()
export class ConfirmationMails {
  private timer: NodeJS.Timeout | null = null;
  private subscription: Subscription | null = null;
  private readonly running = new Set<Promise<void>>();
  /** Registrations whose mail this replica started as it recorded them: its subscription leaves them alone. */
  private readonly sentHere = new Set<string>();

  constructor(
    private readonly repository: AggregateRepository,
    @Inject(MAIL_TRANSPORT) private readonly transport: MailTransport,
    private readonly reads: ReadModels,
    private readonly engine: ProjectionEngine,
    @Inject(CONFIG) private readonly config: Config,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(EVENT_STORE) private readonly events: EventStore,
    private readonly jobs: JobRunner,
  ) {
    jobs.declare({
      name: JOB,
      description: 'Sends the confirmation mails of registrations of interest, and retries what is due',
      start: () => this.start(),
      stop: () => this.stop(),
    });
  }

  private async start(): Promise<void> {
    this.subscription = this.events.subscribe({
      fromPosition: await this.events.headPosition(),
      eventTypes: ['InterestRegistered'],
      onEvent: (event) => {
        const { registrationId } = event.data as { registrationId: string };
        if (this.sentHere.delete(registrationId)) return;
        // Recorded by another replica: sent from here once the registrations read model has the address.
        this.track(
          this.engine
            .waitFor(event.position, [registrationsProjection.name], 10_000)
            .then(() => this.deliver(registrationId, null, event.metadata.correlationId ?? randomUUID())),
        );
      },
      onError: (error) => this.logger.warn({ err: error }, 'confirmation mail subscription failed; resubscribing'),
    });
    this.timer = setInterval(() => this.track(this.sweep()), SWEEP_EVERY_MS);
    this.timer.unref();
    this.track(this.sweep());
  }

  private async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.subscription?.stop();
    this.subscription = null;
    await Promise.allSettled([...this.running]);
  }

  /**
   * Sends the confirmation mail of a registration just recorded, without holding up the response — when this
   * replica holds the mail job; otherwise the holder sends it, following the log.
   */
  sendSoon(registrationId: string, recipient: Recipient, correlationId: string): void {
    if (!this.jobs.holds(JOB)) return;
    this.sentHere.add(registrationId);
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
      .of(pendingMails)
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

  private async handle(command: EarlyAccessCommand, context: CommandContext) {
    return (await this.repository.handle(interestRegister, INTEREST_REGISTER_STREAM, command, context)).events;
  }

  private async recipientOf(registrationId: string): Promise<Recipient | null> {
    const doc = await this.reads.of(registrationsProjection).get(registrationId);
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
