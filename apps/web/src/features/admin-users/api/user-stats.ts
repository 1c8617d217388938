import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUserStats, Envelope } from '@cloudstash/contract';
import { readOrNull } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /admin/stats/{userId}: the user and their four totals; null (shown as 'User not found') on failure. */
export const adminUserStatsOptions = (userId: string) =>
  queryOptions({
    queryKey: queryKeys.adminUserStats(userId),
    queryFn: async () =>
      (await readOrNull<Envelope<AdminUserStats>>(`/admin/stats/${encodeURIComponent(userId)}`))?.data ??
      null,
  });

export const useAdminUserStats = (userId: string) => useQuery(adminUserStatsOptions(userId));
