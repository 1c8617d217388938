import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope, StoredFile } from '@cloudstash/contract';
import { ApiError, apiRequest } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/**
 * GET /files/f/{id}. A missing (or not visible) file reads as null and the screen says 'File not found'; so does
 * an id the server refuses as malformed (400), since no file can have it: its validation text is not for people.
 * Any other failure stays an error so the screen can toast it and go back to /dashboard.
 */
export const fileOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.file(id),
    queryFn: async ({ signal }) => {
      try {
        return (await apiRequest<Envelope<StoredFile>>(`/files/f/${encodeURIComponent(id)}`, { signal }))
          .data;
      } catch (error) {
        if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
        throw error;
      }
    },
    // The preview query is not retried.
    retry: false,
  });

export const useFile = (id: string) => useQuery(fileOptions(id));
