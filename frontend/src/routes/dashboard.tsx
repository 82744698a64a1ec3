import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { startLogin } from '../api/auth';
import { useAuth } from '../features/auth/useCurrentUser';
import { appPath } from '../features/layout/appPath';
import { PageSpinner } from '../features/layout/PageSpinner';
import { useToast } from '../features/toast';

const Dashboard = lazy(() => import('../features/dashboard/Dashboard').then((m) => ({ default: m.Dashboard })));

/** Delay before an anonymous visitor of the dashboard is sent to sign in (spec §4, §9). */
const LOGOUT_REDIRECT_MS = 500;

/** /dashboard: the signed-in home; a signed-out visitor is told and sent to sign in (spec §4, §8). */
export default function DashboardRoute() {
  const auth = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const anonymous = auth.status === 'anonymous';

  useEffect(() => {
    if (!anonymous) return;
    // The delay runs from when the message is on screen, so it is always seen before the page changes.
    let timer: number | undefined;
    let cancelled = false;
    void toast.error('Unauthorized', 'You are logged out. Logging in again...').then(() => {
      if (!cancelled) timer = window.setTimeout(() => void startLogin(() => void navigate({ to: appPath('/auth') }), '/dashboard'), LOGOUT_REDIRECT_MS);
    });
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [anonymous, toast, navigate]);

  if (auth.status !== 'authenticated') return <PageSpinner />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <Dashboard user={auth.user} />
    </Suspense>
  );
}
