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
import type { PageTitle } from './features/layout/documentTitle';
import { PageSpinner } from './shared/ui/PageSpinner';
import { RootLayout } from './features/layout/RootLayout';
import { RouteError } from './features/layout/RouteError';
import { importWithRetry } from './chunks';
import type { SignedOutView } from './routes/_signedIn';
import type { PageData } from './routes/loaders';
import {
  validateAuditSearch,
  validateAuthCallbackSearch,
  validateHomeSearch,
  validateTokenizeSearch,
  validateConfirmRegistrationSearch,
  validateResetPasswordSearch,
  validateVerifyEmailSearch,
} from './shared/search';

export interface RouterContext {
  queryClient: QueryClient;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** On a signed-in page: what a signed-out visitor sees instead (the launching-soon notice by default). */
    signedOut?: SignedOutView;
    /** The page's title: document.title becomes "<title> · Kauri" (features/layout/documentTitle.ts). */
    title?: PageTitle;
  }
}

/** The signed-in pages' loaders, from their own chunk (routes/loaders.ts). */
const loaders = () => importWithRetry(() => import('./routes/loaders'));

/** A route's component from its own chunk; a chunk that fails to load is fetched again, then the page reloads. */
const routeChunk = (load: Parameters<typeof lazyRouteComponent>[0], name?: string) =>
  lazyRouteComponent(() => importWithRetry(load), name);

/** A page's chunk by its export name: the feature's page is the route's component, with no file in between. */
const page =
  <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) =>
  () =>
    load().then((module) => ({ default: module[name] }));

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  // Lazy too: antd's Result carries large illustrations that most visits never need.
  notFoundComponent: routeChunk(() => import('./features/layout/NotFoundPage'), 'NotFoundPage'),
});

// Each page's code is a separate chunk, fetched on first visit (or on hover of a link to it).
const landingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  staticData: { title: { signedIn: 'Dashboard', signedOut: 'Tokenize Real-World Assets' } },
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
  component: routeChunk(() => import('./routes/index')),
});

const registerInterestRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/register-interest',
  staticData: { title: 'Register Interest' },
  // Start fetching the places left alongside the page's code; the form never waits for it.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(earlyAccessQuery);
  },
  component: routeChunk(() => import('./routes/register-interest')),
});

const authCallbackRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/callback',
  staticData: { title: 'Signing In' },
  validateSearch: validateAuthCallbackSearch,
  component: routeChunk(page(() => import('./features/auth/AuthCallbackPage'), 'AuthCallbackPage')),
});

const confirmRegistrationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/register-interest/confirm',
  staticData: { title: 'Confirm Registration' },
  validateSearch: validateConfirmRegistrationSearch,
  component: routeChunk(() => import('./routes/register-interest.confirm')),
});

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/reset-password',
  staticData: { title: 'Reset Password' },
  validateSearch: validateResetPasswordSearch,
  component: routeChunk(() => import('./routes/auth.reset-password')),
});

const verifyEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/verify-email',
  staticData: { title: 'Confirm E-mail Address' },
  validateSearch: validateVerifyEmailSearch,
  component: routeChunk(() => import('./routes/auth.verify-email')),
});

const publicPage = (path: string, title: string, load: Parameters<typeof lazyRouteComponent>[0]) =>
  createRoute({ getParentRoute: () => rootRoute, path, staticData: { title }, component: routeChunk(load) });

/**
 * The pathless layout of every signed-in page: beforeLoad learns who is signed in (once; the answer is
 * cached) and hands it to the pages' loaders; the layout shows each page, or what its route names for a
 * signed-out visitor. The spinner shows at once while the user state loads (docs/specification.md §2).
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
  component: routeChunk(() => import('./routes/_signedIn')),
});

/** A signed-in page; its `data` is fetched for a signed-in user before it renders (a visitor gets none). */
const signedInPage = (
  path: string,
  title: string,
  component: Parameters<typeof lazyRouteComponent>[0],
  options: { signedOut?: SignedOutView; data?: PageData } = {},
) =>
  createRoute({
    getParentRoute: () => signedInRoute,
    path,
    staticData: { signedOut: options.signedOut, title },
    loader: async ({ context: { queryClient: client, user } }) => {
      const { data } = options;
      if (user && data) await loaders().then(({ pageData }) => pageData[data](client, user));
    },
    component: routeChunk(component),
  });

const tokenizeRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/tokenize',
  staticData: { signedOut: 'authentication-required', title: 'Tokenize' },
  validateSearch: validateTokenizeSearch,
  loaderDeps: ({ search }) => ({ asset: search.asset }),
  loader: async ({ context: { queryClient: client, user }, deps: { asset } }) => {
    if (user && asset) await loaders().then(({ tokenizeData }) => tokenizeData(client, user, asset));
  },
  component: routeChunk(() => import('./routes/tokenize')),
});

/**
 * The page of one object (an asset, an offering, an investment): its data is fetched for a signed-in user
 * before it renders. The server decides who may see it; anyone else gets the page's "not found".
 */
const objectPage = <P extends string>(
  path: P,
  title: string,
  component: Parameters<typeof lazyRouteComponent>[0],
  data: (client: QueryClient, id: string) => Promise<void>,
) =>
  createRoute({
    getParentRoute: () => signedInRoute,
    path,
    staticData: { title },
    loader: async ({ context: { queryClient: client, user }, params }) => {
      const id = Object.values(params as Record<string, string>)[0];
      if (user && id) await data(client, id);
    },
    component: routeChunk(component),
  });

