interface LoadMoreProps {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
}

/** Lists arrive a page at a time (they may hold a million files); this asks for the next page. */
export function LoadMore({ hasNextPage, isFetchingNextPage, onLoadMore }: LoadMoreProps) {
  if (!hasNextPage) return null;
  return (
    <div className="flex justify-center">
      <button type="button" className="btn btn-outline" onClick={onLoadMore} disabled={isFetchingNextPage}>
        {isFetchingNextPage && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {isFetchingNextPage ? 'Loading...' : 'Load more'}
      </button>
    </div>
  );
}
