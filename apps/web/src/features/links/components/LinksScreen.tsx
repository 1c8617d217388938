import type { Link } from '@cloudstash/contract';
import { LINK_MESSAGES } from '@cloudstash/contract';
import { LoadMore } from '../../../components/LoadMore';
import { PageHeader } from '../../../components/PageHeader';
import { EmptyState, ErrorState, LoadingState } from '../../../components/States';
import type { usePagedList } from '../../../api/paged-list';
import { LinksList } from './LinksList';

interface LinksScreenProps {
  title: string;
  subtitle: string;
  list: ReturnType<typeof usePagedList<Link>>;
  showOwner?: boolean;
}

/** The frame both link screens share: header, the reminder about private files, the list and its pages. */
export function LinksScreen({ title, subtitle, list, showOwner }: LinksScreenProps) {
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={title} subtitle={subtitle} />
      <p className="alert alert-info alert-soft">{LINK_MESSAGES.linkPrivateStillShared}</p>
      {list.isPending ? (
        <LoadingState label="Loading links" />
      ) : list.failed ? (
        <ErrorState message="Failed to load share links" />
      ) : list.items.length === 0 ? (
        <EmptyState message="No share links yet. Create one from a file's page, or from a folder's menu in My Files." />
      ) : (
        <>
          <p className="text-sm text-base-content/70">
            {list.total} {list.total === 1 ? 'link' : 'links'}
          </p>
          <LinksList links={list.items} showOwner={showOwner} />
          <LoadMore
            hasNextPage={list.hasNextPage}
            isFetchingNextPage={list.isFetchingNextPage}
            onLoadMore={list.fetchNextPage}
          />
        </>
      )}
    </div>
  );
}
