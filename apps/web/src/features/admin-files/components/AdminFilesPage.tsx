import { MESSAGES, formatSize } from '@cloudstash/contract';
import { PageHeader } from '../../../components/PageHeader';
import { StatGrid, StatTile } from '../../../components/StatTile';
import { EmptyState } from '../../../components/States';
import { FileList } from '../../../components/FileList';
import { ADMIN_COLUMNS } from '../../../components/file-columns';
import { EMPTY_ADMIN_FILTERS, adminFilesQuery, adminListUrl, nextSort } from '../../../lib/list-state';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useUrlState } from '../../../lib/use-url-state';
import { useAdminFiles } from '../api/files';
import { useAdminFilesSummary } from '../api/files-summary';
import { AdminFileFilters } from './AdminFileFilters';

/** /dashboard/admin/files */
export default function AdminFilesPage() {
  const [{ filters, sort }, setState] = useUrlState(adminListUrl);
  const debounced = useDebouncedValue(filters);
  const list = useAdminFiles(adminFilesQuery({ ...debounced, visibility: filters.visibility }, sort));
  const { data: summary } = useAdminFilesSummary();

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
      <FileList
        list={list}
        sort={sort}
        onSort={(column) => setState((current) => ({ ...current, sort: nextSort(current.sort, column) }))}
        filters={
          <AdminFileFilters
            filters={filters}
            onChange={(next) => setState((current) => ({ ...current, filters: next }))}
            onClear={() => setState((current) => ({ ...current, filters: EMPTY_ADMIN_FILTERS }))}
          />
        }
        countNoun="files"
        caption="All files"
        columns={ADMIN_COLUMNS}
        showEmail
        loadingLabel="Loading files"
        failedMessage={MESSAGES.filesLoadFailed}
        empty={<EmptyState message={MESSAGES.noFiles} />}
      />
    </div>
  );
}
