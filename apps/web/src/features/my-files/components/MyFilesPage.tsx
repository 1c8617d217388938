import { useState } from 'react';
import { Link } from 'react-router';
import { MESSAGES, type StoredFile } from '@cloudstash/contract';
import { PageHeader } from '../../../components/PageHeader';
import { OwnerTotals } from '../../../components/OwnerTotals';
import { QuotaBar } from '../../../components/QuotaBar';
import { EmptyState } from '../../../components/States';
import { FileList } from '../../../components/FileList';
import { MY_FILES_COLUMNS } from '../../../components/file-columns';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { nextSort, sortOnlyUrl } from '../../../lib/list-state';
import { useUrlState } from '../../../lib/use-url-state';
import { useMyFiles } from '../api/user-files';
import { useMyStats } from '../../../api/my-stats';
import { useDeleteFile } from '../../../api/delete-file';
import { EditFileDialog } from './EditFileDialog';
import { MyFileActions } from './MyFileActions';

/** /dashboard/my-files: the caller's files with preview, edit and delete. */
export default function MyFilesPage() {
  const [sort, setSort] = useUrlState(sortOnlyUrl);
  const list = useMyFiles(sort);
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
      {stats?.quotaBytes != null && (
        <QuotaBar usedBytes={stats.totalStorageUsed} quotaBytes={stats.quotaBytes} />
      )}
      <FileList
        list={list}
        sort={sort}
        onSort={(column) => setSort((current) => nextSort(current, column))}
        caption="Your files"
        columns={MY_FILES_COLUMNS}
        actions={(file) => <MyFileActions file={file} onEdit={setEditing} onDelete={setDeleting} />}
        loadingLabel="Loading your files"
        failedMessage={MESSAGES.filesLoadFailed}
        empty={<EmptyState message={MESSAGES.noFilesUploaded}>{uploadLink}</EmptyState>}
      />
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
