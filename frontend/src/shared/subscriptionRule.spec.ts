import { describe, expect, it } from '@jest/globals';
import type { SubscriptionStatusName, Tier } from '../api/types';
import { canCreateTokens } from './subscriptionRule';

describe('the subscription rule (docs/specification.md §6): tokens need an active plan or the one-time Starter plan', () => {
  it.each<[SubscriptionStatusName, Tier | null, boolean]>([
    ['active', 'professional', true],
    ['active', 'enterprise', true],
    ['active', 'starter', true],
    // Starter is paid once: it counts whatever the status says.
    ['inactive', 'starter', true],
    ['canceled', 'starter', true],
    // A free account, and monthly plans that are not (or no longer) paid.
    ['inactive', null, false],
    ['past_due', 'professional', false],
    ['incomplete', 'enterprise', false],
    ['canceled', 'professional', false],
  ])('status %s, tier %s: %s', (subscriptionStatus, subscriptionTier, allowed) => {
    expect(canCreateTokens({ subscriptionStatus, subscriptionTier })).toBe(allowed);
  });
});
