import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SharedWithMeItem } from '@cloudstash/contract';
import { apiData } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** Folders before files; within each, the most recently shared first. */
function foldersFirst(items: SharedWithMeItem[]): SharedWithMeItem[] {
  return [...items].sort(
    (a, b) =>
      Number(b.kind === 'folder') - Number(a.kind === 'folder') || b.sharedAt.localeCompare(a.sharedAt),
  );
}

/** GET /shares/with-me: every file and folder shared with the caller, directly or through a group, once each. */
export const sharedWithMeOptions = queryOptions({
  queryKey: queryKeys.sharedWithMe,
  queryFn: async ({ signal }) =>
    foldersFirst(await apiData<SharedWithMeItem[]>('/shares/with-me', { signal })),
});

export const useSharedWithMe = () => useQuery(sharedWithMeOptions);
