import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UsersSummary } from '@cloudstash/contract';
import { apiData } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** GET /admin/users/summary: the three tiles of User Management. */
export const usersSummaryOptions = queryOptions({
  queryKey: queryKeys.adminUsersSummary,
  queryFn: ({ signal }) => apiData<UsersSummary>('/admin/users/summary', { signal }),
});

export const useUsersSummary = () => useQuery(usersSummaryOptions);
