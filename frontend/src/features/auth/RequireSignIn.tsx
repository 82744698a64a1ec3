import type { ReactNode } from 'react';
import type { User } from '../../api/types';
import { PageSpinner } from '../layout/PageSpinner';
import { LaunchingSoon } from './LaunchingSoon';
import { useAuth } from './useCurrentUser';

/**
 * The gate of every app page: a spinner while the user state loads, the launching-soon notice for a
 * signed-out visitor (or `whenSignedOut`), the page for a signed-in user. The server enforces the same
 * rule on every call; this only decides what to show.
 */
export function RequireSignIn({ children, whenSignedOut }: { children: (user: User) => ReactNode; whenSignedOut?: ReactNode }) {
  const auth = useAuth();
  if (auth.status === 'loading') return <PageSpinner />;
  if (auth.status === 'anonymous') return <>{whenSignedOut ?? <LaunchingSoon />}</>;
  return <>{children(auth.user)}</>;
}
