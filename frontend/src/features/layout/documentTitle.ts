import { useMatches } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useAuth } from '../../shared/useCurrentUser';

export const SITE_NAME = 'Kauri';

/** A route's page title (route `staticData.title`): fixed, or depending on whether someone is signed in (`/`). */
export type PageTitle = string | { signedIn: string; signedOut: string };

/** "Billing · Kauri"; the site name alone when a page has none. */
export function documentTitle(title: string | undefined): string {
  return title ? `${title} · ${SITE_NAME}` : SITE_NAME;
}

/**
 * Sets document.title from the deepest matched route that names one, in one place for every page (the root
 * layout): a page never sets its own. An unknown path is titled as the 404 page it shows.
 */
export function useDocumentTitle(): void {
  const auth = useAuth();
  const title = useMatches({
    select: (matches): PageTitle | undefined => {
      if (matches.some((m) => m._notFound || m.status === 'notFound')) return 'Page Not Found';
      return [...matches].reverse().find((m) => m.staticData.title !== undefined)?.staticData.title;
    },
  });
  const text = typeof title === 'object' ? (auth.status === 'authenticated' ? title.signedIn : title.signedOut) : title;
  useEffect(() => {
    document.title = documentTitle(text);
  }, [text]);
}
