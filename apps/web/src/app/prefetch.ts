import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import type { StoredFile } from '@cloudstash/contract';
import { queryKeys } from '../lib/query-keys';
import { currentUserQuery } from '../lib/session';
import type { pagedListOptions } from '../lib/paged-list';

/**
 * Route properties that start a screen's first requests the moment its route is entered. The router runs a
 * route's loader alongside fetching the screen's code, so on a first visit the session and the list are on
 * their way while the chunk loads, instead of leaving once it has loaded, run and rendered the session guard.
 * The loader hands nothing to the screen: the answers land in the query cache, under the keys the screen's own
 * queries use, and a screen whose data is still fresh asks for nothing.
 */
function startOnEntry(start: (url: URL) => void) {
  return {
    loader: ({ request }: LoaderFunctionArgs) => {
      start(new URL(request.url));
      return null;
    },
    // Only on entering: a new sort or filter inside the screen is the screen's own (debounced) request.
    shouldRevalidate: () => false,
  };
}

/** The signed-in area: who is signed in, which every guard below waits for. */
export const sessionOnEntry = (queryClient: QueryClient) =>
  startOnEntry(() => void queryClient.prefetchQuery(currentUserQuery));

type ListOptionsAt = (params: URLSearchParams) => ReturnType<typeof pagedListOptions<StoredFile>>;

/**
 * A file list screen: its first page for the state its address describes. How an address becomes a query is
 * the screen's own code, loaded here the way the screen loads it, so the landing page carries none of it.
 * A visitor known to be signed out is on the way to the sign-in page, so nothing is asked for them.
 */
export const fileListOnEntry = (queryClient: QueryClient, loadOptionsAt: () => Promise<ListOptionsAt>) =>
  startOnEntry((url) => {
    if (queryClient.getQueryData(queryKeys.me) === null) return;
    void loadOptionsAt().then((optionsAt) => queryClient.prefetchInfiniteQuery(optionsAt(url.searchParams)));
  });
