import type { LinkProps } from '@tanstack/react-router';

/**
 * A path of the spec's route table as a typed router `to`. Most routes are declared with a small helper in
 * router.tsx (one line per URL), which keeps their paths out of the router's literal types; this says the
 * path is one of ours. A mistyped path still lands on the 404 page, which the browser tests would catch.
 */
export const appPath = (path: `/${string}`) => path as LinkProps['to'];
