import { formatSize, type UserFileStats } from '@cloudstash/contract';
import { StatGrid, StatTile } from './StatTile';

/**
 * The four totals of one person's files (My Files, and an admin's view of a user), and the bytes their kept
 * versions and their Trash take (within Storage Used) when there are any.
 */
export function OwnerTotals({ stats, label }: { stats: UserFileStats; label: string }) {
  return (
    <StatGrid label={label}>
      <StatTile label="Total Files" value={stats.totalFiles} />
      <StatTile label="Storage Used" value={formatSize(stats.totalStorageUsed)} />
      <StatTile label="Public Files" value={stats.totalPublicFiles} />
      <StatTile label="Total Downloads" value={stats.totalDownloadCount} />
      {stats.versionBytes !== undefined && (
        <StatTile
          label="Versions"
          value={formatSize(stats.versionBytes)}
          hint={`${stats.totalVersions ?? 0} earlier versions, within Storage Used`}
        />
      )}
      {stats.trashBytes !== undefined && (
        <StatTile
          label="In trash"
          value={formatSize(stats.trashBytes)}
          hint="Deleted items, within Storage Used"
        />
      )}
    </StatGrid>
  );
}
