import { randomUUID } from 'node:crypto';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import { systemContext } from '../../platform/command-context.js';
import type { Config } from '../../platform/config.js';
import { MemoryEventStore } from '../../platform/event-store/memory-event-store.js';
import { createLogger } from '../../platform/logging.js';
import type { MailMessage, MailTransport } from '../../platform/mail/mail.js';
import { JobRunner } from '../../platform/jobs/job-runner.js';
import { LocalLeases } from '../../platform/jobs/leases.js';
import { ProjectionEngine } from '../../platform/projection-engine/projection-engine.js';
import { MemoryReadStore } from '../../platform/read-store/memory-read-store.js';
import type { Projection } from '../../platform/projection-engine/projection.js';
import type { Doc } from '../../platform/read-store/read-store.js';
import { pendingConfirmationMailsProjection } from '../../projections/pending-confirmation-mails.js';
import { registrationsProjection } from '../../projections/early-access-registrations.js';
import { readConfirmationToken } from './confirmation.js';
import { ConfirmationMails } from './confirmation-mails.js';
import { INTEREST_REGISTER_STREAM, interestRegister } from './early-access.decider.js';
import { ReadModels } from '../../platform/read-store/read-models.js';

const at = '2026-11-22T09:00:00.000Z';
const minutesLater = (m: number) => new Date(Date.parse(at) + m * 60_000).toISOString();
const recipient = { email: 'aroha@example.nz', firstName: 'Aroha' };

/** Records what it is given; `delivered` answers as the local outbox (true/false) or SMTP (null) would. */
class FakeTransport implements MailTransport {
  readonly kind = 'outbox' as const;
  readonly sent: MailMessage[] = [];
  refuse = false;
  constructor(private readonly knows: boolean) {}
  async send(message: MailMessage) {
    if (this.refuse) throw Object.assign(new Error(`550 no such user ${message.to}`), { code: 'EENVELOPE' });
    this.sent.push(message);
  }
  async delivered(id: string) {
    return this.knows ? this.sent.some((m) => m.id === id) : null;
  }
  async close() {}
}

async function setUp(knows: boolean) {
  const store = new MemoryEventStore();
  const repository = new AggregateRepository(store, { error: () => undefined });
  const transport = new FakeTransport(knows);
  const config = { publicUrl: 'https://kauri.example.nz' } as Config;
  const reads = new MemoryReadStore();
  // The read models the sweep uses: the address (registrations) and what is due (pending mails).
  const projections = [registrationsProjection, pendingConfirmationMailsProjection] as Projection<Doc>[];
  const engine = new ProjectionEngine(store, reads, projections);
  engines.push(engine);
  await engine.start();
  const logger = createLogger('silent');
  const jobs = new JobRunner(
    new LocalLeases(),
    () => engine.appliedThrough(),
    () => store.headPosition(),
    logger,
  );
  const mails = new ConfirmationMails(
    repository,
    transport,
    new ReadModels(reads),
    engine,
    config,
    logger,
    store,
    jobs,
  );
  const registrationId = randomUUID();
  await repository.handle(
    interestRegister,
    INTEREST_REGISTER_STREAM,
    {
      type: 'RegisterInterest',
      registrationId,
      registrant: {
        firstName: 'Aroha',
        lastName: 'Ngata',
        email: recipient.email,
        phone: '0211234567',
        dateOfBirth: '1980-01-01',
        city: 'Nelson',
        occupation: 'Nurse',
        additionalInfo: null,
      },
      country: 'nz',
      investmentInterest: ['residential'],
      investmentAmount: '10k-50k',
      experience: 'beginner',
      agreeToTerms: true,
      agreeToContact: true,
      emailKeys: ['k'],
      forgotten: [],
      at,
    },
    systemContext('test', 'c', at),
  );
  const types = async () => (await store.readStream(INTEREST_REGISTER_STREAM)).map((e) => e.type);
  /** A crash right after the intent was appended: the claim is recorded, the process dies before sending. */
  const crashAfterIntent = async (when: string) => {
    const send = transport.send.bind(transport);
    transport.send = () => new Promise<void>(() => undefined);
    void mails.deliver(registrationId, recipient, 'c', when);
    await new Promise((r) => setTimeout(r, 20));
    transport.send = send;
  };
  return { store, repository, transport, mails, registrationId, types, crashAfterIntent };
}

