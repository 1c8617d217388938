import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUserStats } from '@cloudstash/contract';
import { apiData } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** GET /admin/stats/{userId}: the user and their four totals; a failure (unknown id included) shows 'User not found'. */
export const adminUserStatsOptions = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.adminUserStats(userId),
    queryFn: ({ signal }) =>
      apiData<AdminUserStats>(`/admin/stats/${encodeURIComponent(userId)}`, { signal }),
  });

export const useAdminUserStats = (userId: string) => useQuery(adminUserStatsOptions(userId));
