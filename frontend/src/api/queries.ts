/** Query definitions shared by route loaders (prefetch) and components (read). */
import { queryOptions } from '@tanstack/react-query';
import { getQueryFn } from './client';
import type { EarlyAccess, RegistrationRecord } from './types';

export const earlyAccessQuery = queryOptions({
  queryKey: ['/api/early-access'],
  queryFn: getQueryFn<EarlyAccess>({ on401: 'throw' }),
});

export const registrationsQuery = queryOptions({
  queryKey: ['/api/admin/registrations'],
  queryFn: getQueryFn<{ registrations: RegistrationRecord[] }>({ on401: 'throw' }),
});
