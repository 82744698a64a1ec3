import type { Decider } from '../../platform/decider.js';
import { DomainError } from '../../platform/errors.js';
import { ensure, id, type Schema } from '../../platform/event-schema.js';
import { PLANS, type Tier } from '../plans/plans.js';
import { ERROR_TITLES } from '../../messages.js';
import {
  BILLING_FIELDS,
  billingEventSchemas,
  type BillingEvent,
  type CheckoutStarted,
  type ProviderStamp,
} from './events.js';
import type { ProviderChange, ProviderEvent } from './payment-provider.js';
import { upcasters } from '../upcasters.js';

/** The spec's subscription statuses (section 3). */
export type SubscriptionStatus = 'active' | 'canceled' | 'past_due' | 'incomplete' | 'inactive';

export interface BillingState {
  status: SubscriptionStatus;
  /** The plan paid for; null until the first activation. */
  tier: Tier | null;
  reference: string | null;
  customerId: string | null;
  currentPeriodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  /** A checkout started and not yet paid (`waived`: its first payment under the early-access waiver). */
  pending: { tier: Tier; reference: string; amountDue: number; waived?: boolean } | null;
  /**
   * The early-access waiver paid a first payment already (a waived checkout was activated): it waives one set-up fee
   * per registrant, not every checkout after a cancellation.
   */
  waiverUsed?: boolean;
  /**
   * The tier a plan move recorded from the provider's record (`requestedBy: 'provider'`) went to, while no answer of
   * the user's own change to it has been recorded: that answer, arriving later (the webhook came first), is then
   * the same move, not a second one.
   */
  movedAtProvider: Tier | null;
  /** Provider event ids already applied (the most recent ones), and the newest creation time applied. */
  seen: readonly string[];
  newestProviderEvent: number;
}

export type BillingCommand =
  /**
   * `replacing`: the checkout that was waiting (its reference) when this one was started, which the handler has made
   * unpayable at the provider; null when none was waiting.
   */
  | ({ type: 'StartCheckout'; replacing: string | null } & CheckoutStarted['data'])
  /**
   * A plan whose whole first payment is waived (Starter for an early-access registrant): active at once. `replacing`
   * as for a checkout: the one waiting, abandoned at the provider by the handler, or null.
   */
  | { type: 'ActivateWaivedPlan'; replacing: string | null; userId: string; tier: Tier; reference: string; at: number }
  | { type: 'ApplyProviderEvent'; event: ProviderEvent }
  /**
   * The tier the provider bills the plan `reference` at, read by the plan check (`PlanCheck`) with no webhook behind
   * it: a move whose webhook never came is recorded as one from the provider's record.
   */
  | { type: 'RecordProviderTier'; userId: string; reference: string; tier: Tier }
  /** The provider has moved the plan (PaymentProvider.changePlan); this records it. */
  | {
      type: 'ChangePlan';
      userId: string;
      tier: Tier;
      reference: string;
      proration: number;
      currentPeriodEnd: number | null;
    }
  | { type: 'RequestCancellation'; userId: string };

/** Two checkouts started at once: the later must not replace, unseen, one that can still be paid. */
export const CHECKOUT_CHANGED = 'Another checkout was started at the same time. Please choose a plan again.';
export const WAIVER_USED =
  'Your early-access waiver has been used on an earlier plan: this checkout is charged in full. Please choose a plan again.';

export const ALREADY_SUBSCRIBED = (tier: Tier) =>
  `You already have an active ${PLANS[tier].name} plan. Change plans from Billing → Change Plan.`;
export const NOTHING_TO_CANCEL = 'You have no active subscription to cancel';
export const TIER_REQUIRED = 'Tier must be starter, professional or enterprise';
export const STARTER_NOT_CANCELLABLE = 'The Starter plan is a one-time payment and cannot be cancelled';
export const NO_PLAN_TO_CHANGE = 'You have no monthly plan to change. Choose a plan to subscribe.';
export const CHANGE_WHILE_PAST_DUE = 'Your last payment failed. Update your payment method before changing plans.';
export const CHANGE_WHILE_ENDING =
  'Your plan is set to end at the close of this period. Choose the new plan to subscribe to it.';
