import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { FOLDER_MESSAGES, MESSAGES, type StoredFile } from '@cloudstash/contract';
import { PageHeader } from '../../../components/PageHeader';
import { OwnerTotals } from '../../../components/OwnerTotals';
import { QuotaBar } from '../../../components/QuotaBar';
import { EmptyState, ErrorState } from '../../../components/States';
import { FileList } from '../../../components/FileList';
import { MY_FILES_COLUMNS } from '../../../components/file-columns';
import { DeleteDialog } from '../../../components/DeleteDialog';
import { nextSort } from '../../../lib/list-state';
import { useUrlState } from '../../../lib/use-url-state';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useMyStats } from '../../../api/my-stats';
import { useDeleteFile } from '../../../api/delete-file';
import { usePagedList } from '../../../api/paged-list';
import { childFoldersOptions, folderOptions, type Folder, type Selection } from '../../../api/folders';
import { focusFileRow } from '../../../lib/focus';
import { DropZone } from '../../../components/DropZone';
import { UploadPickers } from '../../../components/UploadPickers';
import { useMyFiles } from '../api/user-files';
import { useDownloadZip, useMoveEntries } from '../api/folder-actions';
import { folderHref, folderOfParams, myFilesQuery, myFilesUrl } from '../my-files-url';
import {
  EMPTY_SELECTION,
  clickEntry,
  entryKey,
  keepShown,
  selectionIds,
  toggleAll,
  type Entry,
} from '../../../lib/selection';
import { startMoveDrag } from '../drag-move';
import { EditFileDialog } from './EditFileDialog';
import { MyFileActions } from './MyFileActions';
import { Breadcrumbs, type Crumb } from './Breadcrumbs';
import { FolderTiles } from './FolderTiles';
import { MyFilesSearch } from './MyFilesSearch';
import { SelectionBar } from './SelectionBar';
import { FolderDialogs, type FolderDialog } from './FolderDialogs';

/**
 * /dashboard/my-files: the caller's files as a drive. `?folder={id}` is the folder on screen (none = the top),
 * so Back, a reload and a bookmark come back to it; each folder is its own screen state (its sort, search and
 * selection start afresh from the address).
 */
export default function MyFilesPage() {
  const [params] = useSearchParams();
  const folderId = folderOfParams(params);
  return <FolderScreen key={folderId ?? 'top'} folderId={folderId} />;
}