const assetRoute = objectPage(
  '/assets/$assetId',
  'Asset',
  () => import('./routes/assets.$assetId'),
  (client, id) => loaders().then(({ objectData }) => objectData.asset(client, id)),
);
const offeringRoute = objectPage(
  '/token-offerings/$offeringId',
  'Offering',
  () => import('./routes/token-offerings.$offeringId'),
  (client, id) => loaders().then(({ objectData }) => objectData.offering(client, id)),
);
const investmentRoute = objectPage(
  '/investments/$investmentId',
  'Investment',
  () => import('./routes/investments.$investmentId'),
  (client, id) => loaders().then(({ objectData }) => objectData.investment(client, id)),
);

const assetDistributionsRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/assets/$assetId/distributions',
  staticData: { signedOut: 'authentication-required', title: 'Distributions' },
  component: routeChunk(() => import('./routes/assets.$assetId.distributions')),
});

// Not prefetched: every read of the history is recorded (AuditViewed), so only a real visit reads it.
const auditRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/audit',
  staticData: { title: 'Audit History' },
  validateSearch: validateAuditSearch,
  component: routeChunk(() => import('./routes/audit')),
});

const routeTree = rootRoute.addChildren([
  landingRoute,
  registerInterestRoute,
  confirmRegistrationRoute,
  authCallbackRoute,
  publicPage(
    '/auth',
    'Sign In',
    page(() => import('./features/auth/AuthPage'), 'AuthPage'),
  ),
  publicPage(
    '/auth/forgot-password',
    'Forgot Password',
    page(() => import('./features/auth/ForgotPasswordPage'), 'ForgotPasswordPage'),
  ),
  resetPasswordRoute,
  verifyEmailRoute,
  publicPage('/demo', 'Demo', () => import('./features/info/DemoPage')),
  publicPage('/partners', 'Partners', () => import('./features/info/PartnersPage')),
  publicPage('/user-guide', 'User Guide', () => import('./features/info/UserGuidePage')),
  publicPage('/privacy', 'Privacy Policy', () => import('./features/info/PrivacyPage')),
  publicPage('/terms', 'Terms of Service', () => import('./features/info/TermsPage')),
  publicPage('/security', 'Security', () => import('./features/info/SecurityPage')),
  signedInRoute.addChildren([
    tokenizeRoute,
    auditRoute,
    assetRoute,
    assetDistributionsRoute,
    offeringRoute,
    investmentRoute,
    signedInPage('/dashboard', 'Dashboard', () => import('./routes/dashboard'), {
      signedOut: 'logged-out',
      data: 'dashboard',
    }),
    signedInPage('/subscribe', 'Subscribe', () => import('./routes/subscribe'), {
      signedOut: 'sign-in-required',
      data: 'subscribe',
    }),
    signedInPage('/profile', 'Profile', () => import('./routes/profile')),
    signedInPage('/admin', 'Admin', () => import('./routes/admin'), { data: 'admin' }),
    signedInPage('/admin/distributions', 'Distributions', () => import('./routes/admin.distributions')),
    signedInPage('/admin/wallet-recoveries', 'Wallet Recoveries', () => import('./routes/admin.wallet-recoveries')),
    signedInPage(
      '/income',
      'Income',
      page(() => import('./features/income/IncomePage'), 'IncomePage'),
      {
        signedOut: 'authentication-required',
      },
    ),
    signedInPage('/admin/operations', 'Operations', () => import('./routes/admin.operations'), { data: 'operations' }),
    signedInPage(
      '/billing',
      'Billing',
      page(() => import('./features/billing/BillingPage'), 'BillingPage'),
      { data: 'billing' },
    ),
    signedInPage(
      '/billing/portal',
      'Billing Portal',
      page(() => import('./features/billing/SandboxPortalPage'), 'SandboxPortalPage'),
      { data: 'billing' },
    ),
    signedInPage(
      '/assets',
      'My Assets',
      page(() => import('./features/assets/AssetsPage'), 'AssetsPage'),
      { data: 'assets' },
    ),
    signedInPage(
      '/compliance',
      'Compliance',
      page(() => import('./features/compliance/CompliancePage'), 'CompliancePage'),
      { data: 'compliance' },
    ),
    signedInPage('/compliance-reviews', 'Compliance Reviews', () => import('./routes/compliance-reviews'), {
      data: 'complianceReviews',
    }),
    signedInPage(
      '/analytics',
      'Analytics',
      page(() => import('./features/dashboard/AnalyticsPage'), 'AnalyticsPage'),
      { data: 'analytics' },
    ),
    signedInPage(
      '/wholesale-verification',
      'Wholesale Verification',
      page(() => import('./features/wholesale/WholesaleVerificationPage'), 'WholesaleVerificationPage'),
      { data: 'wholesaleVerification' },
    ),
    signedInPage(
      '/token-offerings',
      'Token Offerings',
      page(() => import('./features/wholesale/TokenOfferingsPage'), 'TokenOfferingsPage'),
      { data: 'tokenOfferings' },
    ),
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
  // A route chunk (or a part of a page) that fails to load reloads the page or says so: never a silent gap.
  defaultErrorComponent: RouteError,
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
