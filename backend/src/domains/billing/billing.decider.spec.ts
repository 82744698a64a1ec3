import { specify } from '../../testing/decider-spec.js';
import {
  ALREADY_SUBSCRIBED,
  CHECKOUT_CHANGED,
  billing,
  CHANGE_TO_STARTER,
  CHANGE_WHILE_ENDING,
  CHANGE_WHILE_PAST_DUE,
  NO_PLAN_TO_CHANGE,
  SAME_PLAN,
  NOTHING_TO_CANCEL,
  STARTER_NOT_CANCELLABLE,
  planChangeRefusal,
  type BillingCommand,
} from './billing.decider.js';
import { eventMisfit } from '../../platform/event-schema.js';
import type { RecordedEvent } from '../../platform/event-store/event-store.js';
import { upcasters } from '../upcasters.js';
import { billingEventSchemas, type BillingEvent, type PlanChanged } from './events.js';

import type { ProviderChange } from './payment-provider.js';

const userId = 'u-1';
const { given } = specify(billing);

const checkout = (
  tier: 'starter' | 'professional' | 'enterprise',
  reference: string,
  replacing: string | null = null,
): BillingCommand => ({
  type: 'StartCheckout',
  replacing,
  userId,
  tier,
  provider: 'stripe',
  reference,
  customerId: 'cus_1',
  amountDue: tier === 'starter' ? 5000 : tier === 'professional' ? 199 : 999,
  setupFeeWaived: false,
});
const started = (tier: 'starter' | 'professional', reference: string): BillingEvent => {
  const {
    type: _t,
    replacing: _r,
    ...data
  } = checkout(tier, reference) as Extract<BillingCommand, { type: 'StartCheckout' }>;
  return { type: 'CheckoutStarted', data };
};
const provider = (id: string, created: number, reference: string, change: ProviderChange): BillingCommand => ({
  type: 'ApplyProviderEvent',
  event: { id, created, userId, reference, change },
});
const activated = (
  reference: string,
  tier: 'starter' | 'professional' = 'professional',
  created = 100,
): BillingEvent => ({
  type: 'SubscriptionActivated',
  data: {
    providerEventId: `evt_${created}`,
    providerCreatedAt: created,
    userId,
    tier,
    reference,
    currentPeriodEnd: tier === 'starter' ? null : 2_000,
    amountPaid: tier === 'starter' ? 5000 : 199,
  },
});

