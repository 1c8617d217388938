import { useEffect, useRef } from 'react';
import { PendingButton } from './PendingButton';

interface LoadMoreProps {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
  /** Ask for the next page by itself as the person scrolls near the end (the button stays, for keyboards). */
  onScroll?: boolean;
}

/** How far below the screen the end of a list may still be when the next page is asked for. */
const AHEAD = '800px';

/** Lists arrive a page at a time (they may hold a million files); this asks for the next page. */
export function LoadMore({ hasNextPage, isFetchingNextPage, onLoadMore, onScroll = false }: LoadMoreProps) {
  const end = useRef<HTMLDivElement>(null);
  const load = useRef(onLoadMore);
  useEffect(() => {
    load.current = onLoadMore;
  });
  const waiting = hasNextPage && !isFetchingNextPage;
  useEffect(() => {
    const target = end.current;
    if (!onScroll || !waiting || !target || typeof IntersectionObserver === 'undefined') return;
    const seen = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) load.current();
      },
      { rootMargin: `0px 0px ${AHEAD} 0px` },
    );
    seen.observe(target);
    return () => seen.disconnect();
  }, [onScroll, waiting]);
  if (!hasNextPage) return null;
  return (
    <div ref={end} className="flex justify-center">
      <PendingButton type="button" className="btn-outline" onClick={onLoadMore} pending={isFetchingNextPage}>
        {isFetchingNextPage ? 'Loading...' : 'Load more'}
      </PendingButton>
    </div>
  );
}
