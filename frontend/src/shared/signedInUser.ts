import { createContext, use } from 'react';
import type { User } from '../api/types';

/** The signed-in user, provided by the signed-in layout (routes/_signedIn.tsx) to every page under it. */
export const SignedInUserContext = createContext<User | null>(null);

/** The user of a signed-in page; the layout shows these pages only to someone signed in. */
export function useSignedInUser(): User {
  const user = use(SignedInUserContext);
  if (!user) throw new Error('useSignedInUser is for pages under the signed-in layout');
  return user;
}
