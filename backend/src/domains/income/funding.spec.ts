/**
 * Funding is an outbox whose recorded thing is the payment at the provider: the attempt is recorded, its payment
 * (Stripe's PaymentIntent) created unconfirmed with the attempt's key and recorded, then confirmed with the owner's
 * card, and the outcome recorded. A crash at any step, a retry with another card, a payment still processing, or a
 * retry after Stripe has forgotten the key: the card is charged once and the distribution funded once. These run the
 * real `stripe` SDK against a local stand-in for Stripe's API (its idempotency included), and the sandbox.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import { systemContext } from '../../platform/command-context.js';
import { MemoryEventStore } from '../../platform/event-store/memory-event-store.js';
import { DISTRIBUTION_MESSAGES as M } from '../../messages.js';
import { StripeStandIn } from '../../testing/stripe-stand-in.js';
import type { OneOffPayment, PaymentMethodInput, PaymentProvider, PaymentStatus } from '../billing/payment-provider.js';
import { SandboxPaymentProvider } from '../billing/sandbox-provider.js';
import { StripePaymentProvider } from '../billing/stripe-provider.js';
import {
  CancelDistributionCommand,
  CancelDistributionHandler,
  FundDistributionCommand,
  FundDistributionHandler,
} from './distribution.handlers.js';
import { approvedDistribution } from './distribution.test-support.js';
import { distributionStream } from './events.js';

const OWNER = 'f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a5b';
const context = systemContext('test', 'corr-funding', '2026-11-27T01:00:00.000Z');
const card = { number: '4242424242424242', expiry: '12/34', cvc: '123' };
const byCard = (paymentMethodId: string): PaymentMethodInput => ({ card: null, paymentMethodId });

type Step = 'createPayment' | 'confirmPayment';

/** A provider killed (once, when asked) right after one of its calls returned, before the answer was recorded. */
class Crashing {
  crashAfter: Step | null = null;
  constructor(private readonly provider: PaymentProvider) {}
  private async step<T>(name: Step, call: () => Promise<T>): Promise<T> {
    const answer = await call();
    if (this.crashAfter === name) {
      this.crashAfter = null;
      throw new Error(`process killed after ${name}`);
    }
    return answer;
  }
  createPayment = (request: OneOffPayment) => this.step('createPayment', () => this.provider.createPayment(request));
  confirmPayment = (reference: string, method: PaymentMethodInput): Promise<PaymentStatus> =>
    this.step('confirmPayment', () => this.provider.confirmPayment(reference, method));
  paymentStatus = (reference: string) => this.provider.paymentStatus(reference);
  checkPaymentMethod = (method: PaymentMethodInput, required: boolean) =>
    this.provider.checkPaymentMethod(method, required);
  cancelPayment = (reference: string) => this.provider.cancelPayment(reference);
  refundOnce = (request: Parameters<PaymentProvider['refundOnce']>[0]) => this.provider.refundOnce(request);
}

/** A fresh process each time: a new repository over the same log, and new handlers. */
function processOver(store: MemoryEventStore, provider: Crashing) {
  const repository = () => new AggregateRepository(store, { error: () => undefined });
  const asProvider = provider as unknown as PaymentProvider;
  return {
    fund: (id: string, method: PaymentMethodInput) =>
      new FundDistributionHandler(repository(), asProvider).execute(
        new FundDistributionCommand(id, OWNER, method, context),
      ),
    cancel: (id: string) =>
      new CancelDistributionHandler(repository(), asProvider).execute(
        new CancelDistributionCommand(
          {
            type: 'CancelDistribution',
            distributionId: id,
            userId: OWNER,
            isAdmin: false,
            reason: 'Sold the building',
          },
          context,
        ),
      ),
  };
}

const types = async (store: MemoryEventStore, id: string) =>
  (await store.readStream(distributionStream(id))).map((e) => e.type);

