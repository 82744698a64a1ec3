/** Query definitions shared by route loaders (prefetch) and components (read). */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { apiGet, getJsonAlsoOn, getQueryFn } from './client';
import { callUrl } from './contract';
import type {
  AssetRegister,
  ReconciliationStatus,
  AuditFilter,
  IntegrityStatus,
  JobsStatus,
  ProjectionInfo,
  AdminCounters,
  WholesaleStatus,
  Activity,
  Asset,
  ComplianceOverview,
  ComplianceReview,
  BillingOverview,
  DashboardStats,
  EarlyAccess,
  Investor,
  Plan,
  SubscriptionStatus,
  InvestorPortfolio,
  Health,
  OperatorHealth,
  Wallet,
  ChainProblems,
  AssetForReview,
  Holdings,
  InvestmentRows,
  OfferingCards,
  Offerings,
  PendingFreezes,
  WalletRecoveries,
  PendingSupplyChanges,
  Registrations,
  Verifications,
  TaxProfile,
  Income,
  Distribution,
  DistributionList,
  TransferList,
  WithheldTax,
} from './types';

export const earlyAccessQuery = queryOptions({
  queryKey: ['/api/early-access'],
  queryFn: getQueryFn<EarlyAccess>({ on401: 'throw' }),
});

export const registrationsQuery = queryOptions({
  queryKey: ['/api/admin/registrations'],
  queryFn: getQueryFn<Registrations>({ on401: 'throw' }),
});

export const plansQuery = queryOptions({
  queryKey: ['/api/plans'],
  queryFn: getQueryFn<Plan[]>({ on401: 'throw' }),
  staleTime: Infinity,
});

export const subscriptionStatusQuery = queryOptions({
  queryKey: ['/api/subscription/status'],
  queryFn: getQueryFn<SubscriptionStatus>({ on401: 'throw' }),
});

export const billingQuery = queryOptions({
  queryKey: ['/api/billing'],
  queryFn: getQueryFn<BillingOverview>({ on401: 'throw' }),
});

export const assetsQuery = queryOptions({
  queryKey: ['/api/assets'],
  queryFn: getQueryFn<Asset[]>({ on401: 'throw' }),
});

export const assetQuery = (id: string) =>
  queryOptions({
    queryKey: ['/api/assets', id],
    queryFn: getQueryFn<Asset>({ on401: 'throw' }),
  });

export const dashboardStatsQuery = queryOptions({
  queryKey: ['/api/dashboard/stats'],
  queryFn: getQueryFn<DashboardStats>({ on401: 'throw' }),
});

export const activitiesQuery = queryOptions({
  queryKey: ['/api/activities'],
  queryFn: getQueryFn<Activity[]>({ on401: 'throw' }),
});

export const investorsQuery = queryOptions({
  queryKey: ['/api/investors'],
  queryFn: getQueryFn<Investor[]>({ on401: 'throw' }),
});

export const reviewQueueQuery = queryOptions({
  queryKey: ['/api/admin/assets'],
  queryFn: getQueryFn<AssetForReview[]>({ on401: 'throw' }),
});

export const complianceQuery = queryOptions({
  queryKey: ['/api/compliance'],
  queryFn: getQueryFn<ComplianceOverview>({ on401: 'throw' }),
});

export const complianceReviewsQuery = queryOptions({
  queryKey: ['/api/compliance-reviews'],
  queryFn: getQueryFn<ComplianceReview[]>({ on401: 'throw' }),
});

export const wholesaleStatusQuery = queryOptions({
  queryKey: ['/api/wholesale-status'],
  queryFn: getQueryFn<WholesaleStatus>({ on401: 'throw' }),
});

export const offeringsQuery = queryOptions({
  queryKey: ['/api/offerings'],
  queryFn: getQueryFn<OfferingCards>({ on401: 'throw' }),
});

// The pages of single objects: keys under their list's key, so refreshing the list refreshes them too.
export const offeringQuery = (id: string) =>
  queryOptions({
    queryKey: ['/api/offerings', id],
    queryFn: ({ signal }) => apiGet('/api/offerings/{id}', { path: { id } }, signal),
  });

export const assetPageQuery = (id: string) =>
  queryOptions({
    queryKey: ['/api/assets', id, 'overview'],
    queryFn: ({ signal }) => apiGet('/api/assets/{id}/overview', { path: { id } }, signal),
  });

/** The signed-in investor's investments, priced now, with the portfolio's totals. */
export const investmentsQuery = queryOptions({
  queryKey: ['/api/investments'],
  queryFn: getQueryFn<InvestorPortfolio>({ on401: 'throw' }),
});

export const investmentQuery = (id: string) =>
  queryOptions({
    queryKey: ['/api/investments', id],
    queryFn: ({ signal }) => apiGet('/api/investments/{id}', { path: { id } }, signal),
  });

export const holdingsQuery = queryOptions({
  queryKey: ['/api/holdings'],
  queryFn: getQueryFn<Holdings>({ on401: 'throw' }),
});

export const verificationsQuery = queryOptions({
  queryKey: ['/api/admin/wholesale-verifications'],
  queryFn: getQueryFn<Verifications>({ on401: 'throw' }),
});

