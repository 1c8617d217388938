import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope, UsersSummary } from '@cloudstash/contract';
import { readOrNull } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /admin/users/summary: the three tiles of User Management. */
export const usersSummaryOptions = queryOptions({
  queryKey: queryKeys.adminUsersSummary,
  queryFn: async () => (await readOrNull<Envelope<UsersSummary>>('/admin/users/summary'))?.data ?? null,
});

export const useUsersSummary = () => useQuery(usersSummaryOptions);