function FolderScreen({ folderId }: { folderId: string | null }) {
  const codec = useMemo(() => myFilesUrl(folderId), [folderId]);
  const [state, setState] = useUrlState(codec);
  const search = useDebouncedValue(state.search);
  const everywhere = search.trim() !== '' && state.scope === 'all';
  const list = useMyFiles(myFilesQuery(folderId, search, state.scope, state.sort));
  const folder = useQuery({ ...folderOptions(folderId ?? ''), enabled: folderId !== null });
  const subfolders = usePagedList<Folder>(childFoldersOptions(folderId));
  const { data: stats } = useMyStats();
  const remove = useDeleteFile();
  const [editing, setEditing] = useState<StoredFile | null>(null);
  const [deleting, setDeleting] = useState<StoredFile | null>(null);
  const [dialog, setDialog] = useState<FolderDialog | null>(null);
  const [chosenState, setSelection] = useState(EMPTY_SELECTION);

  const hrefOf = (id: string | null) => folderHref(id, state.sort);
  const folderName = folderId === null ? 'My Files' : (folder.data?.name ?? 'this folder');
  const needle = search.trim().toLocaleLowerCase();
  const shownFolders = everywhere
    ? []
    : subfolders.items.filter((item) => !needle || item.name.toLocaleLowerCase().includes(needle));
  const order: Entry[] = [
    ...shownFolders.map((item) => ({ kind: 'folder' as const, id: item._id })),
    ...list.items.map((file) => ({ kind: 'file' as const, id: file._id })),
  ];
  // Rows that left the screen (moved, deleted, another search) are no longer chosen.
  const selection = keepShown(chosenState, order);

  const chosen = selectionIds(selection.keys);
  const isChosen = (entry: Entry) => selection.keys.has(entryKey(entry));
  const check = (entry: Entry, shift: boolean) => setSelection((now) => clickEntry(now, order, entry, shift));
  /** A drag carries the selection when it starts on a chosen row, else that row alone. */
  const dragged = (entry: Entry): Selection =>
    isChosen(entry)
      ? chosen
      : entry.kind === 'file'
        ? { fileIds: [entry.id], folderIds: [] }
        : { fileIds: [], folderIds: [entry.id] };

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

  const crumbs: Crumb[] = [
    { id: null, name: 'My Files' },
    ...(folder.data?.path.map((crumb) => ({ id: crumb._id, name: crumb.name })) ?? []),
    ...(folderId !== null ? [{ id: folderId, name: folder.data?.name ?? '…' }] : []),
  ];
  const uploadLink = (
    <Link to="/dashboard/upload-file" className="btn btn-primary">
      Upload File
    </Link>
  );
  const empty =
    shownFolders.length > 0 ? null : search.trim() ? (
      <EmptyState message="No files match your search" />
    ) : folderId === null ? (
      <EmptyState message={MESSAGES.noFilesUploaded}>{uploadLink}</EmptyState>
    ) : (
      <EmptyState message="This folder is empty">
        <p className="text-sm text-base-content/80">Drop files or folders here, or use Upload files.</p>
      </EmptyState>
    );
  const move = useMoveEntries();
  const zip = useDownloadZip();
  const clearSelection = () => setSelection(EMPTY_SELECTION);
  /** Rows dropped on a folder or a breadcrumb. */
  const moveTo = (entries: Selection, target: string | null) =>
    move.mutate({ ...entries, targetFolderId: target }, { onSuccess: clearSelection });

  if (folderId !== null && folder.isError) {
    return (
      <div className="flex flex-col gap-6">
        <PageHeader title="My Files" />
        <ErrorState message={FOLDER_MESSAGES.notFound}>
          <Link to="/dashboard/my-files" className="btn btn-sm">
            Back to My Files
          </Link>
        </ErrorState>
      </div>
    );
  }

  return (
    <DropZone folderId={folderId} folderName={folderName}>
      <PageHeader title="My Files" subtitle="Manage, preview and share the files you uploaded." />
      {/* The tiles appear only once the user has files (in My Files or in Trash). */}
      {stats && (stats.totalFiles > 0 || stats.trashBytes !== undefined) && (
        <OwnerTotals stats={stats} label="Your file statistics" />
      )}
      {stats?.quotaBytes != null && (
        <QuotaBar usedBytes={stats.totalStorageUsed} quotaBytes={stats.quotaBytes} />
      )}
      <div className="flex flex-wrap items-center gap-2">
        <UploadPickers folderId={folderId} />
        <button
          type="button"
          className="btn btn-outline btn-sm"
          onClick={() => setDialog({ kind: 'create' })}
        >
          New folder
        </button>
      </div>
      <MyFilesSearch
        search={state.search}
        scope={state.scope}
        onSearch={(text) => setState((now) => ({ ...now, search: text }))}
        onScope={(scope) => setState((now) => ({ ...now, scope }))}
      />
      {folderId !== null && <Breadcrumbs crumbs={crumbs} hrefOf={hrefOf} onMove={moveTo} />}
      <FileList
        list={list}
        sort={state.sort}
        onSort={(column) => setState((now) => ({ ...now, sort: nextSort(now.sort, column) }))}
        caption={folderId === null ? 'Your files' : `Files in ${folderName}`}
        columns={MY_FILES_COLUMNS}
        actions={(file) => <MyFileActions file={file} onEdit={setEditing} onDelete={setDeleting} />}
        loadingLabel="Loading your files"
        failedMessage={MESSAGES.filesLoadFailed}
        empty={empty}
        extras={{
          leading: (file) => (
            <input
              type="checkbox"
              className="checkbox checkbox-sm bg-base-100"
              checked={isChosen({ kind: 'file', id: file._id })}
              onChange={() => undefined}
              onClick={(event) => check({ kind: 'file', id: file._id }, event.shiftKey)}
              aria-label={`Select ${file.filename}`}
            />
          ),
          onDragStart: (file, event) => startMoveDrag(event, dragged({ kind: 'file', id: file._id })),
        }}
        beforeRows={
          <>
            {order.length > 0 && (
              <SelectionBar
                count={selection.keys.size}
                allChosen={order.every(isChosen)}
                onToggleAll={() => setSelection((now) => toggleAll(now, order))}
                onMoveTo={() => setDialog({ kind: 'move', entries: chosen })}
                onZip={() => zip.mutate({ ...chosen, name: zipName(chosen, shownFolders, folderName) })}
                onDelete={() => setDialog({ kind: 'delete-selection', entries: chosen })}
                zipPending={zip.isPending}
              />
            )}
            {shownFolders.length > 0 && (
              <FolderTiles
                folders={shownFolders}
                hrefOf={(id) => hrefOf(id)}
                isSelected={(item) => isChosen({ kind: 'folder', id: item._id })}
                onCheck={(item, shift) => check({ kind: 'folder', id: item._id }, shift)}
                dragged={(item) => dragged({ kind: 'folder', id: item._id })}
                onMove={moveTo}
                onRename={(item) => setDialog({ kind: 'rename', folder: item })}
                onMoveTo={(item) =>
                  setDialog({
                    kind: 'move',
                    entries: { fileIds: [], folderIds: [item._id] },
                    name: item.name,
                  })
                }
                onDelete={(item) => setDialog({ kind: 'delete-folder', folder: item })}
              />
            )}
            {subfolders.hasNextPage && !everywhere && (
              <button
                type="button"
                className="btn btn-ghost btn-sm self-start"
                onClick={subfolders.fetchNextPage}
              >
                More folders
              </button>
            )}
          </>
        }
      />
      <FolderDialogs
        dialog={dialog}
        folderId={folderId}
        onClose={() => setDialog(null)}
        onDone={clearSelection}
      />
      <EditFileDialog key={editing?._id ?? 'closed'} file={editing} onClose={() => setEditing(null)} />
      <DeleteDialog
        open={deleting !== null}
        title="Delete File?"
        message="Are you sure you want to delete this file? This action cannot be undone."
        confirmLabel="Delete"
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </DropZone>
  );
}

/** A zip of one folder is named after it; anything else after the folder on screen. */
function zipName(chosen: Selection, folders: Folder[], folderName: string): string {
  if (chosen.fileIds.length === 0 && chosen.folderIds.length === 1) {
    return folders.find((item) => item._id === chosen.folderIds[0])?.name ?? folderName;
  }
  return folderName;
}
