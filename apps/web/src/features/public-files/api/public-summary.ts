import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope, PublicFilesSummary } from '@cloudstash/contract';
import { readOrNull } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /files/public/summary: the eight tiles, counted over every public file (not the loaded page). */
export const publicSummaryOptions = queryOptions({
  queryKey: queryKeys.publicSummary,
  queryFn: async () =>
    (await readOrNull<Envelope<PublicFilesSummary>>('/files/public/summary'))?.data ?? null,
});

export const usePublicSummary = () => useQuery(publicSummaryOptions);
