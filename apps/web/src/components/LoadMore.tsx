import { PendingButton } from './PendingButton';

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
      <PendingButton type="button" className="btn-outline" onClick={onLoadMore} pending={isFetchingNextPage}>
        {isFetchingNextPage ? 'Loading...' : 'Load more'}
      </PendingButton>
    </div>
  );
}