export const CHANGE_TO_STARTER =
  'Starter is a one-time plan. Cancel your monthly plan first; you can buy Starter once it is set to end.';
export const SAME_PLAN = (tier: Tier) => `You are already on the ${PLANS[tier].name} plan`;

/** How many provider event ids a stream remembers for idempotency; Stripe retries within days, not thousands of events. */
const REMEMBERED_EVENTS = 200;

/** Whether a user in this state may start paying for `tier` (checked before the provider is called, and again on decide). */
export function checkoutRefusal(state: BillingState, tier: Tier): DomainError | null {
  if (state.status !== 'active' && state.status !== 'past_due') return null;
  if (state.tier === 'starter' && tier !== 'starter') return null; // upgrading from the one-time plan to a monthly one
  if (state.tier && PLANS[state.tier].billing === 'monthly' && state.cancelAtPeriodEnd && tier !== state.tier)
    return null;
  return new DomainError(ALREADY_SUBSCRIBED(state.tier ?? tier), 409, undefined, ERROR_TITLES.subscriptionFailed);
}

const planChangeConflict = (message: string) => new DomainError(message, 409, undefined, ERROR_TITLES.planChangeFailed);

/**
 * Whether a new plan (a checkout, or a waived plan) may start: `checkoutRefusal`, and one payable checkout at a time —
 * it clears only the checkout its handler abandoned at the provider (`replacing`), never one started meanwhile.
 */
function startRefusal(
  state: BillingState,
  command: { tier: Tier; replacing: string | null; setupFeeWaived?: boolean },
): DomainError | null {
  const refusal = checkoutRefusal(state, command.tier);
  if (refusal) return refusal;
  if (command.setupFeeWaived && state.waiverUsed)
    return new DomainError(WAIVER_USED, 409, undefined, ERROR_TITLES.subscriptionFailed);
  if ((state.pending?.reference ?? null) === command.replacing) return null;
  return new DomainError(CHECKOUT_CHANGED, 409, undefined, ERROR_TITLES.subscriptionFailed);
}

/**
 * Whether a user in this state may move their plan to `tier` (checked before the provider is called): only a
 * running monthly plan, not past due, not ending, moves to another monthly tier. Starter to a monthly plan is a
 * checkout (a new subscription), as is any plan after a scheduled cancellation.
 */
export function planChangeRefusal(state: BillingState, tier: Tier): DomainError | null {
  if (state.status === 'past_due') return planChangeConflict(CHANGE_WHILE_PAST_DUE);
  if (state.status === 'active' && state.cancelAtPeriodEnd && state.tier && PLANS[state.tier].billing === 'monthly')
    return planChangeConflict(CHANGE_WHILE_ENDING);
  return movedPlanRefusal(state, tier);
}

/**
 * Whether the provider's move of this stream's plan to `tier` can be recorded (checked again on decide, under the
 * stream's lock): a monthly plan being paid for, to the other monthly tier. A cancellation scheduled or a failed
 * renewal recorded while the provider was moving the plan does not refuse it: the move is made and its proration
 * charged, and the log must say so. The same tier means the move is recorded already (two changes at once).
 */
function movedPlanRefusal(state: BillingState, tier: Tier): DomainError | null {
  const paying = state.status === 'active' || state.status === 'past_due';
  if (!paying || !state.tier || PLANS[state.tier].billing !== 'monthly') return planChangeConflict(NO_PLAN_TO_CHANGE);
  if (PLANS[tier].billing !== 'monthly') return planChangeConflict(CHANGE_TO_STARTER);
  if (tier === state.tier) return planChangeConflict(SAME_PLAN(tier));
  return null;
}

const initialState: BillingState = {
  status: 'inactive',
  tier: null,
  reference: null,
  customerId: null,
  currentPeriodEnd: null,
  cancelAtPeriodEnd: false,
  pending: null,
  movedAtProvider: null,
  seen: [],
  newestProviderEvent: 0,
};

