import { MESSAGES, formatSize } from '@cloudstash/contract';
import { PageHeader } from '../../../components/PageHeader';
import { StatGrid, StatTile } from '../../../components/StatTile';
import { EmptyState } from '../../../components/States';
import { FileList } from '../../../components/FileList';
import { ADMIN_COLUMNS } from '../../../components/file-columns';
import { EMPTY_ADMIN_FILTERS, adminFilesQuery, adminListUrl } from '../../../lib/list-state';
import { useFilteredList } from '../../../lib/use-filtered-list';
import { useAdminFiles } from '../api/files';
import { useAdminFilesSummary } from '../api/files-summary';
import { AdminFileFilters } from './AdminFileFilters';
import { DownloadButton } from '../../../components/DownloadButton';
import { FileModeration } from '../../../components/FileModeration';
import type { FileActions } from '../../../components/file-columns';

/** Download, and the administrator's moderation of anyone's file. */
const adminActions: FileActions = (file) => (
  <div className="flex flex-wrap items-center gap-1">
    <DownloadButton file={file} />
    <FileModeration file={file} compact />
  </div>
);

/** /dashboard/admin/files */
export default function AdminFilesPage() {
  const { filters, debounced, sort, onSort, filterProps } = useFilteredList(
    adminListUrl,
    EMPTY_ADMIN_FILTERS,
  );
  const list = useAdminFiles(adminFilesQuery({ ...debounced, visibility: filters.visibility }, sort));
  const { data: summary, isError: summaryFailed } = useAdminFilesSummary();

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="All Files" subtitle="Every file stored on this CloudStash instance." />
      {/* While the figures load, the tiles hold their places so the list below does not jump. */}
      {!summaryFailed && (
        <StatGrid label="File statistics">
          <StatTile label="Total Files" value={summary?.totalFiles} />
          <StatTile label="Public" value={summary?.publicFiles} />
          <StatTile label="Private" value={summary?.privateFiles} />
          <StatTile label="Total Size" value={summary && formatSize(summary.totalSize)} />
          <StatTile label="Downloads" value={summary?.downloads} />
          <StatTile label="Active Users" value={summary?.activeUsers} />
        </StatGrid>
      )}
      <FileList
        list={list}
        sort={sort}
        onSort={onSort}
        filters={<AdminFileFilters {...filterProps} />}
        countNoun="files"
        caption="All files"
        columns={ADMIN_COLUMNS}
        showEmail
        actions={adminActions}
        loadingLabel="Loading files"
        failedMessage={MESSAGES.filesLoadFailed}
        empty={<EmptyState message={MESSAGES.noFiles} />}
      />
    </div>
  );
}
