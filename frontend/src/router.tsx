import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent } from '@tanstack/react-router';
import { earlyAccessQuery } from './api/queries';
import { queryClient } from './api/queryClient';
import { PageSpinner } from './features/layout/PageSpinner';
import { RootLayout } from './features/layout/RootLayout';

export interface RouterContext {
  queryClient: QueryClient;
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  // Lazy too: antd's Result carries large illustrations that most visits never need.
  notFoundComponent: lazyRouteComponent(() => import('./features/layout/NotFoundPage'), 'NotFoundPage'),
});

// Each page's code is a separate chunk, fetched on first visit (or on hover of a link to it).
const landingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
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

const page = (path: string, load: Parameters<typeof lazyRouteComponent>[0]) =>
  createRoute({ getParentRoute: () => rootRoute, path, component: lazyRouteComponent(load) });

const routeTree = rootRoute.addChildren([
  landingRoute,
  registerInterestRoute,
  page('/register-interest/confirm', () => import('./routes/register-interest.confirm')),
  page('/dashboard', () => import('./routes/dashboard')),
  page('/auth', () => import('./routes/auth')),
  page('/auth/callback', () => import('./routes/auth.callback')),
  page('/profile', () => import('./routes/profile')),
  page('/admin', () => import('./routes/admin')),
  page('/admin/operations', () => import('./routes/admin.operations')),
  page('/audit', () => import('./routes/audit')),
  page('/tokenize', () => import('./routes/tokenize')),
  page('/subscribe', () => import('./routes/subscribe')),
  page('/billing', () => import('./routes/billing')),
  page('/assets', () => import('./routes/assets')),
  page('/compliance', () => import('./routes/compliance')),
  page('/analytics', () => import('./routes/analytics')),
  page('/wholesale-verification', () => import('./routes/wholesale-verification')),
  page('/token-offerings', () => import('./routes/token-offerings')),
  page('/billing/portal', () => import('./routes/billing.portal')),
  page('/demo', () => import('./features/info/DemoPage')),
  page('/partners', () => import('./features/info/PartnersPage')),
  page('/user-guide', () => import('./features/info/UserGuidePage')),
  page('/privacy', () => import('./features/info/PrivacyPage')),
  page('/terms', () => import('./features/info/TermsPage')),
  page('/security', () => import('./features/info/SecurityPage')),
]);

export const router = createRouter({
  routeTree,
  context: { queryClient },
  caseSensitive: false,
  defaultPreload: 'intent',
  // Route data lives in TanStack Query; the router must not cache it a second time.
  defaultPreloadStaleTime: 0,
  defaultPendingComponent: PageSpinner,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
