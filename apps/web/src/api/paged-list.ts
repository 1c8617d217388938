import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  type QueryKey,
} from '@tanstack/react-query';
import { useRef } from 'react';
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
 * Asks for the list again every `everyMs` while any row loaded `while` says it is still changing on the server
 * (a thumbnail being made), at most `maxPolls` times in a row, and only while the page is visible.
 */
export interface ListPoll<T> {
  while: (item: T) => boolean;
  everyMs: number;
  maxPolls: number;
}

/**
 * The list flattened for rendering: the rows loaded so far, how many match the filters on the server (`total`,
 * from the first page), and whether the list failed to load.
 */
export function usePagedList<T>(options: ReturnType<typeof pagedListOptions<T>>, poll?: ListPoll<T>) {
  const polls = useRef({ count: 0, seen: 0 });
  const query = useInfiniteQuery({
    ...options,
    refetchInterval: poll
      ? (q) => {
          const waiting = q.state.data?.pages.some((page) => page.data.some(poll.while)) ?? false;
          if (!waiting) {
            polls.current.count = 0;
            return false;
          }
          // Counted per answer received (this is asked on every render too), and reset once nothing waits.
          if (q.state.dataUpdatedAt !== polls.current.seen) {
            polls.current = { count: polls.current.count + 1, seen: q.state.dataUpdatedAt };
          }
          return polls.current.count <= poll.maxPolls ? poll.everyMs : false;
        }
      : undefined,
  });
  const pages = query.data?.pages ?? [];
  return {
    items: pages.flatMap((page) => page.data),
    total: pages[0]?.meta.total ?? 0,
    /** The server stopped counting at `total`: at least that many match (a text search of a common word). */
    totalCapped: pages[0]?.meta.totalCapped ?? false,
    // A failed "Load more" keeps the rows already shown; only a list with nothing to show has failed.
    failed: query.isError && pages.length === 0,
    isPending: query.isPending,
    isFetching: query.isFetching,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    fetchNextPage: () => void query.fetchNextPage(),
    /** Reads every page not read yet; answers all the items. */
    fetchAll: async (): Promise<T[]> => {
      let result = await query.fetchNextPage();
      while (result.hasNextPage && !result.isError) result = await query.fetchNextPage();
      return result.data?.pages.flatMap((page) => page.data) ?? [];
    },
    refetch: () => void query.refetch(),
  };
}

export type PagedList<T> = ReturnType<typeof usePagedList<T>>;

/**
 * How many match, as the count line says it: "1000+" while the server's count stopped short and more pages
 * remain (never less than the rows already on screen), the rows themselves once the last page is in.
 */
export function matchCountText(
  list: Pick<PagedList<unknown>, 'items' | 'total' | 'totalCapped' | 'hasNextPage'>,
) {
  if (!list.totalCapped) return String(list.total);
  if (!list.hasNextPage) return String(list.items.length);
  return `${Math.max(list.total, list.items.length)}+`;
}
