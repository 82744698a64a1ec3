import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { currentUserQuery, signOut } from '../api/auth';
import type { User } from '../api/types';
import { useToast } from './toast';

export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'anonymous'; user: null }
  | { status: 'authenticated'; user: User };

/** Authentication state (docs/specification.md §4): unknown while the check runs, then authenticated or anonymous. */
export function useAuth(): AuthState {
  const { data, isPending } = useQuery(currentUserQuery);
  if (isPending) return { status: 'loading', user: null };
  return data ? { status: 'authenticated', user: data } : { status: 'anonymous', user: null };
}

/** Sign-out (docs/specification.md §4): ends the session, clears the stored token, state and cached data, confirms, goes home. */
export function useSignOut(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  return useCallback(async () => {
    try {
      await signOut();
    } finally {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== currentUserQuery.queryKey[0] });
      queryClient.setQueryData(currentUserQuery.queryKey, null);
      toast.success('Signed out', 'You have been successfully signed out.');
      await navigate({ to: '/' });
    }
  }, [queryClient, navigate, toast]);
}