describe('funding a distribution through Stripe (the SDK against the stand-in)', () => {
  let standIn: StripeStandIn;
  let provider: Crashing;
  beforeAll(async () => {
    standIn = await StripeStandIn.start();
    provider = new Crashing(new StripePaymentProvider(standIn.config));
  });
  afterAll(() => standIn.close());

  /** A new approved distribution of $75.00 to fund, its log and a process over it. */
  async function approved(id: string) {
    const store = new MemoryEventStore();
    await approvedDistribution(new AggregateRepository(store, { error: () => undefined }), id, OWNER, context);
    return { store, app: processOver(store, provider) };
  }
  const intentsOf = (id: string) => standIn.paymentIntents().filter((i) => i.metadata.distributionId === id);
  const confirmsOf = (reference: string) =>
    standIn.requests.filter((r) => r.path === `/v1/payment_intents/${reference}/confirm`);

  it('creates the payment without the card and with the attempt’s key, records it, then confirms it with the card', async () => {
    const id = '11111111-1111-4111-8111-111111111111';
    const { store, app } = await approved(id);
    await app.fund(id, byCard('pm_card_visa'));
    const [intent] = intentsOf(id);
    expect(intentsOf(id)).toHaveLength(1);
    const create = standIn.requests.find(
      (r) => r.path === '/v1/payment_intents' && r.form['metadata[distributionId]'] === id,
    )!;
    const events = await store.readStream(distributionStream(id));
    const attemptId = (events[2]!.data as { attemptId: string }).attemptId;
    expect(create.idempotencyKey).toBe(`distribution-${id}-${attemptId}`);
    expect(create.form).toMatchObject({ amount: '7500', currency: 'nzd', 'metadata[attemptId]': attemptId });
    expect(create.form).not.toHaveProperty('payment_method');
    expect(create.form).not.toHaveProperty('confirm');
    expect(confirmsOf(intent!.id).map((r) => r.form.payment_method)).toEqual(['pm_card_visa']);
    expect(events.map((e) => e.type)).toEqual([
      'DistributionDeclared',
      'DistributionApproved',
      'DistributionFundingStarted',
      'DistributionFundingIntentCreated',
      'DistributionFunded',
    ]);
    expect(events[3]!.data).toMatchObject({ attemptId, reference: intent!.id });
    expect(events[4]!.data).toMatchObject({ attemptId, reference: intent!.id, amount: 75_00 });
  });

  it('a crash between creating the payment and recording it: the retry gets the same payment back and charges once', async () => {
    const id = '22222222-2222-4222-8222-222222222222';
    const { store, app } = await approved(id);
    provider.crashAfter = 'createPayment';
    await expect(app.fund(id, byCard('pm_card_visa'))).rejects.toThrow('process killed after createPayment');
    expect(await types(store, id)).toEqual([
      'DistributionDeclared',
      'DistributionApproved',
      'DistributionFundingStarted',
    ]);
    // The Payment Element makes a new pm_ for the retry: the create's parameters do not name it, so Stripe answers
    // the same key with the same intent.
    await processOver(store, provider).fund(id, byCard('pm_card_mastercard'));
    expect(intentsOf(id)).toEqual([expect.objectContaining({ status: 'succeeded' })]);
    const creates = standIn.requests.filter(
      (r) => r.path === '/v1/payment_intents' && r.form['metadata[distributionId]'] === id,
    );
    expect(creates).toHaveLength(2);
    expect(creates[1]!.idempotencyKey).toBe(creates[0]!.idempotencyKey);
    expect(confirmsOf(intentsOf(id)[0]!.id).map((r) => r.form.payment_method)).toEqual(['pm_card_mastercard']);
    expect((await types(store, id)).slice(2)).toEqual([
      'DistributionFundingStarted',
      'DistributionFundingIntentCreated',
      'DistributionFunded',
    ]);
    await expect(app.fund(id, byCard('pm_card_visa'))).rejects.toThrow(M.notApproved);
  });

  it('a crash after Stripe charged and before the record: the retry, with another card, finds it paid and charges nothing more', async () => {
    const id = '33333333-3333-4333-8333-333333333333';
    const { store, app } = await approved(id);
    provider.crashAfter = 'confirmPayment';
    await expect(app.fund(id, byCard('pm_card_visa'))).rejects.toThrow('process killed after confirmPayment');
    const [intent] = intentsOf(id);
    expect(intent!.status).toBe('succeeded');
    expect(await types(store, id)).toContain('DistributionFundingIntentCreated');
    expect(await types(store, id)).not.toContain('DistributionFunded');
    // Another card now: before, the same key with a new pm_ was refused by Stripe (502) and the attempt stuck.
    await processOver(store, provider).fund(id, byCard('pm_card_mastercard'));
    expect(intentsOf(id)).toHaveLength(1);
    expect(confirmsOf(intent!.id)).toHaveLength(1);
    const events = await store.readStream(distributionStream(id));
    expect(events.filter((e) => e.type === 'DistributionFunded').map((e) => e.data)).toEqual([
      expect.objectContaining({ reference: intent!.id, amount: 75_00 }),
    ]);
  });

  it('a retry after Stripe forgot the key (more than 24 hours later) asks the recorded payment, so it is never charged twice', async () => {
    const id = '44444444-4444-4444-8444-444444444444';
    const { store, app } = await approved(id);
    provider.crashAfter = 'confirmPayment';
    await expect(app.fund(id, byCard('pm_card_visa'))).rejects.toThrow('process killed');
    standIn.forgetIdempotencyKeys();
    await processOver(store, provider).fund(id, byCard('pm_card_visa'));
    // A create with the old key now would have made a second intent, and a second charge.
    expect(intentsOf(id)).toEqual([expect.objectContaining({ status: 'succeeded' })]);
    expect(
      standIn.requests.filter((r) => r.path === '/v1/payment_intents' && r.form['metadata[distributionId]'] === id),
    ).toHaveLength(1);
    expect((await types(store, id)).filter((t) => t === 'DistributionFunded')).toHaveLength(1);
  });

  it('a payment still processing stays pending (409, saying so, no second charge); once Stripe says succeeded, it is funded once', async () => {
    const id = '55555555-5555-4555-8555-555555555555';
    const { store, app } = await approved(id);
    standIn.processNextConfirm = true;
    await expect(app.fund(id, byCard('pm_card_visa'))).rejects.toMatchObject({
      status: 409,
      message: M.fundingProcessing,
    });
    const [intent] = intentsOf(id);
    expect(intent!.status).toBe('processing');
    // Asked again while it processes: the same answer, no new confirmation; and it cannot be cancelled now.
    await expect(app.fund(id, byCard('pm_card_mastercard'))).rejects.toMatchObject({ message: M.fundingProcessing });
    await expect(app.cancel(id)).rejects.toMatchObject({ status: 409, message: M.fundingUnderWay });
    expect(confirmsOf(intent!.id)).toHaveLength(1);
    expect(await types(store, id)).not.toContain('DistributionFundingFailed');
    standIn.settle(intent!.id, 'succeeded');
    await app.fund(id, byCard('pm_card_mastercard'));
    expect(confirmsOf(intent!.id)).toHaveLength(1);
    expect(intentsOf(id)).toHaveLength(1);
    expect((await types(store, id)).slice(2)).toEqual([
      'DistributionFundingStarted',
      'DistributionFundingIntentCreated',
      'DistributionFunded',
    ]);
  });

  it('a bank asking to authenticate is not paid yet, not failed: pending, and a cancellation stops it at Stripe first', async () => {
    const id = '66666666-6666-4666-8666-666666666666';
    const { store, app } = await approved(id);
    await expect(app.fund(id, byCard('pm_card_authenticationRequired'))).rejects.toMatchObject({
      status: 409,
      message: M.fundingActionRequired,
    });
    const [intent] = intentsOf(id);
    expect(intent!.status).toBe('requires_action');
    await app.cancel(id);
    expect(standIn.statusOf(intent!.id)).toBe('canceled');
    const events = await store.readStream(distributionStream(id));
    expect(events.slice(3).map((e) => e.type)).toEqual([
      'DistributionFundingIntentCreated',
      'DistributionFundingFailed',
      'DistributionCancelled',
    ]);
    expect(events.at(-1)!.data).toMatchObject({ refundDue: 0 });
  });

  it('a declined card: the payment is cancelled at Stripe before the failure is recorded; the next try is a new attempt and payment', async () => {
    const id = '77777777-7777-4777-8777-777777777777';
    const { store, app } = await approved(id);
    await expect(app.fund(id, byCard('pm_card_chargeDeclined'))).rejects.toMatchObject({
      status: 402,
      message: 'Your card was declined.',
    });
    expect(intentsOf(id).map((i) => i.status)).toEqual(['canceled']);
    await app.fund(id, byCard('pm_card_visa'));
    expect(intentsOf(id).map((i) => i.status)).toEqual(['canceled', 'succeeded']);
    const keys = standIn.requests
      .filter((r) => r.path === '/v1/payment_intents' && r.form['metadata[distributionId]'] === id)
      .map((r) => r.idempotencyKey);
    expect(new Set(keys).size).toBe(2);
    expect((await types(store, id)).slice(2)).toEqual([
      'DistributionFundingStarted',
      'DistributionFundingIntentCreated',
      'DistributionFundingFailed',
      'DistributionFundingStarted',
      'DistributionFundingIntentCreated',
      'DistributionFunded',
    ]);
  });

  it('cancelling while an attempt is pending: never confirmed is cancelled at Stripe; charged meanwhile is recorded and owed back', async () => {
    const never = '88888888-8888-4888-8888-888888888888';
    const first = await approved(never);
    provider.crashAfter = 'confirmPayment';
    // A crash after the record and before the confirmation is the same as one after it, for Stripe: make the
    // intent unconfirmed again (as if the confirmation never reached Stripe).
    await expect(first.app.fund(never, byCard('pm_card_visa'))).rejects.toThrow('process killed');
    const [unconfirmed] = intentsOf(never);
    standIn.settle(unconfirmed!.id, 'requires_payment_method');
    await first.app.cancel(never);
    expect(standIn.statusOf(unconfirmed!.id)).toBe('canceled');
    expect((await types(first.store, never)).slice(-2)).toEqual(['DistributionFundingFailed', 'DistributionCancelled']);

    const charged = '99999999-9999-4999-8999-999999999999';
    const second = await approved(charged);
    provider.crashAfter = 'confirmPayment';
    await expect(second.app.fund(charged, byCard('pm_card_visa'))).rejects.toThrow('process killed');
    await second.app.cancel(charged);
    const events = await second.store.readStream(distributionStream(charged));
    expect(events.slice(-2).map((e) => e.type)).toEqual(['DistributionFunded', 'DistributionCancelled']);
    expect(events.at(-1)!.data).toMatchObject({ refundDue: 75_00 });
    expect(intentsOf(charged)).toEqual([expect.objectContaining({ status: 'succeeded' })]);
  });

  it('cancelling after a crash before the payment was recorded: never confirmed, so recorded failed without asking Stripe', async () => {
    const id = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
    const { store, app } = await approved(id);
    provider.crashAfter = 'createPayment';
    await expect(app.fund(id, byCard('pm_card_visa'))).rejects.toThrow('process killed');
    const before = standIn.requests.length;
    await app.cancel(id);
    expect(standIn.requests.length).toBe(before);
    expect((await types(store, id)).slice(2)).toEqual([
      'DistributionFundingStarted',
      'DistributionFundingFailed',
      'DistributionCancelled',
    ]);
  });

  it('an attempt the old code charged at once (its payment never recorded): a cancellation is still refused, Stripe untouched', async () => {
    const id = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
    const { store, app } = await approved(id);
    await store.append(
      distributionStream(id),
      [
        {
          type: 'DistributionFundingStarted',
          data: { distributionId: id, assetId: 'a-1', attemptId: 'att-v1', amount: 75_00, method: 'card' },
          metadata: {
            eventId: 'e0e0e0e0-0000-4000-8000-000000000001',
            schemaVersion: 1,
            occurredAt: context.now,
            actor: context.actor,
            correlationId: context.correlationId,
            causationId: null,
          },
        },
      ],
      1,
    );
    const before = standIn.requests.length;
    await expect(app.cancel(id)).rejects.toMatchObject({ status: 409, message: M.fundingUnderWay });
    expect(standIn.requests.length).toBe(before);
    expect((await types(store, id)).at(-1)).toBe('DistributionFundingStarted');
  });
});

