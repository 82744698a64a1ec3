import type { User } from '../api/types';

/**
 * docs/specification.md §6: creating tokens needs an active subscription or the one-time Starter plan. A past-due or
 * incomplete plan does not count. The server applies the same rule to every token-creating command.
 */
export function canCreateTokens(user: Pick<User, 'subscriptionStatus' | 'subscriptionTier'>): boolean {
  return user.subscriptionStatus === 'active' || user.subscriptionTier === 'starter';
}