describe('Billing decider', () => {
  it('given nothing, when a checkout starts, then CheckoutStarted (status incomplete until the provider confirms)', () => {
    expect(given([]).when(checkout('professional', 'sub_1'))).toEqual({
      events: [started('professional', 'sub_1')],
      error: null,
    });
  });

  it("given a pending checkout, when the provider's payment succeeds, then SubscriptionActivated stamped with the provider's event", () => {
    const { events } = given([started('professional', 'sub_1')]).when(
      provider('evt_100', 100, 'sub_1', {
        kind: 'activated',
        tier: 'professional',
        currentPeriodEnd: 2_000,
        amountPaid: 199,
      }),
    );
    expect(events).toEqual([activated('sub_1')]);
  });

  it('given an activation, when the same webhook arrives again, then nothing changes', () => {
    const again = provider('evt_100', 100, 'sub_1', {
      kind: 'activated',
      tier: 'professional',
      currentPeriodEnd: 2_000,
      amountPaid: 199,
    });
    expect(given([started('professional', 'sub_1'), activated('sub_1')]).when(again)).toEqual({
      events: [],
      error: null,
    });
  });

  it('given a renewal, when an older past-due event arrives late, then it does not undo the newer state', () => {
    const renewed: BillingEvent = {
      type: 'SubscriptionRenewed',
      data: {
        providerEventId: 'evt_300',
        providerCreatedAt: 300,
        userId,
        reference: 'sub_1',
        currentPeriodEnd: 4_000,
        amountPaid: 199,
      },
    };
    expect(
      given([started('professional', 'sub_1'), activated('sub_1'), renewed]).when(
        provider('evt_250', 250, 'sub_1', { kind: 'past_due' }),
      ).events,
    ).toEqual([]);
  });

  it('given an active plan, when a renewal fails, then PaymentFailed and SubscriptionPastDue; a later payment renews it', () => {
    const history = [started('professional', 'sub_1'), activated('sub_1')];
    expect(
      given(history).when(
        provider('evt_200', 200, 'sub_1', { kind: 'payment_failed', reason: 'Your card was declined.' }),
      ).events,
    ).toEqual([
      {
        type: 'PaymentFailed',
        data: {
          providerEventId: 'evt_200',
          providerCreatedAt: 200,
          userId,
          reference: 'sub_1',
          reason: 'Your card was declined.',
        },
      },
    ]);
    const pastDue: BillingEvent = {
      type: 'SubscriptionPastDue',
      data: { providerEventId: 'evt_201', providerCreatedAt: 201, userId, reference: 'sub_1' },
    };
    expect(given(history).when(provider('evt_201', 201, 'sub_1', { kind: 'past_due' })).events).toEqual([pastDue]);
    expect(
      given([...history, pastDue]).when(
        provider('evt_300', 300, 'sub_1', { kind: 'renewed', currentPeriodEnd: 4_000, amountPaid: 199 }),
      ).events,
    ).toEqual([
      {
        type: 'SubscriptionRenewed',
        data: {
          providerEventId: 'evt_300',
          providerCreatedAt: 300,
          userId,
          reference: 'sub_1',
          currentPeriodEnd: 4_000,
          amountPaid: 199,
        },
      },
    ]);
  });

  it('given an event about another subscription, then nothing changes', () => {
    expect(
      given([started('professional', 'sub_1'), activated('sub_1')]).when(
        provider('evt_400', 400, 'sub_other', { kind: 'canceled' }),
      ).events,
    ).toEqual([]);
  });

  it('given an active monthly plan, when the user cancels, then CancellationScheduled to the end of the period; cancelling twice changes nothing', () => {
    const history = [started('professional', 'sub_1'), activated('sub_1')];
    const scheduled: BillingEvent = {
      type: 'CancellationScheduled',
      data: { userId, reference: 'sub_1', currentPeriodEnd: 2_000, requestedBy: 'user', providerEventId: null },
    };
    expect(given(history).when({ type: 'RequestCancellation', userId }).events).toEqual([scheduled]);
    expect(given([...history, scheduled]).when({ type: 'RequestCancellation', userId }).events).toEqual([]);
    expect(given([...history, scheduled]).when(provider('evt_500', 500, 'sub_1', { kind: 'canceled' })).events).toEqual(
      [
        {
          type: 'SubscriptionCanceled',
          data: { providerEventId: 'evt_500', providerCreatedAt: 500, userId, reference: 'sub_1' },
        },
      ],
    );
  });

  it('refuses to cancel the one-time Starter plan, or a plan that is not active', () => {
    expect(
      given([started('starter', 'pi_1'), activated('pi_1', 'starter')]).when({ type: 'RequestCancellation', userId })
        .error,
    ).toMatchObject({ message: STARTER_NOT_CANCELLABLE, status: 409 });
    expect(given([]).when({ type: 'RequestCancellation', userId }).error).toMatchObject({
      message: NOTHING_TO_CANCEL,
      status: 409,
    });
  });

  it('refuses a second checkout while a monthly plan is active, but lets a Starter owner upgrade', () => {
    expect(
      given([started('professional', 'sub_1'), activated('sub_1')]).when(checkout('enterprise', 'sub_2')).error,
    ).toMatchObject({ message: ALREADY_SUBSCRIBED('professional'), status: 409 });
    expect(
      given([started('starter', 'pi_1'), activated('pi_1', 'starter')]).when(checkout('professional', 'sub_2')).error,
    ).toBeNull();
  });

  it('given a checkout waiting, a new one replaces only the one its handler abandoned at the provider', () => {
    const waiting = [started('professional', 'sub_a')];
    expect(given(waiting).when(checkout('starter', 'pi_b'))).toMatchObject({
      events: null,
      error: { message: CHECKOUT_CHANGED, status: 409 },
    });
    expect(given(waiting).when(checkout('starter', 'pi_b', 'sub_b'))).toMatchObject({ events: null });
    expect(given(waiting).when(checkout('starter', 'pi_b', 'sub_a'))).toEqual({
      events: [started('starter', 'pi_b')],
      error: null,
    });
    expect(given([...waiting, started('starter', 'pi_b')]).state.pending).toMatchObject({ reference: 'pi_b' });
    // Nothing waiting: a checkout names none.
    expect(given([]).when(checkout('starter', 'pi_b', 'sub_a'))).toMatchObject({ events: null });
  });

  it('when an early-access registrant takes the Starter plan, then it is active at once with nothing paid', () => {
    const { events } = given([]).when({
      type: 'ActivateWaivedPlan',
      replacing: null,
      userId,
      tier: 'starter',
      reference: 'waived_1',
      at: 100,
    });
    expect(events?.map((e) => e.type)).toEqual(['CheckoutStarted', 'SubscriptionActivated']);
    expect(events?.[1]?.data).toMatchObject({ tier: 'starter', amountPaid: 0, currentPeriodEnd: null });
  });

  it('a waived plan, like a checkout, replaces only the checkout its handler abandoned at the provider', () => {
    const waive = (replacing: string | null): BillingCommand => ({
      type: 'ActivateWaivedPlan',
      replacing,
      userId,
      tier: 'starter',
      reference: 'waived_1',
      at: 100,
    });
    // The handler abandoned sub_a; another tab's checkout (sub_b, payable) was recorded meanwhile. Activating now
    // would clear sub_b from the stream while it stays payable: paying it would charge for a plan the stream ignores.
    const meanwhile = [started('professional', 'sub_a'), started('professional', 'sub_b')];
    expect(given(meanwhile).when(waive('sub_a'))).toMatchObject({
      events: null,
      error: { message: CHECKOUT_CHANGED, status: 409 },
    });
    expect(given([started('professional', 'sub_b')]).when(waive(null))).toMatchObject({ events: null });
    expect(
      given([started('professional', 'sub_a')])
        .when(waive('sub_a'))
        .events?.map((e) => e.type),
    ).toEqual(['CheckoutStarted', 'SubscriptionActivated']);
  });

  describe('changing plans', () => {
    const change = (tier: 'starter' | 'professional' | 'enterprise', proration: number): BillingCommand => ({
      type: 'ChangePlan',
      userId,
      tier,
      reference: 'sub_1',
      proration,
      currentPeriodEnd: 2_000,
    });
    const professional = [started('professional', 'sub_1'), activated('sub_1')];
    /** The user's upgrade of sub_1 from Professional to Enterprise, with what a test changes of it. */
    const planChanged = (data: Partial<PlanChanged['data']> = {}): PlanChanged => ({
      type: 'PlanChanged',
      data: {
        userId,
        reference: 'sub_1',
        fromTier: 'professional',
        toTier: 'enterprise',
        amountCharged: 400,
        amountCredited: 0,
        currentPeriodEnd: 2_000,
        requestedBy: 'user',
        providerEventId: null,
        ...data,
      },
    });
    const upgraded = planChanged();

    it("reads a PlanChanged stored at version 1 as the user's change (upcast), and writes version 2", () => {
      const { requestedBy: _r, providerEventId: _p, ...v1 } = upgraded.data;
      const lifted = upcasters.upcast({
        type: 'PlanChanged',
        data: v1,
        metadata: { schemaVersion: 1 },
      } as unknown as RecordedEvent);
      expect(lifted.data).toEqual(upgraded.data);
      expect(eventMisfit(billingEventSchemas, { type: 'PlanChanged', data: lifted.data })).toBeNull();
      expect(upcasters.versionOf('PlanChanged')).toBe(2);
    });

    it('given a running Professional plan, when the user upgrades to Enterprise, then PlanChanged with the prorated charge; the plan is Enterprise', () => {
      expect(given(professional).when(change('enterprise', 400)).events).toEqual([upgraded]);
      expect(given([...professional, upgraded]).state).toMatchObject({
        status: 'active',
        tier: 'enterprise',
        reference: 'sub_1',
      });
    });

    it('given Enterprise, when the user downgrades to Professional, then PlanChanged with the credit (negative)', () => {
      expect(given([...professional, upgraded]).when(change('professional', -300)).events).toEqual([
        planChanged({ fromTier: 'enterprise', toTier: 'professional', amountCharged: 0, amountCredited: 300 }),
      ]);
    });

    it('refuses a change with no running monthly plan, to the same plan, to Starter; before the provider, past due or while the plan is set to end', () => {
      const refused = (history: BillingEvent[], tier: 'starter' | 'professional' | 'enterprise') =>
        given(history).when(change(tier, 0)).error ?? planChangeRefusal(given(history).state, tier);
      expect(refused([], 'enterprise')).toMatchObject({ message: NO_PLAN_TO_CHANGE, status: 409 });
      expect(refused([started('starter', 'pi_1'), activated('pi_1', 'starter')], 'professional')).toMatchObject({
        message: NO_PLAN_TO_CHANGE,
      });
      expect(refused(professional, 'professional')).toMatchObject({ message: SAME_PLAN('professional') });
      expect(refused(professional, 'starter')).toMatchObject({ message: CHANGE_TO_STARTER });
      const pastDue: BillingEvent = {
        type: 'SubscriptionPastDue',
        data: { providerEventId: 'evt_200', providerCreatedAt: 200, userId, reference: 'sub_1' },
      };
      expect(refused([...professional, pastDue], 'enterprise')).toMatchObject({ message: CHANGE_WHILE_PAST_DUE });
      const ending: BillingEvent = {
        type: 'CancellationScheduled',
        data: { userId, reference: 'sub_1', currentPeriodEnd: 2_000, requestedBy: 'user', providerEventId: null },
      };
      expect(refused([...professional, ending], 'enterprise')).toMatchObject({ message: CHANGE_WHILE_ENDING });
      // Rules the handler checks before the provider is asked: the decider's own refusals are these plus those.
      for (const history of [professional, [...professional, pastDue], [...professional, ending]])
        for (const tier of ['starter', 'professional', 'enterprise'] as const)
          if (given(history).when(change(tier, 0)).error)
            expect(planChangeRefusal(given(history).state, tier)).not.toBeNull();
    });

    it('a cancellation scheduled or a renewal failed while the provider moved the plan: the move, its proration charged, is still recorded', () => {
      // The handler found a running Professional plan and the provider upgraded it (and charged the proration); the
      // user's cancellation (another tab) or the provider's past-due event was recorded in between. Refusing now
      // would leave the charge and the Enterprise subscription unrecorded, the log on Professional.
      const ending: BillingEvent = {
        type: 'CancellationScheduled',
        data: { userId, reference: 'sub_1', currentPeriodEnd: 2_000, requestedBy: 'user', providerEventId: null },
      };
      const pastDue: BillingEvent = {
        type: 'SubscriptionPastDue',
        data: { providerEventId: 'evt_200', providerCreatedAt: 200, userId, reference: 'sub_1' },
      };
      expect(given([...professional, ending]).when(change('enterprise', 400)).events).toEqual([upgraded]);
      expect(given([...professional, ending, upgraded]).state).toMatchObject({
        tier: 'enterprise',
        cancelAtPeriodEnd: true,
      });
      expect(given([...professional, pastDue]).when(change('enterprise', 400)).events).toEqual([upgraded]);
      // Two upgrades at once: the provider moved it once; the later finds it recorded and is refused, nothing twice.
      expect(given([...professional, upgraded]).when(change('enterprise', 400)).error).toMatchObject({
        message: SAME_PLAN('enterprise'),
        status: 409,
      });
    });

    it('refuses to record a change on another subscription than the running one, or a proration that is not a number', () => {
      expect(
        given(professional).when({ ...change('enterprise', 1), reference: 'sub_other' } as BillingCommand).error,
      ).toMatchObject({ status: 502 });
      expect(given(professional).when(change('enterprise', Number.NaN)).error).toMatchObject({ status: 422 });
    });

    describe("the provider's record of the subscription (plan_changed: its tier read from the provider now)", () => {
      const billed = (id: string, reference: string, tier: 'starter' | 'professional' | 'enterprise', created = 150) =>
        provider(id, created, reference, { kind: 'plan_changed', tier });
      const fromProvider = planChanged({
        amountCharged: null,
        amountCredited: null,
        requestedBy: 'provider',
        providerEventId: 'evt_upd',
      });

      it('given Professional on record, when the provider bills sub_1 at Enterprise (the change was never recorded), then PlanChanged from the provider, amounts on its invoice', () => {
        expect(given(professional).when(billed('evt_upd', 'sub_1', 'enterprise')).events).toEqual([fromProvider]);
        expect(given([...professional, fromProvider]).state).toMatchObject({
          status: 'active',
          tier: 'enterprise',
          reference: 'sub_1',
          movedAtProvider: 'enterprise',
        });
      });

      it('given the move recorded, when the same or another webhook shows the same tier, then nothing: the record converges once', () => {
        const moved = [...professional, fromProvider];
        expect(given(moved).when(billed('evt_upd', 'sub_1', 'enterprise')).events).toEqual([]);
        expect(given(moved).when(billed('evt_later', 'sub_1', 'enterprise', 300)).events).toEqual([]);
        // Kauri's own answer of the same change recorded first: the provider's record agrees, nothing more.
        expect(given([...professional, upgraded]).when(billed('evt_upd', 'sub_1', 'enterprise')).events).toEqual([]);
      });

      it('ignores another subscription (an abandoned checkout, an older plan), a plan not being paid for, and Starter', () => {
        expect(given(professional).when(billed('evt_x', 'sub_old', 'enterprise')).events).toEqual([]);
        const waiting = [...professional, started('professional', 'sub_2')];
        expect(given(waiting).when(billed('evt_x', 'sub_2', 'enterprise')).events).toEqual([]);
        const ended: BillingEvent = {
          type: 'SubscriptionCanceled',
          data: { providerEventId: 'evt_200', providerCreatedAt: 200, userId, reference: 'sub_1' },
        };
        expect(given([...professional, ended]).when(billed('evt_x', 'sub_1', 'enterprise', 300)).events).toEqual([]);
        expect(given(professional).when(billed('evt_x', 'sub_1', 'starter')).events).toEqual([]);
        expect(given([]).when(billed('evt_x', 'sub_1', 'enterprise')).events).toEqual([]);
      });

      it('is read now, so a webhook older than the newest applied, or one already seen, still prompts it', () => {
        const renewed: BillingEvent = {
          type: 'SubscriptionRenewed',
          data: {
            providerEventId: 'evt_500',
            providerCreatedAt: 500,
            userId,
            reference: 'sub_1',
            currentPeriodEnd: 4_000,
            amountPaid: 199,
          },
        };
        expect(given([...professional, renewed]).when(billed('evt_500', 'sub_1', 'enterprise', 120)).events).toEqual([
          { ...fromProvider, data: { ...fromProvider.data, currentPeriodEnd: 4_000, providerEventId: 'evt_500' } },
        ]);
      });

      it("given the provider's record first, when the handler's own answer of that change arrives, then nothing (one move), and a later change is the user's again", () => {
        const moved = [...professional, fromProvider];
        expect(given(moved).when(change('enterprise', 400))).toEqual({ events: [], error: null });
        const down = given(moved).when(change('professional', -400)).events;
        expect(down).toMatchObject([
          { type: 'PlanChanged', data: { fromTier: 'enterprise', toTier: 'professional', requestedBy: 'user' } },
        ]);
        expect(given([...moved, ...down!]).state.movedAtProvider).toBeNull();
        // Without a provider's record first, two answers of the same change are still two changes at once: refused.
        expect(given([...professional, upgraded]).when(change('enterprise', 400)).error).toMatchObject({ status: 409 });
      });
    });

    describe("the plan check's read of the provider's record (RecordProviderTier: no webhook behind it)", () => {
      const checked = (reference: string, tier: 'starter' | 'professional' | 'enterprise'): BillingCommand => ({
        type: 'RecordProviderTier',
        userId,
        reference,
        tier,
      });
      const fromCheck = planChanged({
        amountCharged: null,
        amountCredited: null,
        requestedBy: 'provider',
        providerEventId: null,
      });

      it('given Professional on record, when the provider bills sub_1 at Enterprise, then PlanChanged from the provider naming no webhook; checked again, nothing', () => {
        expect(given(professional).when(checked('sub_1', 'enterprise'))).toEqual({ events: [fromCheck], error: null });
        const moved = [...professional, fromCheck];
        expect(given(moved).state).toMatchObject({ tier: 'enterprise', movedAtProvider: 'enterprise' });
        expect(given(moved).when(checked('sub_1', 'enterprise')).events).toEqual([]);
        // The user's own change already recorded: the provider agrees, nothing more.
        expect(given([...professional, upgraded]).when(checked('sub_1', 'enterprise')).events).toEqual([]);
      });

      it('records nothing for the same tier, another subscription, a plan not being paid for, or Starter', () => {
        expect(given(professional).when(checked('sub_1', 'professional')).events).toEqual([]);
        expect(given(professional).when(checked('sub_old', 'enterprise')).events).toEqual([]);
        expect(given(professional).when(checked('sub_1', 'starter')).events).toEqual([]);
        const ended: BillingEvent = {
          type: 'SubscriptionCanceled',
          data: { providerEventId: 'evt_200', providerCreatedAt: 200, userId, reference: 'sub_1' },
        };
        expect(given([...professional, ended]).when(checked('sub_1', 'enterprise')).events).toEqual([]);
        expect(given([]).when(checked('sub_1', 'enterprise')).events).toEqual([]);
      });

      it('refuses a tier the provider answered that is no plan of ours (502), recording nothing', () => {
        const odd = { ...checked('sub_1', 'enterprise'), tier: 'platinum' } as unknown as BillingCommand;
        expect(given(professional).when(odd)).toMatchObject({ events: null, error: { status: 502 } });
      });
    });
  });
});
