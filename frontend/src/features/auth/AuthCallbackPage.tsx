import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { currentUserQuery, exchangeCode } from '../../api/auth';
import { describeError } from '../../api/client';
import { storageKeys, takeAuthRedirect } from '../../api/storage';
import { PageSpinner } from '../layout/PageSpinner';
import { useToast } from '../toast';

/** Where the external identity provider sends the browser back (spec §4 "External login return"). */
export function AuthCallbackPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  const handled = useRef(false);

  useEffect(() => {
    // StrictMode runs effects twice in development; a code can be exchanged only once.
    if (handled.current) return;
    handled.current = true;
    const params = new URLSearchParams(window.location.search);
    const code = params.get('code');
    const state = params.get('state');
    const error = params.get('error');
    const storedState = localStorage.getItem(storageKeys.loginState);
    const cleanAddress = () => window.history.replaceState(null, '', window.location.pathname);

    const run = async () => {
      if (error) {
        const description = params.get('error_description') ?? error;
        toast.error('Authentication Error', `Login failed: ${description}. Please try again.`);
        localStorage.removeItem(storageKeys.loginState);
        await navigate({ to: '/' });
        return;
      }
      if (code && state) {
        localStorage.removeItem(storageKeys.loginState);
        if (state !== storedState) {
          toast.error('Authentication Error', 'Security validation failed. Please try logging in again.');
          await navigate({ to: '/' });
          return;
        }
        try {
          const answer = await exchangeCode(code, state);
          cleanAddress();
          queryClient.setQueryData(currentUserQuery.queryKey, answer.user);
          await queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
          toast.success('Welcome!', 'Authentication successful!');
          await navigate({ to: takeAuthRedirect() });
        } catch (failure) {
          toast.error('Authentication Failed', (failure instanceof Error && describeError(failure)) || 'Unknown error occurred');
          await navigate({ to: '/' });
        }
        return;
      }
      if (code) {
        toast.warning('Authentication Warning', 'Authentication completed but security validation is incomplete. Please try again.');
      }
      await navigate({ to: '/' });
    };
    void run();
  }, [navigate, queryClient, toast]);

  return <PageSpinner />;
}
