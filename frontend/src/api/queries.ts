/** Query definitions shared by route loaders (prefetch) and components (read). */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { getJson, getQueryFn } from './client';
import type {
  AggregateAt,
  AuditEvent,
  AuditFilter,
  AuditPage,
  IntegrityStatus,
  ProjectionInfo,
  SubjectStanding,
  AdminCounters,
  Holding,
  Offering,
  VerificationRecord,
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
  RegistrationRecord,
  SubscriptionStatus,
} from './types';

export const earlyAccessQuery = queryOptions({
  queryKey: ['/api/early-access'],
  queryFn: getQueryFn<EarlyAccess>({ on401: 'throw' }),
});

export const registrationsQuery = queryOptions({
  queryKey: ['/api/admin/registrations'],
  queryFn: getQueryFn<{ registrations: RegistrationRecord[] }>({ on401: 'throw' }),
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
  queryFn: getQueryFn<Asset[]>({ on401: 'throw' }),
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
  queryFn: getQueryFn<{ offerings: Offering[] }>({ on401: 'throw' }),
});

export const holdingsQuery = queryOptions({
  queryKey: ['/api/holdings'],
  queryFn: getQueryFn<{ holdings: Holding[] }>({ on401: 'throw' }),
});

export const verificationsQuery = queryOptions({
  queryKey: ['/api/admin/wholesale-verifications'],
  queryFn: getQueryFn<{ verifications: VerificationRecord[] }>({ on401: 'throw' }),
});

export const adminCountersQuery = queryOptions({
  queryKey: ['/api/admin/counters'],
  queryFn: getQueryFn<AdminCounters>({ on401: 'throw' }),
});

export const approvedAssetsQuery = queryOptions({
  queryKey: ['/api/admin/assets?status=active'],
  queryFn: getQueryFn<Asset[]>({ on401: 'throw' }),
});

export const pendingInvestmentsQuery = queryOptions({
  queryKey: ['/api/admin/investments?status=pending'],
  queryFn: getQueryFn<{ investments: (Holding & { investorId: string })[] }>({ on401: 'throw' }),
});

export const myOfferingsQuery = queryOptions({
  queryKey: ['/api/my-offerings'],
  queryFn: getQueryFn<{ offerings: Offering[] }>({ on401: 'throw' }),
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
      getJson<AuditPage>(`/api/audit/events${auditSearch({ ...filter, after: pageParam, limit: 50 })}`, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next ?? undefined,
    staleTime: Infinity,
  });

export const correlationQuery = (correlationId: string) =>
  queryOptions({
    queryKey: ['/api/audit/correlation', correlationId],
    queryFn: ({ signal }) =>
      getJson<{ correlationId: string; events: AuditEvent[] }>(
        `/api/audit/correlation/${encodeURIComponent(correlationId)}`,
        signal,
      ),
    staleTime: Infinity,
  });

export const aggregateAtQuery = (streamId: string, at: string) =>
  queryOptions({
    queryKey: ['/api/audit/streams', streamId, 'state', at],
    queryFn: ({ signal }) =>
      getJson<AggregateAt>(`/api/audit/streams/${encodeURIComponent(streamId)}/state${auditSearch({ at })}`, signal),
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
    queryFn: ({ signal }) => getJson<SubjectStanding>(`/api/audit/subjects/${encodeURIComponent(subjectId)}`, signal),
  });

/** Projection status for /admin/operations: refreshed every second, faster while a rebuild runs. */
export const projectionsQuery = queryOptions({
  queryKey: ['/api/operations/projections'],
  queryFn: getQueryFn<ProjectionInfo[]>({ on401: 'throw' }),
  refetchInterval: (query) => (query.state.data?.some((p) => p.rebuild) ? 250 : 1000),
});
