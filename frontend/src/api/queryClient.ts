import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { getQueryFn } from './client';

const FIVE_MINUTES = 5 * 60 * 1000;

/**
 * Client data handling per docs/specification.md §9: data is never considered stale and is only refreshed when a
 * mutation invalidates it; nothing is polled, refetched on focus or retried; unused data is
 * dropped after five minutes.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn<unknown>({ on401: 'throw' }),
      staleTime: Infinity,
      gcTime: FIVE_MINUTES,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    },
    mutations: { retry: false },
  },
});

/**
 * After a write: marks these queries stale and waits until those on screen have been read again. The reads
 * carry the write's position (read-your-writes, ./readYourWrites), so what they show includes the write.
 */
export async function refreshAfterWrite(client: QueryClient, ...queries: { queryKey: QueryKey }[]): Promise<void> {
  await Promise.all(queries.map(({ queryKey }) => client.invalidateQueries({ queryKey })));
}
