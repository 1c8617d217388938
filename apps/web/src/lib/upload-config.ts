import { queryOptions, useQuery } from '@tanstack/react-query';
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

/** GET /config: the limits this instance was configured with; they change only when it restarts. */
export const uploadConfigOptions = queryOptions({
  queryKey: queryKeys.uploadConfig,
  queryFn: ({ signal }) => apiData<UploadConfig>('/config', { signal }),
  staleTime: 5 * 60_000,
});

/** The instance's limits, the defaults while they load (or if they cannot be loaded). */
export function useUploadConfig(): UploadConfig {
  return useQuery(uploadConfigOptions).data ?? DEFAULT_UPLOAD_CONFIG;
}
