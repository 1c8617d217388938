import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope, UserFileStats } from '@cloudstash/contract';
import { readOrNull } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /files/stats: the caller's four totals, counted by the server over all their files. */
export const myStatsOptions = queryOptions({
  queryKey: queryKeys.myStats,
  queryFn: async () => (await readOrNull<Envelope<UserFileStats>>('/files/stats'))?.data ?? null,
});

export const useMyStats = () => useQuery(myStatsOptions);
