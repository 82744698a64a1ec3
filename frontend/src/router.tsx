import type { QueryClient } from '@tanstack/react-query';
import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  parseSearchWith,
  stringifySearchWith,
} from '@tanstack/react-router';
import { currentUserQuery } from './api/auth';
import { earlyAccessQuery } from './api/queries';
import { queryClient } from './api/queryClient';
import type { User } from './api/types';
import { PageSpinner } from './features/layout/PageSpinner';
import { RootLayout } from './features/layout/RootLayout';
import type { PageData } from './routes/loaders';
import {
  validateAuditSearch,
  validateAuthCallbackSearch,
  validateHomeSearch,
  validateTokenizeSearch,
  validateConfirmRegistrationSearch,
} from './routes/search';

export interface RouterContext {
  queryClient: QueryClient;
}

/** What a signed-out visitor sees on a signed-in page (spec §2 route table, §6, §8); see routes/_signedIn.tsx. */
export type SignedOutView = 'launching-soon' | 'sign-in-required' | 'authentication-required' | 'logged-out';

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** On a signed-in page: what a signed-out visitor sees instead (the launching-soon notice by default). */
    signedOut?: SignedOutView;
  }
}

/** The signed-in pages' loaders, from their own chunk (routes/loaders.ts). */
const loaders = () => import('./routes/loaders');

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  // Lazy too: antd's Result carries large illustrations that most visits never need.
  notFoundComponent: lazyRouteComponent(() => import('./features/layout/NotFoundPage'), 'NotFoundPage'),
});

// Each page's code is a separate chunk, fetched on first visit (or on hover of a link to it).
const landingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  validateSearch: validateHomeSearch,
  // The landing page never waits for this: a visitor's places left, or a signed-in user's dashboard figures.
  loader: ({ context: { queryClient: client } }) => {
    const prefetch = async () => {
      const user = await client.ensureQueryData(currentUserQuery);
      if (user) await loaders().then(({ pageData }) => pageData.dashboard(client));
      else await client.prefetchQuery(earlyAccessQuery);
    };
    void prefetch().catch(() => undefined);
  },
  component: lazyRouteComponent(() => import('./routes/index')),
});

const registerInterestRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/register-interest',
  // Start fetching the places left alongside the page's code; the form never waits for it.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(earlyAccessQuery);
  },
  component: lazyRouteComponent(() => import('./routes/register-interest')),
});

const authCallbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/callback',
  validateSearch: validateAuthCallbackSearch,
  component: lazyRouteComponent(() => import('./routes/auth.callback')),
});

const confirmRegistrationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/register-interest/confirm',
  validateSearch: validateConfirmRegistrationSearch,
  component: lazyRouteComponent(() => import('./routes/register-interest.confirm')),
});

const publicPage = (path: string, load: Parameters<typeof lazyRouteComponent>[0]) =>
  createRoute({ getParentRoute: () => rootRoute, path, component: lazyRouteComponent(load) });

/**
 * The pathless layout of every signed-in page: beforeLoad learns who is signed in (once; the answer is
 * cached) and hands it to the pages' loaders; the layout shows each page, or what its route names for a
 * signed-out visitor. The spinner shows at once while the user state loads (spec §2).
 */
const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_signedIn',
  beforeLoad: async ({ context }): Promise<{ user: User | null }> => {
    // A failed check reads as signed out, as the header and every other use of the user query treat it.
    const user = await context.queryClient.ensureQueryData(currentUserQuery).catch(() => null);
    return { user };
  },
  pendingMs: 0,
  pendingMinMs: 0,
  component: lazyRouteComponent(() => import('./routes/_signedIn')),
});

/** A signed-in page; its `data` is fetched for a signed-in user before it renders (a visitor gets none). */
const signedInPage = (
  path: string,
  component: Parameters<typeof lazyRouteComponent>[0],
  options: { signedOut?: SignedOutView; data?: PageData } = {},
) =>
  createRoute({
    getParentRoute: () => signedInRoute,
    path,
    staticData: { signedOut: options.signedOut },
    loader: async ({ context: { queryClient: client, user } }) => {
      const { data } = options;
      if (user && data) await loaders().then(({ pageData }) => pageData[data](client, user));
    },
    component: lazyRouteComponent(component),
  });

const tokenizeRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/tokenize',
  staticData: { signedOut: 'authentication-required' },
  validateSearch: validateTokenizeSearch,
  loaderDeps: ({ search }) => ({ asset: search.asset }),
  loader: async ({ context: { queryClient: client, user }, deps: { asset } }) => {
    if (user && asset) await loaders().then(({ tokenizeData }) => tokenizeData(client, user, asset));
  },
  component: lazyRouteComponent(() => import('./routes/tokenize')),
});

// Not prefetched: every read of the history is recorded (AuditViewed), so only a real visit reads it.
const auditRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/audit',
  validateSearch: validateAuditSearch,
  component: lazyRouteComponent(() => import('./routes/audit')),
});

const routeTree = rootRoute.addChildren([
  landingRoute,
  registerInterestRoute,
  confirmRegistrationRoute,
  authCallbackRoute,
  publicPage('/auth', () => import('./routes/auth')),
  publicPage('/demo', () => import('./features/info/DemoPage')),
  publicPage('/partners', () => import('./features/info/PartnersPage')),
  publicPage('/user-guide', () => import('./features/info/UserGuidePage')),
  publicPage('/privacy', () => import('./features/info/PrivacyPage')),
  publicPage('/terms', () => import('./features/info/TermsPage')),
  publicPage('/security', () => import('./features/info/SecurityPage')),
  signedInRoute.addChildren([
    tokenizeRoute,
    auditRoute,
    signedInPage('/dashboard', () => import('./routes/dashboard'), { signedOut: 'logged-out', data: 'dashboard' }),
    signedInPage('/subscribe', () => import('./routes/subscribe'), {
      signedOut: 'sign-in-required',
      data: 'subscribe',
    }),
    signedInPage('/profile', () => import('./routes/profile')),
    signedInPage('/admin', () => import('./routes/admin'), { data: 'admin' }),
    signedInPage('/admin/operations', () => import('./routes/admin.operations'), { data: 'operations' }),
    signedInPage('/billing', () => import('./routes/billing'), { data: 'billing' }),
    signedInPage('/billing/portal', () => import('./routes/billing.portal'), { data: 'billing' }),
    signedInPage('/assets', () => import('./routes/assets'), { data: 'assets' }),
    signedInPage('/compliance', () => import('./routes/compliance'), { data: 'compliance' }),
    signedInPage('/analytics', () => import('./routes/analytics'), { data: 'analytics' }),
    signedInPage('/wholesale-verification', () => import('./routes/wholesale-verification'), {
      data: 'wholesaleVerification',
    }),
    signedInPage('/token-offerings', () => import('./routes/token-offerings'), { data: 'tokenOfferings' }),
  ]),
]);

export const router = createRouter({
  routeTree,
  context: { queryClient },
  caseSensitive: false,
  defaultPreload: 'intent',
  // Route data lives in TanStack Query; the router must not cache it a second time.
  defaultPreloadStaleTime: 0,
  defaultPendingComponent: PageSpinner,
  // Search params stay strings: the default parser reads JSON, which would turn an id of digits into a number.
  parseSearch: parseSearchWith((value) => value),
  stringifySearch: stringifySearchWith(JSON.stringify),
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
