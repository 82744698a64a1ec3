import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from '../../api/client';
import { activitiesQuery, assetQuery, assetsQuery, dashboardStatsQuery, investorsQuery, reviewQueueQuery } from '../../api/queries';
import type { Asset } from '../../api/types';

/**
 * After an asset write: read the asset once its read model has taken in the write (read-your-writes), put
 * it in the cache, and mark every list that shows it stale. Returns the fresh asset.
 */
export function useAssetRefresh(): (assetId: string, position: number) => Promise<Asset> {
  const queryClient = useQueryClient();
  return useCallback(
    async (assetId, position) => {
      const asset = await apiRequest<Asset>('GET', `/api/assets/${encodeURIComponent(assetId)}`, undefined, { readAfter: position });
      queryClient.setQueryData(assetQuery(assetId).queryKey, asset);
      for (const query of [assetsQuery, dashboardStatsQuery, activitiesQuery, investorsQuery, reviewQueueQuery]) void queryClient.invalidateQueries({ queryKey: query.queryKey, exact: true });
      return asset;
    },
    [queryClient],
  );
}