describe('funding a distribution through the sandbox', () => {
  it('a crash between the charge and its record: the retry charges nothing more and funds once', async () => {
    const id = '0b6c1b9e-1f3c-4f6a-9a61-2c3d4e5f6a71';
    const store = new MemoryEventStore();
    await approvedDistribution(new AggregateRepository(store, { error: () => undefined }), id, OWNER, context);
    const sandbox = new SandboxPaymentProvider();
    const confirmed: string[] = [];
    const counting = new Crashing({
      ...sandbox,
      createPayment: (r: OneOffPayment) => sandbox.createPayment(r),
      paymentStatus: (r: string) => sandbox.paymentStatus(r),
      checkPaymentMethod: (m: PaymentMethodInput, required: boolean) => sandbox.checkPaymentMethod(m, required),
      cancelPayment: (r: string) => sandbox.cancelPayment(r),
      refundOnce: (r: Parameters<PaymentProvider['refundOnce']>[0]) => sandbox.refundOnce(r),
      confirmPayment: async (reference: string, method: PaymentMethodInput) => {
        const status = await sandbox.confirmPayment(reference, method);
        if (status.kind === 'paid') confirmed.push(reference);
        return status;
      },
    } as unknown as PaymentProvider);
    counting.crashAfter = 'confirmPayment';
    const app = processOver(store, counting);
    await expect(app.fund(id, { card, paymentMethodId: null })).rejects.toThrow('process killed');
    await processOver(store, counting).fund(id, { card, paymentMethodId: null });
    await expect(app.fund(id, { card, paymentMethodId: null })).rejects.toThrow(M.notApproved);
    expect(confirmed).toHaveLength(1);
    expect((await types(store, id)).slice(2)).toEqual([
      'DistributionFundingStarted',
      'DistributionFundingIntentCreated',
      'DistributionFunded',
    ]);
  });

  it('a funding due below Stripe’s smallest charge is refused as Stripe refuses it: 422, nothing charged, the attempt failed', async () => {
    const id = '0b6c1b9e-1f3c-4f6a-9a61-2c3d4e5f6a72';
    const store = new MemoryEventStore();
    // $0.40 declared, three of four tokens with another holder: $0.30 due.
    await approvedDistribution(
      new AggregateRepository(store, { error: () => undefined }),
      id,
      OWNER,
      context,
      'a-1',
      '0.40',
    );
    const refused = processOver(store, new Crashing(new SandboxPaymentProvider())).fund(id, {
      card,
      paymentMethodId: null,
    });
    await expect(refused).rejects.toMatchObject({
      status: 422,
      message: M.fundingTooSmall('Amount must be at least $0.50 nzd'),
    });
    expect((await types(store, id)).slice(2)).toEqual(['DistributionFundingStarted', 'DistributionFundingFailed']);
  });
});
