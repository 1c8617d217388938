import { useState } from 'react';
import { Link } from 'react-router';
import { MESSAGES, type StoredFile } from '@cloudstash/contract';
import { PageHeader } from '../../../components/PageHeader';
import { OwnerTotals } from '../../../components/OwnerTotals';
import { EmptyState } from '../../../components/States';
import { PagedListView } from '../../../components/PagedListView';
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
      {/* The tiles appear only once the user has files. */}
      {stats && stats.totalFiles > 0 && <OwnerTotals stats={stats} label="Your file statistics" />}
      <PagedListView
        list={list}
        loadingLabel="Loading your files"
        failedMessage={MESSAGES.filesLoadFailed}
        empty={<EmptyState message={MESSAGES.noFilesUploaded}>{uploadLink}</EmptyState>}
      >
        {(items) => (
          <>
            <MyFilesCards files={items} onEdit={setEditing} onDelete={setDeleting} />
            <MyFilesTable files={items} onEdit={setEditing} onDelete={setDeleting} />
          </>
        )}
      </PagedListView>
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