const engines: ProjectionEngine[] = [];
afterEach(async () => {
  for (const engine of engines.splice(0)) await engine.stop();
});

describe('the confirmation mail outbox', () => {
  it('appends the intent, sends one mail with a working link, appends the outcome; again does nothing', async () => {
    const { transport, mails, registrationId, types, store } = await setUp(true);
    await mails.deliver(registrationId, recipient, 'c', at);
    await mails.deliver(registrationId, recipient, 'c', at);
    await mails.sweep(minutesLater(60));
    expect(await types()).toEqual(['InterestRegistered', 'ConfirmationMailSending', 'ConfirmationMailSent']);
    expect(transport.sent).toHaveLength(1);
    const [mail] = transport.sent;
    expect(mail).toMatchObject({ to: 'aroha@example.nz', subject: 'Confirm your registration of interest in Kauri' });
    const token = /confirm\?token=(\S+)/.exec(mail!.text)![1]!;
    expect(mail!.text).toContain(`https://kauri.example.nz/register-interest/confirm?token=${token}`);
    const intent = (await store.readStream(INTEREST_REGISTER_STREAM))[1]!;
    expect(intent.data).toMatchObject({
      messageId: mail!.id,
      tokenHash: readConfirmationToken(decodeURIComponent(token))!.tokenHash,
    });
    // Only the hash is recorded, never the token.
    expect(JSON.stringify(await store.readAll())).not.toContain(decodeURIComponent(token).split('.')[1]);
  });

  it('a refused mail is retried after a minute, with a new link', async () => {
    const { transport, mails, registrationId, types } = await setUp(true);
    transport.refuse = true;
    await mails.deliver(registrationId, recipient, 'c', at);
    transport.refuse = false;
    await mails.sweep(minutesLater(0.5));
    expect(transport.sent).toHaveLength(0);
    await mails.sweep(minutesLater(1));
    expect(transport.sent).toHaveLength(1);
    expect(await types()).toEqual([
      'InterestRegistered',
      'ConfirmationMailSending',
      'ConfirmationMailFailed',
      'ConfirmationMailSending',
      'ConfirmationMailSent',
    ]);
  });

  it('after a crash mid-send, a transport that can tell: a mail that went out is recorded as sent', async () => {
    const { transport, mails, types, crashAfterIntent, store } = await setUp(true);
    await crashAfterIntent(at);
    // The crash came after the transport took the message: it is in the outbox, without an outcome recorded.
    const intent = (await store.readStream(INTEREST_REGISTER_STREAM))[1]!.data as { messageId: string };
    transport.sent.push({ id: intent.messageId, to: recipient.email, subject: '', text: '' });
    await mails.sweep(minutesLater(4));
    expect(await types()).toEqual(['InterestRegistered', 'ConfirmationMailSending']);
    await mails.sweep(minutesLater(5));
    await mails.sweep(minutesLater(60));
    expect(await types()).toEqual(['InterestRegistered', 'ConfirmationMailSending', 'ConfirmationMailSent']);
    expect(transport.sent).toHaveLength(1);
  });

  it('after a crash mid-send: not delivered → sent again with a new link; SMTP cannot tell → never', async () => {
    const outbox = await setUp(true);
    await outbox.crashAfterIntent(at);
    await outbox.mails.sweep(minutesLater(5));
    expect(await outbox.types()).toEqual(['InterestRegistered', 'ConfirmationMailSending', 'ConfirmationMailFailed']);
    await outbox.mails.sweep(minutesLater(6));
    expect(outbox.transport.sent).toHaveLength(1);
    expect((await outbox.types()).slice(-2)).toEqual(['ConfirmationMailSending', 'ConfirmationMailSent']);

    const smtp = await setUp(false);
    await smtp.crashAfterIntent(at);
    await smtp.mails.sweep(minutesLater(5));
    await smtp.mails.sweep(minutesLater(60));
    expect(smtp.transport.sent).toHaveLength(0);
    const failed = (await smtp.store.readStream(INTEREST_REGISTER_STREAM)).at(-1)!;
    expect(failed).toMatchObject({ type: 'ConfirmationMailFailed', data: { reason: 'interrupted', retryAt: null } });
  });
});
