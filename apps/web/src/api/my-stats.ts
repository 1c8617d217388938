import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserFileStats } from '@cloudstash/contract';
import { apiData } from './api-client';
import { queryKeys } from './query-keys';

/** GET /files/stats: the caller's four totals, counted by the server over all their files. */
export const myStatsOptions = queryOptions({
  queryKey: queryKeys.myStats,
  queryFn: ({ signal }) => apiData<UserFileStats>('/files/stats', { signal }),
});

export const useMyStats = () => useQuery(myStatsOptions);