function remember(state: BillingState, stamp: ProviderStamp): BillingState {
  return {
    ...state,
    seen: [...state.seen, stamp.providerEventId].slice(-REMEMBERED_EVENTS),
    newestProviderEvent: Math.max(state.newestProviderEvent, stamp.providerCreatedAt),
  };
}

const UNREADABLE = 'The payment provider sent an event that could not be read';
const USER_ID = id();

/** A provider's event as the log needs it (Stripe's are signed, but a malformed one must never be recorded). */
function requireReadable(event: ProviderEvent): void {
  const readable = <T>(schema: Schema<T>, value: unknown, field: string) =>
    ensure(schema, value, field, UNREADABLE, 422);
  readable(BILLING_FIELDS.providerEventId, event.id, 'id');
  readable(BILLING_FIELDS.time, event.created, 'created');
  readable(USER_ID, event.userId, 'userId');
  readable(BILLING_FIELDS.reference, event.reference, 'reference');
  const change: ProviderChange = event.change;
  if ('tier' in change) readable(BILLING_FIELDS.tier, change.tier, 'tier');
  if ('amountPaid' in change) readable(BILLING_FIELDS.amount, change.amountPaid, 'amountPaid');
  if ('currentPeriodEnd' in change) readable(BILLING_FIELDS.periodEnd, change.currentPeriodEnd, 'currentPeriodEnd');
}

/** The provider's words for a failed payment, within what an event holds. */
const failureReason = (reason: unknown) =>
  (typeof reason === 'string' && [...reason.trim()].slice(0, 1000).join('')) || 'The payment failed.';

/** Turns one provider event into billing events; [] when it was seen before, is older than what we know, or is not about this plan. */
function applyProviderEvent(state: BillingState, event: ProviderEvent): BillingEvent[] {
  requireReadable(event);
  const repeatedOrOlder = state.seen.includes(event.id) || event.created < state.newestProviderEvent;
  // A provider's record read now (plan_changed) is neither a repeat nor late, whatever webhook prompted the read.
  if (repeatedOrOlder && event.change.kind !== 'plan_changed') return [];
  const stamp: ProviderStamp = { providerEventId: event.id, providerCreatedAt: event.created };
  const { userId, reference, change } = event;
  const current = reference === state.reference;
  const pending = reference === state.pending?.reference;
  switch (change.kind) {
    case 'activated':
      if (!pending && !current) return [];
      if (current && state.status === 'active') return [];
      return [
        {
          type: 'SubscriptionActivated',
          data: {
            ...stamp,
            userId,
            tier: change.tier,
            reference,
            currentPeriodEnd: change.currentPeriodEnd,
            amountPaid: change.amountPaid,
          },
        },
      ];
    case 'renewed':
      if (
        !current ||
        (state.currentPeriodEnd !== null &&
          change.currentPeriodEnd <= state.currentPeriodEnd &&
          state.status === 'active')
      )
        return [];
      return [
        {
          type: 'SubscriptionRenewed',
          data: {
            ...stamp,
            userId,
            reference,
            currentPeriodEnd: change.currentPeriodEnd,
            amountPaid: change.amountPaid,
          },
        },
      ];
    case 'past_due':
      return current && state.status === 'active'
        ? [{ type: 'SubscriptionPastDue', data: { ...stamp, userId, reference } }]
        : [];
    case 'canceled':
      return current && state.status !== 'canceled'
        ? [{ type: 'SubscriptionCanceled', data: { ...stamp, userId, reference } }]
        : [];
    case 'payment_failed':
      if (!current && !pending) return [];
      return [{ type: 'PaymentFailed', data: { ...stamp, userId, reference, reason: failureReason(change.reason) } }];
    case 'cancel_at_period_end':
      if (!current || change.cancelAtPeriodEnd === state.cancelAtPeriodEnd) return [];
      return change.cancelAtPeriodEnd
        ? [
            {
              type: 'CancellationScheduled',
              data: {
                userId,
                reference,
                currentPeriodEnd: change.currentPeriodEnd ?? state.currentPeriodEnd,
                requestedBy: 'provider',
                providerEventId: event.id,
              },
            },
          ]
        : [{ type: 'CancellationWithdrawn', data: { ...stamp, userId, reference } }];
    case 'plan_changed':
      return planMovedAtProvider(state, { userId, reference, providerEventId: event.id }, change.tier);
    default: {
      const _exhaustive: never = change;
      return [];
    }
  }
}

