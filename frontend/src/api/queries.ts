/** Query definitions shared by route loaders (prefetch) and components (read). */
import { queryOptions } from '@tanstack/react-query';
import { getQueryFn } from './client';
import type { BillingOverview, EarlyAccess, Plan, RegistrationRecord, SubscriptionStatus } from './types';

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
