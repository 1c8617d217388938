import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MESSAGES, formatSize } from '@cloudstash/contract';
import { PageHeader } from '../../../components/PageHeader';
import { StatGrid, StatTile } from '../../../components/StatTile';
import { EmptyState } from '../../../components/States';
import { FileTable } from '../../../components/FileTable';
import { PagedListView } from '../../../components/PagedListView';
import {
  DEFAULT_SORT,
  EMPTY_PUBLIC_FILTERS,
  nextSort,
  publicFilesQuery,
  type SortState,
} from '../../../lib/list-state';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { queryKeys } from '../../../lib/query-keys';
import { usePublicFiles } from '../api/public-files';
import { usePublicSummary } from '../api/public-summary';
import { PublicFilters } from './PublicFilters';

/** /dashboard/public-files and /dashboard/profile: the community list of public files. */
export default function PublicFilesPage() {
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState(EMPTY_PUBLIC_FILTERS);
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  // Text filters wait for a pause in typing; the category select applies at once.
  const debounced = useDebouncedValue(filters);
  const query = publicFilesQuery({ ...debounced, category: filters.category }, sort);
  const list = usePublicFiles(query);
  const { data: summary } = usePublicSummary();

  const refreshCounts = () => void queryClient.invalidateQueries({ queryKey: queryKeys.files });

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Public Files" subtitle="Browse and download files shared by the community." />
      {summary && (
        <StatGrid label="Public file statistics">
          <StatTile label="Total Files" value={summary.totalFiles} />
          <StatTile label="Images" value={summary.images} />
          <StatTile label="Videos" value={summary.videos} />
          <StatTile label="Documents" value={summary.documents} />
          <StatTile label="Others" value={summary.others} />
          <StatTile label="Total Size" value={formatSize(summary.totalSize)} />
          <StatTile label="Downloads" value={summary.downloads} />
          <StatTile label="Contributors" value={summary.contributors} />
        </StatGrid>
      )}
      <PublicFilters
        filters={filters}
        onChange={setFilters}
        onClear={() => setFilters(EMPTY_PUBLIC_FILTERS)}
      />
      <p aria-live="polite" className="text-sm text-base-content/80">
        Showing {list.total} of {summary?.totalFiles ?? list.total} public files
        {list.isFetching && !list.isPending && (
          <span className="loading loading-spinner loading-xs ml-2 align-middle" aria-hidden="true" />
        )}
      </p>
      <PagedListView
        list={list}
        loadingLabel="Loading public files"
        failedMessage={MESSAGES.publicFilesLoadFailed}
        empty={<EmptyState message={MESSAGES.noPublicFiles} />}
      >
        {(items) => (
          <>
            <FileTable
              files={items}
              caption="Public files"
              sort={sort}
              onSort={(column) => setSort((current) => nextSort(current, column))}
              onDownloaded={refreshCounts}
            />
          </>
        )}
      </PagedListView>
    </div>
  );
}
