import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminFilesSummary, Envelope } from '@cloudstash/contract';
import { readOrNull } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /admin/files/summary: the six tiles of All Files. */
export const adminFilesSummaryOptions = queryOptions({
  queryKey: queryKeys.adminFilesSummary,
  queryFn: async () => (await readOrNull<Envelope<AdminFilesSummary>>('/admin/files/summary'))?.data ?? null,
});

export const useAdminFilesSummary = () => useQuery(adminFilesSummaryOptions);
