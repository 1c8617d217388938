import type { ReactNode } from 'react';
import type { PagedList } from '../api/paged-list';
import { LoadMore } from './LoadMore';
import { PendingButton } from './PendingButton';
import { ErrorState, LoadingState } from './States';

interface PagedListViewProps<T> {
  list: PagedList<T>;
  loadingLabel: string;
  /** The screen's fixed message when the list cannot load. */
  failedMessage: string;
  /** What an empty list shows (the screen's fixed empty text, perhaps with a link). */
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
  /** Load the next page as the person scrolls near the end. */
  loadOnScroll?: boolean;
}

/**
 * Every paged list's states in one place: loading, failed (with Retry: a dropped connection should not need a
 * reload of the whole screen), empty, or the items with "Load more".
 */
export function PagedListView<T>({
  list,
  loadingLabel,
  failedMessage,
  empty,
  children,
  loadOnScroll = false,
}: PagedListViewProps<T>) {
  if (list.isPending) return <LoadingState label={loadingLabel} />;
  if (list.failed) {
    return (
      <ErrorState message={failedMessage}>
        <PendingButton type="button" className="btn-sm" onClick={list.refetch} pending={list.isFetching}>
          Retry
        </PendingButton>
      </ErrorState>
    );
  }
  if (list.items.length === 0) return <>{empty}</>;
  return (
    <>
      {children(list.items)}
      <LoadMore
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        onLoadMore={list.fetchNextPage}
        onScroll={loadOnScroll}
      />
    </>
  );
}