/**
 * The provider's record bills the subscription at `tier`: recorded when it is the plan on record (`reference`), a
 * monthly plan being paid for, and the tier differs — the answer to a change that was never recorded (a crash after
 * the provider moved it), or a change made at the provider. The same tier is the record already (nothing); another
 * subscription (an abandoned checkout, an older plan) is not this plan's. The tier is the provider's record read now,
 * so neither the seen list nor the ordering of events applies.
 */
function planMovedAtProvider(
  state: BillingState,
  read: { userId: string; reference: string; providerEventId: string | null },
  tier: Tier,
): BillingEvent[] {
  const paying = state.status === 'active' || state.status === 'past_due';
  if (read.reference !== state.reference || !paying || !state.tier || tier === state.tier) return [];
  if (PLANS[state.tier].billing !== 'monthly' || PLANS[tier].billing !== 'monthly') return [];
  return [
    {
      type: 'PlanChanged',
      data: {
        userId: read.userId,
        reference: read.reference,
        fromTier: state.tier,
        toTier: tier,
        amountCharged: null,
        amountCredited: null,
        currentPeriodEnd: state.currentPeriodEnd,
        requestedBy: 'provider',
        providerEventId: read.providerEventId,
      },
    },
  ];
}

/** One user's plan: checkout, activation, renewal, arrears, cancellation — driven by the user and by the provider's events. */
export const billing: Decider<BillingCommand, BillingEvent, BillingState> = {
  upcasters,
  name: 'billing',
  eventSchemas: billingEventSchemas,
  initialState,

  decide(command, state) {
    switch (command.type) {
      case 'StartCheckout': {
        ensure(BILLING_FIELDS.tier, command.tier, 'tier', TIER_REQUIRED);
        const refusal = startRefusal(state, command);
        if (refusal) throw refusal;
        // The rest comes from the payment provider and the price list.
        ensure(BILLING_FIELDS.provider, command.provider, 'provider', UNREADABLE, 502);
        ensure(BILLING_FIELDS.reference, command.reference, 'reference', UNREADABLE, 502);
        ensure(BILLING_FIELDS.customerId, command.customerId, 'customerId', UNREADABLE, 502);
        ensure(BILLING_FIELDS.amount, command.amountDue, 'amountDue', 'The amount due is not valid', 422);
        const { type: _type, replacing: _replacing, ...data } = command;
        return [{ type: 'CheckoutStarted', data }];
      }
      case 'ActivateWaivedPlan': {
        ensure(BILLING_FIELDS.tier, command.tier, 'tier', TIER_REQUIRED);
        const refusal = startRefusal(state, { ...command, setupFeeWaived: true });
        if (refusal) throw refusal;
        ensure(BILLING_FIELDS.reference, command.reference, 'reference', 'The plan reference is not valid', 422);
        ensure(BILLING_FIELDS.time, command.at, 'at', 'The time is not valid', 422);
        const { userId, tier, reference, at } = command;
        return [
          {
            type: 'CheckoutStarted',
            data: {
              userId,
              tier,
              provider: 'sandbox',
              reference,
              customerId: state.customerId,
              amountDue: 0,
              setupFeeWaived: true,
            },
          },
          {
            type: 'SubscriptionActivated',
            data: {
              providerEventId: `waiver-${reference}`,
              providerCreatedAt: at,
              userId,
              tier,
              reference,
              currentPeriodEnd: null,
              amountPaid: 0,
            },
          },
        ];
      }
      case 'ApplyProviderEvent':
        return applyProviderEvent(state, command.event);
      case 'RecordProviderTier': {
        // From the provider's answer, not from a person: unreadable means the provider's record, 502.
        ensure(BILLING_FIELDS.tier, command.tier, 'tier', UNREADABLE, 502);
        const { userId, reference, tier } = command;
        return planMovedAtProvider(state, { userId, reference, providerEventId: null }, tier);
      }
      case 'ChangePlan': {
        ensure(BILLING_FIELDS.tier, command.tier, 'tier', TIER_REQUIRED);
        // The provider's record of this very move was recorded first (its webhook came before this answer).
        if (
          command.tier === state.tier &&
          state.movedAtProvider === command.tier &&
          command.reference === state.reference
        )
          return [];
        const refusal = movedPlanRefusal(state, command.tier);
        if (refusal) throw refusal;
        // The subscription the provider moved must be the one this plan runs on.
        if (command.reference !== state.reference) throw new DomainError(UNREADABLE, 502);
        ensure(BILLING_FIELDS.proration, command.proration, 'proration', 'The prorated amount is not valid', 422);
        ensure(BILLING_FIELDS.periodEnd, command.currentPeriodEnd, 'currentPeriodEnd', UNREADABLE, 502);
        return [
          {
            type: 'PlanChanged',
            data: {
              userId: command.userId,
              reference: command.reference,
              fromTier: state.tier!,
              toTier: command.tier,
              // Two amounts, each at least 0, rather than one signed figure: money in events is never negative.
              amountCharged: Math.max(0, command.proration),
              amountCredited: Math.max(0, -command.proration),
              currentPeriodEnd: command.currentPeriodEnd ?? state.currentPeriodEnd,
              requestedBy: 'user',
              providerEventId: null,
            },
          },
        ];
      }
      case 'RequestCancellation': {
        if (state.status !== 'active' && state.status !== 'past_due') throw new DomainError(NOTHING_TO_CANCEL, 409);
        if (state.tier === 'starter') throw new DomainError(STARTER_NOT_CANCELLABLE, 409);
        if (state.cancelAtPeriodEnd) return [];
        return [
          {
            type: 'CancellationScheduled',
            data: {
              userId: command.userId,
              reference: state.reference!,
              currentPeriodEnd: state.currentPeriodEnd,
              requestedBy: 'user',
              providerEventId: null,
            },
          },
        ];
      }
      default: {
        const _exhaustive: never = command;
        return [];
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'CheckoutStarted': {
        const { tier, reference, customerId, amountDue, setupFeeWaived } = event.data;
        const stillPaying = state.status === 'active' || state.status === 'past_due';
        return {
          ...state,
          customerId: customerId ?? state.customerId,
          pending: { tier, reference, amountDue, ...(setupFeeWaived && { waived: true }) },
          status: stillPaying ? state.status : 'incomplete',
        };
      }
      case 'PlanChanged': {
        const { toTier, currentPeriodEnd, requestedBy } = event.data;
        return {
          ...state,
          tier: toTier,
          currentPeriodEnd,
          movedAtProvider: requestedBy === 'provider' ? toTier : null,
        };
      }
      case 'SubscriptionActivated': {
        const { tier, reference, currentPeriodEnd } = event.data;
        return remember(
          {
            ...state,
            status: 'active',
            tier,
            reference,
            currentPeriodEnd,
            cancelAtPeriodEnd: false,
            pending: null,
            movedAtProvider: null,
            // The checkout it pays was the waived one: the waiver is spent.
            ...((state.waiverUsed || state.pending?.waived) && { waiverUsed: true }),
          },
          event.data,
        );
      }
      case 'SubscriptionRenewed':
        return remember({ ...state, status: 'active', currentPeriodEnd: event.data.currentPeriodEnd }, event.data);
      case 'SubscriptionPastDue':
        return remember({ ...state, status: 'past_due' }, event.data);
      case 'SubscriptionCanceled':
        return remember({ ...state, status: 'canceled', cancelAtPeriodEnd: false }, event.data);
      case 'PaymentFailed':
        return remember(state, event.data);
      case 'CancellationScheduled': {
        const next = { ...state, cancelAtPeriodEnd: true };
        const { providerEventId } = event.data;
        return providerEventId ? { ...next, seen: [...state.seen, providerEventId].slice(-REMEMBERED_EVENTS) } : next;
      }
      case 'CancellationWithdrawn':
        return remember({ ...state, cancelAtPeriodEnd: false }, event.data);
      default: {
        const _exhaustive: never = event;
        return state;
      }
    }
  },
};
