import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  type QueryKey,
} from '@tanstack/react-query';
import type { Page } from '@cloudstash/contract';
import { apiRequest } from './api-client';

/** A list query (FileListQuery, UserListQuery): flat values, sent as search params. */
type Query = object;

/**
 * Options for a server-side paged list: each page asks for the next cursor until the server says there
 * is none. A failed first page is the query's error, which the screen shows as its failure text.
 */
export function pagedListOptions<T>(queryKey: QueryKey, path: string, query: Query) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<Page<T>>(path, {
        query: { ...(query as Record<string, string | number | undefined>), cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.meta.nextCursor ?? undefined,
    // While a new filter or sort loads, keep showing the previous rows rather than flashing a spinner.
    placeholderData: keepPreviousData,
  });
}

/**
 * The list flattened for rendering: the rows loaded so far, how many match the filters on the server (`total`,
 * from the first page), and whether the list failed to load.
 */
export function usePagedList<T>(options: ReturnType<typeof pagedListOptions<T>>) {
  const query = useInfiniteQuery(options);
  const pages = query.data?.pages ?? [];
  return {
    items: pages.flatMap((page) => page.data),
    total: pages[0]?.meta.total ?? 0,
    // A failed "Load more" keeps the rows already shown; only a list with nothing to show has failed.
    failed: query.isError && pages.length === 0,
    isPending: query.isPending,
    isFetching: query.isFetching,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    fetchNextPage: () => void query.fetchNextPage(),
    refetch: () => void query.refetch(),
  };
}

export type PagedList<T> = ReturnType<typeof usePagedList<T>>;
