/**
 * A plan change is asked of the provider outside the stream's lock: the provider moves the subscription and charges
 * the proration, then `PlanChanged` records it. Whatever the stream recorded meanwhile (the user's cancellation from
 * another tab, a provider's past-due event), the move the provider made is recorded, its charge with it.
 */
import { describe, expect, it } from '@jest/globals';
import { AggregateRepository } from '../../platform/aggregate-repository.js';
import { systemContext } from '../../platform/command-context.js';
import { MemoryEventStore } from '../../platform/event-store/memory-event-store.js';
import { billing } from './billing.decider.js';
import { ChangePlanCommand, ChangePlanHandler } from './billing.handlers.js';
import { billingStream } from './events.js';
import type { PaymentProvider, PlanChange, PlanChangeRequest } from './payment-provider.js';

const USER = 'f1e2d3c4-b5a6-4978-8a9b-0c1d2e3f4a5b';
const context = systemContext('test', 'corr-plan-change', '2026-11-27T01:00:00.000Z');

describe('changing plans through the payment provider', () => {
  it('a cancellation recorded while the provider upgrades: the upgrade and its charge are recorded, then the cancellation', async () => {
    const store = new MemoryEventStore();
    const repository = new AggregateRepository(store, { error: () => undefined });
    const stream = billingStream(USER);
    await repository.handle(
      billing,
      stream,
      {
        type: 'StartCheckout',
        replacing: null,
        userId: USER,
        tier: 'professional',
        provider: 'stripe',
        reference: 'sub_1',
        customerId: 'cus_1',
        amountDue: 199,
        setupFeeWaived: false,
      },
      context,
    );
    await repository.handle(
      billing,
      stream,
      {
        type: 'ApplyProviderEvent',
        event: {
          id: 'evt_1',
          created: 100,
          userId: USER,
          reference: 'sub_1',
          change: { kind: 'activated', tier: 'professional', currentPeriodEnd: 2_000, amountPaid: 199 },
        },
      },
      context,
    );
    const moved: PlanChangeRequest[] = [];
    const provider = {
      async changePlan(request: PlanChangeRequest): Promise<PlanChange> {
        moved.push(request);
        // The user cancels in another tab while the provider is moving the plan.
        await repository.handle(billing, stream, { type: 'RequestCancellation', userId: USER }, context);
        return { proration: 400, currentPeriodEnd: 2_000 };
      },
    };
    const handler = new ChangePlanHandler(repository, provider as unknown as PaymentProvider);
    await expect(handler.execute(new ChangePlanCommand(USER, 'enterprise', context))).resolves.toMatchObject({
      tier: 'enterprise',
      proration: 400,
    });
    expect(moved).toHaveLength(1);
    const recorded = await store.readStream(stream);
    expect(recorded.map((e) => e.type)).toEqual([
      'CheckoutStarted',
      'SubscriptionActivated',
      'CancellationScheduled',
      'PlanChanged',
    ]);
    expect(recorded.at(-1)!.data).toMatchObject({ fromTier: 'professional', toTier: 'enterprise', amountCharged: 400 });
    expect((await repository.load(billing, stream)).state).toMatchObject({
      tier: 'enterprise',
      cancelAtPeriodEnd: true,
    });
  });
});