export const adminCountersQuery = queryOptions({
  queryKey: ['/api/admin/counters'],
  queryFn: getQueryFn<AdminCounters>({ on401: 'throw' }),
});

export const approvedAssetsQuery = queryOptions({
  queryKey: ['/api/admin/assets?status=active'],
  queryFn: getQueryFn<AssetForReview[]>({ on401: 'throw' }),
});

export const pendingInvestmentsQuery = queryOptions({
  queryKey: ['/api/admin/investments?status=pending'],
  queryFn: getQueryFn<InvestmentRows>({ on401: 'throw' }),
});

export const myOfferingsQuery = queryOptions({
  queryKey: ['/api/my-offerings'],
  queryFn: getQueryFn<Offerings>({ on401: 'throw' }),
});

/** Query string of an audit filter, without the empty fields. */
export function auditSearch(
  filter: AuditFilter & { after?: number; limit?: number; format?: string; at?: string },
): string {
  const params = new URLSearchParams(
    Object.entries(filter)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );
  return params.size ? `?${params}` : '';
}

/** The audit timeline, one page of 50 after another (each read is recorded as AuditViewed). */
export const auditEventsQuery = (filter: AuditFilter) =>
  infiniteQueryOptions({
    queryKey: ['/api/audit/events', filter],
    queryFn: ({ pageParam, signal }) =>
      apiGet('/api/audit/events', { query: { ...filter, after: pageParam, limit: 50 } }, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next ?? undefined,
    staleTime: Infinity,
  });

export const correlationQuery = (correlationId: string) =>
  queryOptions({
    queryKey: ['/api/audit/correlation', correlationId],
    queryFn: ({ signal }) => apiGet('/api/audit/correlation/{correlationId}', { path: { correlationId } }, signal),
    staleTime: Infinity,
  });

export const aggregateAtQuery = (streamId: string, at: string) =>
  queryOptions({
    queryKey: ['/api/audit/streams', streamId, 'state', at],
    queryFn: ({ signal }) =>
      apiGet('/api/audit/streams/{streamId}/state', { path: { streamId }, query: { at } }, signal),
    staleTime: Infinity,
  });

/** The tamper check: polled while it runs. */
export const integrityQuery = queryOptions({
  queryKey: ['/api/audit/integrity'],
  queryFn: getQueryFn<IntegrityStatus>({ on401: 'throw' }),
  refetchInterval: (query) => (query.state.data?.running ? 300 : false),
});

export const subjectQuery = (subjectId: string) =>
  queryOptions({
    queryKey: ['/api/audit/subjects', subjectId],
    queryFn: ({ signal }) => apiGet('/api/audit/subjects/{subjectId}', { path: { subjectId } }, signal),
  });

/** Projection status for /admin/operations: refreshed every second, faster while a rebuild runs. */
export const projectionsQuery = queryOptions({
  queryKey: ['/api/operations/projections'],
  queryFn: getQueryFn<ProjectionInfo[]>({ on401: 'throw' }),
  refetchInterval: (query) => (query.state.data?.some((p) => p.rebuild) ? 250 : 1000),
});

/**
 * An asset's register (supply, allocations, supply changes). Under the `/api/assets` key, so every asset write
 * (useAssetRefresh) reads it again.
 */
export const registerQuery = (assetId: string) =>
  queryOptions({
    queryKey: ['/api/assets', assetId, 'register'],
    queryFn: getQueryFn<AssetRegister>({ on401: 'throw' }),
  });

/** The cap table's address, now or as of the end of an NZ calendar day (YYYY-MM-DD); `.csv` for the export. */
export function capTableUrl(assetId: string, asOf: string | null, csv = false): string {
  const params = { path: { id: assetId }, query: asOf ? { asOf } : {} };
  // The CSV's asOf is optional too, as for the table: the backend's OpenAPI document omits to say so (no @ApiQuery).
  const csvParams = params as { path: { id: string }; query: { asOf: string } };
  return csv
    ? callUrl('get', '/api/assets/{id}/cap-table.csv', csvParams)
    : callUrl('get', '/api/assets/{id}/cap-table', params);
}

/** The cap table, now or replayed as of a past NZ date. A past one never changes, so it is kept. */
export const capTableQuery = (assetId: string, asOf: string | null) =>
  queryOptions({
    queryKey: ['/api/assets', assetId, 'cap-table', asOf],
    queryFn: ({ signal }) =>
      apiGet('/api/assets/{id}/cap-table', { path: { id: assetId }, query: asOf ? { asOf } : {} }, signal),
  });

/** Freezes and unfreezes awaiting a second admin (issue 32). */
export const freezesQuery = queryOptions({
  queryKey: ['/api/admin/freezes'],
  queryFn: getQueryFn<PendingFreezes>({ on401: 'throw' }),
});

/** Every wallet recovery with its stage and chain steps (admins, issue 32). */
export const walletRecoveriesQuery = queryOptions({
  queryKey: ['/api/admin/wallet-recoveries'],
  queryFn: getQueryFn<WalletRecoveries>({ on401: 'throw' }),
});

/** The signed-in investor's own wallet recoveries, newest first. */
export const ownWalletRecoveriesQuery = queryOptions({
  queryKey: ['/api/wallet/recoveries'],
  queryFn: getQueryFn<WalletRecoveries>({ on401: 'throw' }),
});

export const supplyChangesQuery = queryOptions({
  queryKey: ['/api/admin/supply-changes'],
  queryFn: getQueryFn<PendingSupplyChanges>({ on401: 'throw' }),
});

/** The background jobs for /admin/operations: which replica runs each, how far a subscription has got. */
export const jobsQuery = queryOptions({
  queryKey: ['/api/operations/jobs'],
  queryFn: getQueryFn<JobsStatus>({ on401: 'throw' }),
  refetchInterval: 2000,
});

/** The register reconciliation for /admin/operations: polled while a run is going. */
export const reconciliationQuery = queryOptions({
  queryKey: ['/api/operations/reconciliation'],
  queryFn: getQueryFn<ReconciliationStatus>({ on401: 'throw' }),
  refetchInterval: (query) => (query.state.data?.running ? 300 : false),
});

/**
 * An asset's token on the chain. Under the asset's key, so an asset write reads it again; polled every second
 * while its deployment is under way.
 */
export const tokenQuery = (assetId: string) =>
  queryOptions({
    queryKey: ['/api/assets', assetId, 'token'],
    queryFn: ({ signal }) => apiGet('/api/assets/{id}/token', { path: { id: assetId } }, signal),
    retry: false,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 1000 : false),
  });

