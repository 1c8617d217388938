import { queryOptions, useQuery } from '@tanstack/react-query';
import type { StorageStats } from '@cloudstash/contract';
import { apiData } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** GET /admin/stats: deduplication figures over the whole instance. */
export const storageStatsOptions = queryOptions({
  queryKey: queryKeys.storageStats,
  queryFn: ({ signal }) => apiData<StorageStats>('/admin/stats', { signal }),
});

export const useStorageStats = () => useQuery(storageStatsOptions);
