import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope, StorageStats } from '@cloudstash/contract';
import { readOrNull } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /admin/stats: deduplication figures over the whole instance. */
export const storageStatsOptions = queryOptions({
  queryKey: queryKeys.storageStats,
  queryFn: async () => (await readOrNull<Envelope<StorageStats>>('/admin/stats'))?.data ?? null,
});

export const useStorageStats = () => useQuery(storageStatsOptions);
