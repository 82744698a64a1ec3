import { useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { currentUserQuery, exchangeCode } from '../../api/auth';
import { describeError } from '../../api/client';
import { storageKeys, takeAuthRedirect } from '../../api/storage';
import { PageSpinner } from '../../shared/ui/PageSpinner';
import { useToast } from '../../shared/toast';
import { callbackStep } from './callback';

const route = getRouteApi('/auth/callback');

/** Where the external identity provider sends the browser back (docs/specification.md §4 "External login return"). */
export function AuthCallbackPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const handled = useRef(false);
  const search = route.useSearch();

  useEffect(() => {
    // StrictMode runs effects twice in development; a code can be exchanged only once.
    if (handled.current) return;
    handled.current = true;
    const step = callbackStep(search, localStorage.getItem(storageKeys.loginState));
    // Whatever the outcome, the state has served its one use.
    if (step.kind !== 'unchecked' && step.kind !== 'none') localStorage.removeItem(storageKeys.loginState);

    const run = async () => {
      switch (step.kind) {
        case 'refused':
          toast.error('Authentication Error', `Login failed: ${step.description}. Please try again.`);
          break;
        case 'state-mismatch':
          toast.error('Authentication Error', 'Security validation failed. Please try logging in again.');
          break;
        case 'exchange':
          try {
            const answer = await exchangeCode(step.code, step.state);
            // The code is spent: out of the address (and the history) before anything else shows.
            window.history.replaceState(null, '', window.location.pathname);
            queryClient.setQueryData(currentUserQuery.queryKey, answer.user);
            await queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
            toast.success('Welcome!', 'Authentication successful!');
            await navigate({ href: takeAuthRedirect() });
            return;
          } catch (failure) {
            const message = failure instanceof Error && describeError(failure);
            toast.error('Authentication Failed', message || 'Unknown error occurred');
          }
          break;
        case 'unchecked':
          toast.warning(
            'Authentication Warning',
            'Authentication completed but security validation is incomplete. Please try again.',
          );
          break;
        case 'none':
          break;
      }
      await navigate({ to: '/' });
    };
    void run();
  }, [search, navigate, queryClient, toast]);

  return <PageSpinner />;
}
