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
  EMPTY_ADMIN_FILTERS,
  adminFilesQuery,
  nextSort,
  type SortState,
} from '../../../lib/list-state';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { queryKeys } from '../../../lib/query-keys';
import { useAdminFiles } from '../api/files';
import { useAdminFilesSummary } from '../api/files-summary';
import { AdminFileFilters } from './AdminFileFilters';

/** /dashboard/admin/files */
export default function AdminFilesPage() {
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState(EMPTY_ADMIN_FILTERS);
  const [sort, setSort] = useState<SortState>(DEFAULT_SORT);
  const debounced = useDebouncedValue(filters);
  const list = useAdminFiles(adminFilesQuery({ ...debounced, visibility: filters.visibility }, sort));
  const { data: summary } = useAdminFilesSummary();

  const refresh = () => void queryClient.invalidateQueries({ queryKey: queryKeys.admin });

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="All Files" subtitle="Every file stored on this CloudStash instance." />
      {summary && (
        <StatGrid label="File statistics">
          <StatTile label="Total Files" value={summary.totalFiles} />
          <StatTile label="Public" value={summary.publicFiles} />
          <StatTile label="Private" value={summary.privateFiles} />
          <StatTile label="Total Size" value={formatSize(summary.totalSize)} />
          <StatTile label="Downloads" value={summary.downloads} />
          <StatTile label="Active Users" value={summary.activeUsers} />
        </StatGrid>
      )}
      <AdminFileFilters
        filters={filters}
        onChange={setFilters}
        onClear={() => setFilters(EMPTY_ADMIN_FILTERS)}
      />
      <p aria-live="polite" className="text-sm text-base-content/80">
        Showing {list.total} of {summary?.totalFiles ?? list.total} files
      </p>
      <PagedListView
        list={list}
        loadingLabel="Loading files"
        failedMessage={MESSAGES.filesLoadFailed}
        empty={<EmptyState message={MESSAGES.noFiles} />}
      >
        {(items) => (
          <>
            <FileTable
              files={items}
              caption="All files"
              sort={sort}
              onSort={(column) => setSort((current) => nextSort(current, column))}
              showVisibility
              showEmail
              onDownloaded={refresh}
            />
          </>
        )}
      </PagedListView>
    </div>
  );
}
