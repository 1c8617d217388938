import { Link } from 'react-router';
import { MESSAGES, dedupFigures, formatSize } from '@cloudstash/contract';
import { PageHeader } from '../../../components/PageHeader';
import { StatGrid, StatTile } from '../../../components/StatTile';
import { ErrorState, LoadingState } from '../../../components/States';
import { useStorageStats } from '../api/storage-stats';
import { StorageBarChart } from './StorageBarChart';

/** /dashboard/admin/stats: what deduplication saves. */
export default function StorageStatsPage() {
  const { data: stats, isPending, isError } = useStorageStats();
  if (isPending) return <LoadingState label="Loading storage statistics" />;
  if (isError) {
    return (
      <div className="flex flex-col gap-6">
        <PageHeader title="Storage Statistics" />
        <ErrorState message={MESSAGES.statsLoadFailed} />
      </div>
    );
  }
  const figures = dedupFigures(stats);
  const duplicated = stats.mostDuplicatedFile;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Storage Statistics" subtitle="How much space automatic deduplication saves." />
      <StatGrid label="Storage sizes">
        <StatTile
          label="Total Logical Size"
          value={formatSize(stats.totalLogicalSize)}
          hint="Sum of every uploaded file and kept version"
        />
        <StatTile
          label="Total Physical Size"
          value={formatSize(stats.totalPhysicalSize)}
          hint="Bytes actually stored"
        />
        <StatTile
          label="Storage Saved"
          value={formatSize(stats.storageSaved)}
          hint="Logical minus physical"
        />
        <StatTile label="Storage Efficiency" value={figures.efficiency} hint="Saved / logical size" />
        <StatTile
          label="Versions"
          value={formatSize(stats.versionBytes ?? 0)}
          hint={`${stats.totalVersions ?? 0} earlier versions, within the logical size`}
        />
        {stats.trashBytes !== undefined && (
          <StatTile
            label="In trash"
            value={formatSize(stats.trashBytes)}
            hint="Deleted items kept in every Trash, within the logical size"
          />
        )}
        <StatTile
          label="Thumbnails"
          value={formatSize(stats.thumbnailBytes ?? 0)}
          hint="Stored on top of the physical size, once per content"
        />
        <StatTile
          label="Physical Size with Thumbnails"
          value={formatSize(stats.totalPhysicalSize + (stats.thumbnailBytes ?? 0))}
          hint="Everything the blob store holds"
        />
      </StatGrid>
      <section aria-label="Storage chart" className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body">
          <StorageBarChart logical={stats.totalLogicalSize} physical={stats.totalPhysicalSize} />
        </div>
      </section>
      <StatGrid label="Deduplication">
        <StatTile label="Duplicate Ratio" value={figures.duplicateRatio} hint="Uploads per unique file" />
        <StatTile label="Duplicate Uploads" value={figures.duplicateUploads} hint="Uploads already stored" />
        <StatTile label="Total Files Uploaded" value={stats.totalFilesUploaded} />
        <StatTile label="Unique Files Stored" value={stats.uniqueFilesStored} />
        <StatTile label="Total Users" value={stats.totalUsers} />
      </StatGrid>
      <div className="grid gap-6 md:grid-cols-2">
        <section
          aria-labelledby="most-duplicated"
          className="card border border-base-300 bg-base-100 shadow-sm"
        >
          <div className="card-body">
            <h2 id="most-duplicated" className="card-title">
              Most Duplicated File
            </h2>
            {duplicated ? (
              <>
                <p>
                  <Link to={`/dashboard/file/${duplicated.fileId}`} className="link font-semibold break-all">
                    {duplicated.filename}
                  </Link>
                </p>
                <p>
                  Uploaded <strong>{duplicated.count}</strong> times, stored once.
                </p>
                <p className="break-all text-xs text-base-content/70">SHA-256 {duplicated.sha256}</p>
              </>
            ) : (
              <p className="text-base-content/80">No file has been uploaded more than once yet.</p>
            )}
          </div>
        </section>
        <section aria-labelledby="top-uploader" className="card border border-base-300 bg-base-100 shadow-sm">
          <div className="card-body">
            <h2 id="top-uploader" className="card-title">
              Top Uploader
            </h2>
            {stats.topUploader ? (
              <p>
                <Link
                  to={`/dashboard/admin/users/${stats.topUploader.userId}`}
                  className="link font-semibold"
                >
                  {stats.topUploader.name}
                </Link>{' '}
                with <strong>{stats.topUploader.uploads}</strong> uploads
              </p>
            ) : (
              <p className="text-base-content/80">No uploads yet.</p>
            )}
          </div>
        </section>
      </div>
    </div>
  );
}
