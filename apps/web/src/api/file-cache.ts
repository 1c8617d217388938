import type { QueryClient } from '@tanstack/react-query';
import { queryKeys } from './query-keys';

/**
 * The one cache rule for a change to files: an upload, an edit, a delete or a download (which adds one to a
 * download count) can show in any file, list or tile, the admin screens included, so all of them are refetched.
 */
export function invalidateFileData(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.files }),
    queryClient.invalidateQueries({ queryKey: queryKeys.admin }),
  ]).then(() => undefined);
}
