import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  activitiesQuery,
  approvedAssetsQuery,
  assetsQuery,
  dashboardStatsQuery,
  investorsQuery,
  reviewQueueQuery,
} from './queries';
import { refreshAfterWrite } from './queryClient';

/**
 * After an asset write: every query that shows assets is read again — the asset itself and My Assets (both
 * under the `/api/assets` key), the dashboard's figures, and the admin's queues.
 */
export function useAssetRefresh(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      refreshAfterWrite(
        queryClient,
        assetsQuery,
        dashboardStatsQuery,
        activitiesQuery,
        investorsQuery,
        reviewQueueQuery,
        approvedAssetsQuery,
      ),
    [queryClient],
  );
}
