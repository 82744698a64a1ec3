import fc from 'fast-check';
import { checkDecider, choiceOf, commandsOf, HUGE, often, someNumber } from '../../testing/decider-properties.js';
import { TIERS } from '../plans/plans.js';
import { billing, type BillingCommand } from './billing.decider.js';
import type { ProviderChange } from './payment-provider.js';

const userId = fc.constantFrom('user-1', 'constructor');
const tier = choiceOf(TIERS);
/** The provider's references: a few, so that its events name the checkout or plan on record. */
const reference = often(
  fc.constantFrom('sub_1', 'sub_2', 'pi_1', 'constructor'),
  fc.constantFrom('', 'has space', HUGE),
);
const seconds = someNumber(fc.integer({ min: 1_700_000_000, max: 1_900_000_000 }));
const periodEnd = fc.option(seconds, { nil: null });
const amount = someNumber(fc.constantFrom(0, 199, 999, 5000, 49.5));

const change: fc.Arbitrary<ProviderChange> = fc.oneof(
  fc.record({ kind: fc.constant('activated' as const), tier, currentPeriodEnd: periodEnd, amountPaid: amount }),
  fc.record({ kind: fc.constant('renewed' as const), currentPeriodEnd: seconds, amountPaid: amount }),
  fc.record({ kind: fc.constantFrom('past_due' as const, 'canceled' as const) }),
  fc.record({
    kind: fc.constant('payment_failed' as const),
    reason: fc.constantFrom('Your card was declined.', '', HUGE),
  }),
  fc.record({
    kind: fc.constant('cancel_at_period_end' as const),
    cancelAtPeriodEnd: fc.boolean(),
    currentPeriodEnd: periodEnd,
  }),
  fc.record({ kind: fc.constant('plan_changed' as const), tier }),
);
const providerEvent = fc.record({
  id: often(fc.constantFrom('evt_1', 'evt_2', '__proto__'), fc.constant('')),
  created: seconds,
  userId,
  reference,
  change,
});

const checkout = fc.record({
  type: fc.constant('StartCheckout' as const),
  replacing: fc.option(reference, { nil: null, freq: 2 }),
  userId,
  tier,
  provider: choiceOf(['stripe', 'sandbox'] as const),
  reference,
  customerId: fc.option(often(fc.constantFrom('cus_1', 'toString'), fc.constant('')), { nil: null }),
  amountDue: amount,
  setupFeeWaived: fc.boolean(),
});
const waived = fc.record({
  type: fc.constant('ActivateWaivedPlan' as const),
  replacing: fc.option(reference, { nil: null, freq: 2 }),
  userId,
  tier,
  reference,
  at: seconds,
});
const changePlan = fc.record({
  type: fc.constant('ChangePlan' as const),
  userId,
  tier,
  reference,
  proration: someNumber(fc.constantFrom(0, 400, -400, 12.34)),
  currentPeriodEnd: periodEnd,
});
const command: fc.Arbitrary<BillingCommand> = fc.oneof(
  { weight: 1, arbitrary: changePlan },
  { weight: 2, arbitrary: checkout },
  { weight: 1, arbitrary: waived },
  { weight: 5, arbitrary: fc.record({ type: fc.constant('ApplyProviderEvent' as const), event: providerEvent }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('RequestCancellation' as const), userId }) },
);

describe('Billing decider, properties', () => {
  it('whatever the user asks and the provider sends: events fit, times and amounts stay finite', () => {
    checkDecider(billing, {
      commands: commandsOf(command),
      wholeNumbers: (s) => [s.newestProviderEvent, ...(s.currentPeriodEnd === null ? [] : [s.currentPeriodEnd])],
      invariant(state) {
        // A plan being paid for names its tier and the provider's reference.
        const paying = state.status === 'active' || state.status === 'past_due';
        if (paying) expect([state.tier, state.reference]).not.toContain(null);
      },
    });
  });
});
