import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { startLogin } from '../../api/auth';
import { appPath } from '../../shared/appPath';
import { PageSpinner } from '../../shared/ui/PageSpinner';
import { useToast } from '../../shared/toast';

/** Delay before an anonymous visitor of the dashboard is sent to sign in (docs/specification.md §4, §9). */
export const LOGOUT_REDIRECT_MS = 500;

/** /dashboard for a signed-out visitor (docs/specification.md §8): 'You are logged out. Logging in again...', then sign-in. */
export function LoggedOut() {
  const toast = useToast();
  const navigate = useNavigate();

  useEffect(() => {
    // The delay runs from when the message is on screen, so it is always seen before the page changes.
    let timer: number | undefined;
    let cancelled = false;
    void toast.error('Unauthorized', 'You are logged out. Logging in again...').then(() => {
      if (cancelled) return;
      const goToLocal = () => void navigate({ to: appPath('/auth') });
      timer = window.setTimeout(() => void startLogin(goToLocal, '/dashboard'), LOGOUT_REDIRECT_MS);
    });
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [toast, navigate]);

  return <PageSpinner />;
}
