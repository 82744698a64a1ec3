import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { currentUserQuery } from './auth';
import { billingQuery, subscriptionStatusQuery } from './queries';
import { refreshAfterWrite } from './queryClient';

/**
 * After a billing write: refresh everything that shows the plan — the billing page, the status, and the
 * user (which the header, dashboard and tokenize gate read).
 */
export function useBillingRefresh(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    () => refreshAfterWrite(queryClient, billingQuery, subscriptionStatusQuery, currentUserQuery),
    [queryClient],
  );
}
