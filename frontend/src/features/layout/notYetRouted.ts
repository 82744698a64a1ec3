import type { LinkProps } from '@tanstack/react-router';

/**
 * Widens a spec path whose page is built on another branch (Guide, Partners, Demo, Terms, Privacy) so
 * typed router links to it compile. Until that page's route joins the route tree the router shows its
 * 404 page there; once it has, replace the call with the plain path.
 */
export const notYetRouted = (path: `/${string}`) => path as LinkProps['to'];
