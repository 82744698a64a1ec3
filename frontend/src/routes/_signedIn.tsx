import { Outlet, useMatches } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { AuthenticationRequired } from '../features/auth/AuthenticationRequired';
import { LaunchingSoon } from '../features/auth/LaunchingSoon';
import { LoggedOut } from '../features/auth/LoggedOut';
import { SignedInUserContext } from '../shared/signedInUser';
import { useAuth } from '../shared/useCurrentUser';
import { PageSpinner } from '../shared/ui/PageSpinner';
import { SignInRequired } from '../features/subscribe/SignInRequired';

/** What a signed-out visitor sees on a signed-in page (docs/specification.md §2 route table, §6, §8). */
export type SignedOutView = 'launching-soon' | 'sign-in-required' | 'authentication-required' | 'logged-out';

const signedOutViews: Record<SignedOutView, ComponentType> = {
  'launching-soon': LaunchingSoon,
  'sign-in-required': SignInRequired,
  'authentication-required': AuthenticationRequired,
  'logged-out': LoggedOut,
};

/**
 * The layout of every signed-in page. Its route's beforeLoad has already asked who is signed in; this shows
 * the page to a signed-in user and, to a signed-out visitor, what the page's route names (docs/specification.md §2, §6, §8).
 * It follows the user query, so signing out elsewhere in the app takes effect at once. The server enforces
 * the same rule on every call; this only decides what to show.
 */
export default function SignedInLayout() {
  const auth = useAuth();
  const signedOut = useMatches({ select: (matches) => matches.at(-1)?.staticData.signedOut ?? 'launching-soon' });
  if (auth.status === 'loading') return <PageSpinner />;
  if (auth.status === 'anonymous') {
    const View = signedOutViews[signedOut];
    return <View />;
  }
  return (
    <SignedInUserContext value={auth.user}>
      <Outlet />
    </SignedInUserContext>
  );
}
