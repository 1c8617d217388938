import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import {
  ALLOWED_MIME_TYPES,
  DEFAULT_RESUMABLE_CHUNK_BYTES,
  MAX_UPLOAD_BYTES,
  type UploadConfig,
} from '@cloudstash/contract';
import { apiData } from './api-client';
import { queryKeys } from './query-keys';

/** What the browser assumes until the server has answered: the defaults every instance starts with. */
export const DEFAULT_UPLOAD_CONFIG: UploadConfig = {
  maxUploadBytes: MAX_UPLOAD_BYTES,
  allowedTypes: [...ALLOWED_MIME_TYPES],
  resumableChunkBytes: DEFAULT_RESUMABLE_CHUNK_BYTES,
};

/**
 * GET /config: the limits this instance was configured with. They change when it restarts, and the allowed
 * types when an administrator changes them (Instance Settings refreshes this then).
 */
export const uploadConfigOptions = queryOptions({
  queryKey: queryKeys.uploadConfig,
  queryFn: ({ signal }) => apiData<UploadConfig>('/config', { signal }),
  staleTime: 5 * 60_000,
});

/**
 * The instance's limits, the defaults while they load (or if they cannot be loaded); `loading` says they are
 * not known yet, so that a screen does not state the defaults as the instance's.
 */
export function useUploadConfig(): UploadConfig & { loading: boolean } {
  const { data, isPending } = useQuery(uploadConfigOptions);
  return { ...(data ?? DEFAULT_UPLOAD_CONFIG), loading: isPending };
}

/** The instance's limits once known, for a check that must not meet the defaults while they load. */
export function loadUploadConfig(queryClient: QueryClient): Promise<UploadConfig> {
  return queryClient.ensureQueryData(uploadConfigOptions).catch(() => DEFAULT_UPLOAD_CONFIG);
}

/**
 * How many days a delete keeps items in their owner's Trash; undefined while the trash is off (a delete is
 * final, the spec's behaviour) or the instance's settings are still loading.
 */
export const useTrashDays = (): number | undefined => useUploadConfig().trashRetentionDays;

/** The same, from what the cache already holds (for code that runs after a request, outside rendering). */
export const cachedTrashDays = (queryClient: QueryClient): number | undefined =>
  queryClient.getQueryData(uploadConfigOptions.queryKey)?.trashRetentionDays;
