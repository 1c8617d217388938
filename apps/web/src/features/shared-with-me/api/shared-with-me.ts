import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SharedSearch, SharedWithMeItem } from '@cloudstash/contract';
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

/**
 * GET /shares/with-me/search: folders and files anywhere in what is shared with the caller whose name contains
 * the text; nothing is asked for ''. The last answer stays on screen while the next one loads.
 */
export const useSharedSearch = (q: string) =>
  useQuery({
    queryKey: [...queryKeys.sharedWithMe, 'search', q],
    queryFn: ({ signal }) => apiData<SharedSearch>('/shares/with-me/search', { query: { q }, signal }),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
