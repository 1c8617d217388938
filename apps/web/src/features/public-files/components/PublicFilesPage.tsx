import { MESSAGES, formatSize } from '@cloudstash/contract';
import { PageHeader } from '../../../components/PageHeader';
import { StatGrid, StatTile } from '../../../components/StatTile';
import { EmptyState } from '../../../components/States';
import { FileList } from '../../../components/FileList';
import { PUBLIC_COLUMNS } from '../../../components/file-columns';
import { EMPTY_PUBLIC_FILTERS, publicFilesQuery, publicListUrl } from '../../../lib/list-state';
import { useFilteredList } from '../../../lib/use-filtered-list';
import { usePublicFiles } from '../api/public-files';
import { usePublicSummary } from '../api/public-summary';
import { PublicFilters } from './PublicFilters';

/** /dashboard/public-files and /dashboard/profile: the community list of public files. */
export default function PublicFilesPage() {
  const { filters, debounced, sort, onSort, filterProps } = useFilteredList(
    publicListUrl,
    EMPTY_PUBLIC_FILTERS,
  );
  // Text filters wait for a pause in typing; the category select applies at once.
  const list = usePublicFiles(publicFilesQuery({ ...debounced, category: filters.category }, sort));
  const { data: summary, isError: summaryFailed } = usePublicSummary();

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Public Files" subtitle="Browse and download files shared by the community." />
      {/* While the figures load, the tiles hold their places so the list below does not jump. */}
      {!summaryFailed && (
        <StatGrid label="Public file statistics">
          <StatTile label="Total Files" value={summary?.totalFiles} />
          <StatTile label="Images" value={summary?.images} />
          <StatTile label="Videos" value={summary?.videos} />
          <StatTile label="Documents" value={summary?.documents} />
          <StatTile label="Others" value={summary?.others} />
          <StatTile label="Total Size" value={summary && formatSize(summary.totalSize)} />
          <StatTile label="Downloads" value={summary?.downloads} />
          <StatTile label="Contributors" value={summary?.contributors} />
        </StatGrid>
      )}
      <FileList
        list={list}
        sort={sort}
        onSort={onSort}
        filters={<PublicFilters {...filterProps} />}
        countNoun="public files"
        caption="Public files"
        columns={PUBLIC_COLUMNS}
        loadingLabel="Loading public files"
        failedMessage={MESSAGES.publicFilesLoadFailed}
        empty={<EmptyState message={MESSAGES.noPublicFiles} />}
      />
    </div>
  );
}
