import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  type QueryKey,
} from '@tanstack/react-query';
import type { Page } from '@cloudstash/contract';
import { readOrNull } from './api-client';

/** A list query (FileListQuery, UserListQuery): flat values, sent as search params. */
type Query = object;

/**
 * Options for a server-side paged list: each page asks for the next cursor until the server says there
 * is none. A failed page reads as null, which the screen shows as its failure text.
 */
export function pagedListOptions<T>(queryKey: QueryKey, path: string, query: Query) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      readOrNull<Page<T>>(path, {
        query: { ...(query as Record<string, string | number | undefined>), cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage?.meta.nextCursor ?? undefined,
    // While a new filter or sort loads, keep showing the previous rows rather than flashing a spinner.
    placeholderData: keepPreviousData,
  });
}

/** The list flattened for rendering, with the matching total and whether the first page failed. */
export function usePagedList<T>(options: ReturnType<typeof pagedListOptions<T>>) {
  const query = useInfiniteQuery(options);
  const pages = query.data?.pages ?? [];
  const failed = query.isSuccess && pages[0] === null;
  return {
    items: pages.flatMap((page) => page?.data ?? []),
    total: pages[0]?.meta.total ?? 0,
    failed,
    isPending: query.isPending,
    isFetching: query.isFetching,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    fetchNextPage: () => void query.fetchNextPage(),
    refetch: () => void query.refetch(),
  };
}