/**
 * /api/health: ok or degraded with the failing checks, and the chain's kind and ok (the token and wallet screens);
 * to an admin also the reasons and every figure (the operations page polls it). A replica that is not ready answers
 * 503 with the same body.
 */
export const healthQuery = queryOptions({
  queryKey: ['/api/health'],
  queryFn: ({ signal }) => getJsonAlsoOn<Health>('/api/health', [503], signal),
});

/** The operator's answer (an admin's), or null when /api/health answered as it does to anyone. */
export const operatorHealth = (health: Health | undefined): OperatorHealth | null =>
  health && 'reasons' in health ? health : null;

/** Admins: chain transactions that will not happen by themselves (operations page). */
export const chainProblemsQuery = queryOptions({
  queryKey: ['/api/admin/chain/problems'],
  queryFn: getQueryFn<ChainProblems>({ on401: 'throw' }),
});

/** The signed-in person's wallet on the chain. */
export const walletQuery = queryOptions({
  queryKey: ['/api/wallet'],
  queryFn: getQueryFn<Wallet>({ on401: 'throw' }),
});

export const taxProfileQuery = queryOptions({
  queryKey: ['/api/tax-profile'],
  queryFn: getQueryFn<TaxProfile>({ on401: 'throw' }),
});

/** The signed-in person's transfers between investors: as seller, buyer or the asset's owner. */
export const transfersQuery = queryOptions({
  queryKey: ['/api/transfers'],
  queryFn: getQueryFn<TransferList>({ on401: 'throw' }),
});

/** Every transfer of an asset (admins: the asset's screen). Its key starts as the lists' do, so a step refreshes it. */
export const assetTransfersQuery = (assetId: string) =>
  queryOptions({
    queryKey: ['/api/transfers', 'asset', assetId],
    queryFn: ({ signal }) => apiGet('/api/transfers/asset/{id}', { path: { id: assetId } }, signal),
  });

export const incomeQuery = queryOptions({
  queryKey: ['/api/income'],
  queryFn: getQueryFn<Income>({ on401: 'throw' }),
});

export const distributionsQuery = (assetId: string) =>
  queryOptions({
    queryKey: ['/api/assets', assetId, 'distributions'],
    queryFn: getQueryFn<DistributionList>({ on401: 'throw' }),
  });

export const distributionQuery = (assetId: string, distributionId: string) =>
  queryOptions({
    queryKey: ['/api/assets', assetId, 'distributions', distributionId],
    queryFn: getQueryFn<Distribution>({ on401: 'throw' }),
  });

export const adminDistributionsQuery = queryOptions({
  queryKey: ['/api/admin/distributions'],
  queryFn: getQueryFn<DistributionList>({ on401: 'throw' }),
});

export const withheldTaxQuery = queryOptions({
  queryKey: ['/api/admin/withheld-tax'],
  queryFn: getQueryFn<WithheldTax>({ on401: 'throw' }),
});

/** The annual tax statement (PDF) of a tax year, named by the year it ends. */
export const statementUrl = (taxYear: number) => `/api/income/statements/${taxYear}`;
/** The payer's investment income report for a month (YYYY-MM). */
export const payerReportUrl = (month: string) => `/api/income-report.csv?month=${encodeURIComponent(month)}`;
/** The bulk direct-credit file of a distribution being paid, from the given bank account. */
export const directCreditUrl = (distributionId: string, fromAccount: string) =>
  `/api/admin/distributions/${encodeURIComponent(distributionId)}/direct-credit.csv?fromAccount=${encodeURIComponent(fromAccount)}`;
