import { getRouteApi } from '@tanstack/react-router';
import { Suspense } from 'react';
import { lazyWithRetry } from '../chunks';
import { useAuth } from '../shared/useCurrentUser';
import { PageSpinner } from '../shared/ui/PageSpinner';
import Landing from '../features/landing/Landing';
import { usePaymentReturnNotice } from '../features/subscribe/usePaymentReturnNotice';

// Signed-in code stays out of the landing page's first load.
const Dashboard = lazyWithRetry(() =>
  import('../features/dashboard/Dashboard').then((m) => ({ default: m.Dashboard })),
);

const route = getRouteApi('/');

/** `/`: the landing page for visitors, the dashboard once signed in (docs/specification.md §2 route table). */
export default function Home() {
  const auth = useAuth();
  usePaymentReturnNotice(route.useSearch());
  if (auth.status === 'loading') return <PageSpinner />;
  if (auth.status === 'anonymous') return <Landing />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <Dashboard user={auth.user} />
    </Suspense>
  );
}
