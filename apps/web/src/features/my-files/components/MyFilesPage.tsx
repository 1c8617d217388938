import { useState } from 'react';
import { Link } from 'react-router';
import { MESSAGES, formatSize, type StoredFile } from '@cloudstash/contract';
import { PageHeader } from '../../../components/PageHeader';
import { StatGrid, StatTile } from '../../../components/StatTile';
import { EmptyState, ErrorState, LoadingState } from '../../../components/States';
import { LoadMore } from '../../../components/LoadMore';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useMyFiles } from '../api/user-files';
import { useMyStats } from '../api/user-stats';
import { useDeleteFile } from '../api/delete-file';
import { MyFilesTable } from './MyFilesTable';
import { MyFilesCards } from './MyFilesCards';
import { EditFileDialog } from './EditFileDialog';

/** /dashboard/my-files: the caller's files with preview, edit and delete. */
export default function MyFilesPage() {
  const list = useMyFiles();
  const { data: stats } = useMyStats();
  const remove = useDeleteFile();
  const [editing, setEditing] = useState<StoredFile | null>(null);
  const [deleting, setDeleting] = useState<StoredFile | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting._id, { onSettled: () => setDeleting(null) });
  };

  const uploadLink = (
    <Link to="/dashboard/upload-file" className="btn btn-primary">
      Upload File
    </Link>
  );

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="My Files" subtitle="Manage, preview and share the files you uploaded." />
      {/* Spec: the tiles appear only once the user has files. */}
      {stats && stats.totalFiles > 0 && (
        <StatGrid label="Your file statistics">
          <StatTile label="Total Files" value={stats.totalFiles} />
          <StatTile label="Storage Used" value={formatSize(stats.totalStorageUsed)} />
          <StatTile label="Public Files" value={stats.totalPublicFiles} />
          <StatTile label="Total Downloads" value={stats.totalDownloadCount} />
        </StatGrid>
      )}
      {list.isPending ? (
        <LoadingState label="Loading your files" />
      ) : list.failed ? (
        <ErrorState message={MESSAGES.filesLoadFailed} />
      ) : list.items.length === 0 ? (
        <EmptyState message={MESSAGES.noFilesUploaded}>{uploadLink}</EmptyState>
      ) : (
        <>
          <MyFilesCards files={list.items} onEdit={setEditing} onDelete={setDeleting} />
          <MyFilesTable files={list.items} onEdit={setEditing} onDelete={setDeleting} />
          <LoadMore
            hasNextPage={list.hasNextPage}
            isFetchingNextPage={list.isFetchingNextPage}
            onLoadMore={list.fetchNextPage}
          />
        </>
      )}
      <EditFileDialog key={editing?._id ?? 'closed'} file={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete File?"
        message="Are you sure you want to delete this file? This action cannot be undone."
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </div>
  );
}
