import { useEffect, useRef, useState } from 'react';
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
import { focusFileRow } from '../../../lib/focus';
import { MyFileActions } from './MyFileActions';

/** /dashboard/my-files: the caller's files with preview, edit and delete. */
export default function MyFilesPage() {
  const [sort, setSort] = useUrlState(sortOnlyUrl);
  const list = useMyFiles(sort);
  const { data: stats } = useMyStats();
  const remove = useDeleteFile();
  const [editing, setEditing] = useState<StoredFile | null>(null);
  const [deleting, setDeleting] = useState<StoredFile | null>(null);

  // Where focus goes once a deleted row is gone: the next row (the previous for the last), else the heading.
  // Kept until the dialog has closed: closing hands focus back to the deleted row's button, which is gone.
  const focusAfterDelete = useRef<{ next: string | null } | null>(null);

  const confirmDelete = () => {
    if (!deleting) return;
    const index = list.items.findIndex((item) => item._id === deleting._id);
    const next = list.items[index + 1] ?? list.items[index - 1] ?? null;
    remove.mutate(deleting._id, {
      onSuccess: () => {
        focusAfterDelete.current = { next: next?._id ?? null };
      },
      onSettled: () => setDeleting(null),
    });
  };

  useEffect(() => {
    if (!focusAfterDelete.current || deleting) return;
    focusFileRow(focusAfterDelete.current.next);
    focusAfterDelete.current = null;
  }, [deleting]);

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
