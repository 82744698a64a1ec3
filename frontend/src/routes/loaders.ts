/**
 * The signed-in pages' loaders: what each page shows, fetched before it renders (and on hover of a link to it).
 * In a chunk of their own, loaded with the first signed-in page, so a visitor's first load carries none of
 * them (as TanStack Router's automatic code-splitting does with file routes).
 * A failed read is left to the page, which shows its own message for it, so a loader never fails its route.
 */
import type { QueryClient } from '@tanstack/react-query';
import {
  activitiesQuery,
  adminCountersQuery,
  assetPageQuery,
  assetQuery,
  assetsQuery,
  billingQuery,
  complianceQuery,
  complianceReviewsQuery,
  dashboardStatsQuery,
  investmentQuery,
  investmentsQuery,
  myOfferingsQuery,
  offeringQuery,
  offeringsQuery,
  plansQuery,
  projectionsQuery,
  reconciliationQuery,
  verificationsQuery,
  wholesaleStatusQuery,
} from '../api/queries';
import type { User } from '../api/types';
import { canCreateTokens } from '../shared/subscriptionRule';

async function settle(...reads: Promise<unknown>[]): Promise<void> {
  await Promise.allSettled(reads);
}

const isAdmin = (user: User) => user.roles.includes('admin');

export const pageData = {
  dashboard: (client: QueryClient) =>
    settle(
      client.ensureQueryData(dashboardStatsQuery),
      client.ensureQueryData(complianceQuery),
      client.ensureQueryData(wholesaleStatusQuery),
      client.ensureQueryData(assetsQuery),
      client.ensureQueryData(activitiesQuery),
      // An investor's home: their investments.
      client.ensureQueryData(investmentsQuery),
    ),
  subscribe: (client: QueryClient) =>
    settle(
      client.ensureQueryData(plansQuery),
      client.ensureQueryData(billingQuery),
      client.ensureQueryData(assetsQuery),
    ),
  // /admin shows a compliance officer the compliance reviews only.
  admin: (client: QueryClient, user: User) =>
    isAdmin(user)
      ? settle(client.ensureQueryData(adminCountersQuery), client.ensureQueryData(verificationsQuery))
      : settle(client.ensureQueryData(complianceReviewsQuery)),
  operations: (client: QueryClient, user: User) =>
    isAdmin(user)
      ? settle(client.ensureQueryData(projectionsQuery), client.ensureQueryData(reconciliationQuery))
      : settle(),
  billing: (client: QueryClient) => settle(client.ensureQueryData(billingQuery), client.ensureQueryData(plansQuery)),
  assets: (client: QueryClient) => settle(client.ensureQueryData(assetsQuery)),
  compliance: (client: QueryClient) =>
    settle(client.ensureQueryData(complianceQuery), client.ensureQueryData(assetsQuery)),
  complianceReviews: (client: QueryClient, user: User) =>
    user.roles.some((role) => role === 'admin' || role === 'compliance')
      ? settle(client.ensureQueryData(complianceReviewsQuery))
      : settle(),
  analytics: (client: QueryClient) =>
    settle(
      client.ensureQueryData(dashboardStatsQuery),
      client.ensureQueryData(assetsQuery),
      client.ensureQueryData(myOfferingsQuery),
    ),
  wholesaleVerification: (client: QueryClient) => settle(client.ensureQueryData(wholesaleStatusQuery)),
  // Offerings and holdings are read only for a wholesale investor (docs/specification.md §6).
  tokenOfferings: async (client: QueryClient) => {
    const status = await client.ensureQueryData(wholesaleStatusQuery).catch(() => null);
    if (!status?.isWholesaleInvestor) return;
    await settle(client.ensureQueryData(offeringsQuery), client.ensureQueryData(investmentsQuery));
  },
} satisfies Record<string, (client: QueryClient, user: User) => Promise<void>>;

export type PageData = keyof typeof pageData;

/** /tokenize?asset=…: the draft the wizard continues, when the user may create tokens at all. */
export function tokenizeData(client: QueryClient, user: User, assetId: string | undefined): Promise<void> {
  return assetId && canCreateTokens(user) ? settle(client.ensureQueryData(assetQuery(assetId))) : settle();
}

/** The pages of single objects (/assets/$assetId, /token-offerings/$offeringId, /investments/$investmentId). */
export const objectData = {
  asset: (client: QueryClient, id: string) => settle(client.ensureQueryData(assetPageQuery(id))),
  offering: (client: QueryClient, id: string) => settle(client.ensureQueryData(offeringQuery(id))),
  investment: (client: QueryClient, id: string) => settle(client.ensureQueryData(investmentQuery(id))),
};
