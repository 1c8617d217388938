import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicFilesSummary } from '@cloudstash/contract';
import { apiData } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** GET /files/public/summary: the eight tiles, counted over every public file (not the loaded page). */
export const publicSummaryOptions = queryOptions({
  queryKey: queryKeys.publicSummary,
  queryFn: ({ signal }) => apiData<PublicFilesSummary>('/files/public/summary', { signal }),
});

export const usePublicSummary = () => useQuery(publicSummaryOptions);
