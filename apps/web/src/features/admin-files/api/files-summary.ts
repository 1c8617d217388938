import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminFilesSummary } from '@cloudstash/contract';
import { apiData } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** GET /admin/files/summary: the six tiles of All Files. */
export const adminFilesSummaryOptions = queryOptions({
  queryKey: queryKeys.adminFilesSummary,
  queryFn: ({ signal }) => apiData<AdminFilesSummary>('/admin/files/summary', { signal }),
});

export const useAdminFilesSummary = () => useQuery(adminFilesSummaryOptions);
