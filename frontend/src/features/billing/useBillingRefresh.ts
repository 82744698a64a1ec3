import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { currentUserQuery } from '../../api/auth';
import { billingAfter } from '../../api/mutations';
import { billingQuery, subscriptionStatusQuery } from '../../api/queries';

/**
 * After a billing write: wait until the read models have taken in the write's event (read-your-writes),
 * then refresh everything that shows the plan — the billing page, the status, and the user (which the
 * header, dashboard and tokenize gate read).
 */
export function useBillingRefresh(): (position: number) => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    async (position: number) => {
      queryClient.setQueryData(billingQuery.queryKey, await billingAfter(position));
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: subscriptionStatusQuery.queryKey }),
        queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
      ]);
    },
    [queryClient],
  );
}
