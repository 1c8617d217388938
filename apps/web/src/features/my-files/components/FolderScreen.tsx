import { useMemo, useState, type ReactNode } from 'react';
import { Link, Navigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { FOLDER_MESSAGES, MESSAGES, type ItemPermissions, type StoredFile } from '@cloudstash/contract';
import { PageHeader } from '../../../components/PageHeader';
import { ErrorState } from '../../../components/States';
import { FileList } from '../../../components/FileList';
import { MY_FILES_COLUMNS, SHARED_FOLDER_COLUMNS } from '../../../components/file-columns';
import { DeleteDialog } from '../../../components/DeleteDialog';
import { DropZone } from '../../../components/DropZone';
import { ShareDialog } from '../../../components/share/ShareDialog';
import { nextSort } from '../../../lib/list-state';
import { useUrlState } from '../../../lib/use-url-state';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { usePagedList } from '../../../api/paged-list';
import type { ShareTarget } from '../../../api/shares';
import {
  childFoldersOptions,
  folderOptions,
  folderSearchOptions,
  type Folder,
  type Selection,
} from '../../../api/folders';
import { useMyFiles } from '../api/user-files';
import { useDownloadZip, useMoveEntries } from '../api/folder-actions';
import { folderHref, myFilesQuery, myFilesUrl, type FolderPlace } from '../my-files-url';
import { startMoveDrag } from '../drag-move';
import { useFileDelete } from '../use-file-delete';
import { useFolderSelection, zipName } from '../use-folder-selection';
import { EditFileDialog } from './EditFileDialog';
import { MyFileActions } from './MyFileActions';
import { Breadcrumbs, type Crumb } from './Breadcrumbs';
import { FolderTiles, type FolderAction } from './FolderTiles';
import { MyFilesSearch } from './MyFilesSearch';
import { FolderHits, HitLocation } from '../../../components/SearchHits';
import { SelectionBar } from './SelectionBar';
import { FolderDialogs, type FolderDialog } from './FolderDialogs';
import { FolderHeader, FolderToolbar } from './FolderHeader';
import { FolderEmpty } from './FolderEmpty';
import { useFolderLinkDialogs, type FolderLinkDialog } from './folder-link-dialogs';

interface FolderScreenProps {
  place: FolderPlace;
  /** The folder on screen; null only for My Files' top. */
  folderId: string | null;
  /** Other features' dialogs for a folder the person may share (share links, upload links). */
  linkDialogs?: readonly FolderLinkDialog[];
}

const NO_LINK_DIALOGS: readonly FolderLinkDialog[] = [];

const EVERY_ACTION: ItemPermissions = {
  view: true,
  write: true,
  move: true,
  delete: true,
  moderate: true,
  share: true,
  own: true,
  manageLinks: true,
  seeDownloads: true,
};
const NO_ACTION = Object.fromEntries(Object.keys(EVERY_ACTION).map((key) => [key, false])) as ItemPermissions;

const TOP_NAME: Record<FolderPlace, string> = { mine: 'My Files', shared: 'Shared with me' };

/**
 * One folder as a drive: its subfolders as tiles, its files as a list, a search, a selection to move, zip or
 * delete, and the dialogs for all of it. The same screen serves My Files and a folder shared with the caller;
 * what it offers follows the caller's access to the folder (a viewer lists, previews, downloads and zips).
 */
export function FolderScreen({ place, folderId, linkDialogs = NO_LINK_DIALOGS }: FolderScreenProps) {
  const codec = useMemo(() => myFilesUrl(folderId, place), [folderId, place]);
  const [state, setState] = useUrlState(codec);
  const search = useDebouncedValue(state.search);
  // A shared folder's search stays inside it: 'every folder' means the caller's own.
  const scope = place === 'shared' ? 'folder' : state.scope;
  const everywhere = search.trim() !== '' && scope === 'all';
  const list = useMyFiles(myFilesQuery(folderId, search, scope, state.sort));
  const folder = useQuery({ ...folderOptions(folderId ?? ''), enabled: folderId !== null });
  const subfolders = usePagedList<Folder>(childFoldersOptions(folderId));
  // Across all folders, folders are found by name too, anywhere in the caller's tree.
  const folderHits = useQuery({ ...folderSearchOptions(search), enabled: everywhere });
  const hits = everywhere ? (folderHits.data?.data ?? []) : [];
  const [editing, setEditing] = useState<StoredFile | null>(null);
  const [sharing, setSharing] = useState<ShareTarget | null>(null);
  const [dialog, setDialog] = useState<FolderDialog | null>(null);
  const links = useFolderLinkDialogs(linkDialogs);

  // What the caller may do in the folder on screen is the server's answer for it. My Files' top is no folder the
  // server answers for: it is the caller's own tree, as is My Files while its folder loads; a shared folder
  // offers nothing until its answer is in.
  const here: ItemPermissions =
    place === 'mine' && (folderId === null || !folder.data)
      ? EVERY_ACTION
      : (folder.data?.permissions ?? NO_ACTION);
  const hrefOf = (id: string | null) => folderHref(id, state.sort, place);
  const folderName = folderId === null ? 'My Files' : (folder.data?.name ?? 'this folder');
  const needle = search.trim().toLocaleLowerCase();
  const shownFolders = everywhere
    ? []
    : subfolders.items.filter((item) => !needle || item.name.toLocaleLowerCase().includes(needle));
  const selection = useFolderSelection(shownFolders, list.items);
  // Select all means the whole folder: the pages not on screen yet are read first, then everything is chosen.
  const toggleAll = async () => {
    if (selection.allChosen || !list.hasNextPage) return selection.toggleAll();
    selection.selectAll(await list.fetchAll());
  };
  const fileDelete = useFileDelete(list.items);

  const crumbs: Crumb[] = [
    { id: null, name: TOP_NAME[place], noDrop: place === 'shared' },
    ...(folder.data?.path.map((crumb) => ({ id: crumb._id, name: crumb.name })) ?? []),
    ...(folderId !== null ? [{ id: folderId, name: folder.data?.name ?? '…' }] : []),
  ];
  // Where a move can go: anywhere in My Files, or within the shared folder this screen is under.
  const sharedTop = folder.data?.path[0] ?? { _id: folderId, name: folderName };
  const top =
    place === 'mine' ? { id: null, name: TOP_NAME.mine } : { id: sharedTop._id, name: sharedTop.name };
  const move = useMoveEntries();
  const zip = useDownloadZip();
  /** Rows dropped on a folder or a breadcrumb. */
  const moveTo = (entries: Selection, target: string | null) =>
    move.mutate({ ...entries, targetFolderId: target }, { onSuccess: selection.clear });
  /** A subfolder's menu, each entry as far as the server's answer for that folder allows. */
  const folderActions = (item: Folder): FolderAction[] => {
    const actions: FolderAction[] = [];
    const may = item.permissions;
    if (may.share) {
      actions.push([
        'Share with people…',
        () => setSharing({ kind: 'folder', id: item._id, name: item.name }),
      ]);
      actions.push(...links.actionsFor(item));
    }
    const entries = { fileIds: [], folderIds: [item._id] };
    if (may.write) actions.push(['Rename', () => setDialog({ kind: 'rename', folder: item })]);
    if (may.move) actions.push(['Move to…', () => setDialog({ kind: 'move', entries, name: item.name })]);
    if (may.delete) actions.push(['Delete', () => setDialog({ kind: 'delete-folder', folder: item })]);
    return actions;
  };

  if (folderId !== null && folder.isError) {
    return (
      <div className="flex flex-col gap-6">
        <PageHeader title={TOP_NAME[place]} />
        <ErrorState message={FOLDER_MESSAGES.notFound}>
          <Link to={hrefOf(null)} className="btn btn-sm">
            Back to {TOP_NAME[place]}
          </Link>
        </ErrorState>
      </div>
    );
  }
  // A folder someone shared, opened by its My Files address: it belongs under Shared with me.
  if (place === 'mine' && folderId !== null && folder.data && !folder.data.permissions.own) {
    return <Navigate to={folderHref(folderId, state.sort, 'shared')} replace />;
  }

  const inFolder = folderId !== null;
  const toolbar = (
    <FolderToolbar
      folderId={folderId}
      permissions={here}
      onNewFolder={() => setDialog({ kind: 'create' })}
      onShareFolder={
        folderId === null ? undefined : () => setSharing({ kind: 'folder', id: folderId, name: folderName })
      }
      linkActions={
        folderId === null || !here.share ? [] : links.actionsFor({ _id: folderId, name: folderName })
      }
    />
  );
  const searchBox = (
    <MyFilesSearch
      search={state.search}
      scope={scope}
      scopes={place === 'mine'}
      compact={inFolder}
      onSearch={(text) => setState((now) => ({ ...now, search: text }))}
      onScope={(next) => setState((now) => ({ ...now, scope: next }))}
    />
  );
  const screen: ReactNode = (
    <>
      <FolderHeader place={place} folder={folder.data} inFolder={inFolder} />
      {inFolder ? (
        // Inside a folder the files come first: where one is, then one line of what one can do.
        <>
          <Breadcrumbs crumbs={crumbs} hrefOf={hrefOf} onMove={here.write ? moveTo : undefined} />
          <div className="flex flex-wrap items-center gap-2">
            {toolbar}
            {searchBox}
          </div>
          {here.manageLinks && links.activityOf({ _id: folderId, name: folderName })}
        </>
      ) : (
        <>
          {toolbar}
          {searchBox}
        </>
      )}
      <FileList
        list={list}
        sort={state.sort}
        onSort={(column) => setState((now) => ({ ...now, sort: nextSort(now.sort, column) }))}
        caption={folderId === null ? 'Your files' : `Files in ${folderName}`}
        columns={place === 'mine' ? MY_FILES_COLUMNS : SHARED_FOLDER_COLUMNS}
        countNoun={list.items.length > 0 ? 'files' : undefined}
        loadOnScroll
        actions={(file) => (
          <MyFileActions
            file={file}
            onEdit={setEditing}
            onDelete={fileDelete.ask}
            onShare={(item) => setSharing({ kind: 'file', id: item._id, name: item.filename })}
          />
        )}
        loadingLabel={place === 'mine' ? 'Loading your files' : 'Loading files'}
        failedMessage={MESSAGES.filesLoadFailed}
        empty={
          shownFolders.length > 0 || hits.length > 0 ? null : (
            <FolderEmpty searching={search.trim() !== ''} top={folderId === null} canUpload={here.write} />
          )
        }
        extras={{
          leading: (file) => (
            <input
              type="checkbox"
              className="checkbox checkbox-sm bg-base-100"
              checked={selection.isChosen({ kind: 'file', id: file._id })}
              onChange={() => undefined}
              onClick={(event) => selection.check({ kind: 'file', id: file._id }, event.shiftKey)}
              aria-label={`Select ${file.filename}`}
            />
          ),
          onDragStart: here.write
            ? (file, event) => startMoveDrag(event, selection.dragged({ kind: 'file', id: file._id }))
            : undefined,
          location: everywhere ? (file) => <HitLocation path={file.folderPath} hrefOf={hrefOf} /> : undefined,
        }}
        beforeRows={
          <>
            {selection.order.length > 0 && (
              <SelectionBar
                count={selection.count}
                allChosen={selection.allChosen}
                onToggleAll={() => void toggleAll()}
                onMoveTo={
                  here.write ? () => setDialog({ kind: 'move', entries: selection.chosen }) : undefined
                }
                onZip={() =>
                  zip.mutate({
                    ...selection.chosen,
                    name: zipName(selection.chosen, shownFolders, folderName),
                  })
                }
                onDelete={
                  here.write
                    ? () => setDialog({ kind: 'delete-selection', entries: selection.chosen })
                    : undefined
                }
                zipPending={zip.isPending}
              />
            )}
            <FolderHits hits={hits} hrefOf={hrefOf} />
            {shownFolders.length > 0 && (
              <FolderTiles
                folders={shownFolders}
                hrefOf={(id) => hrefOf(id)}
                isSelected={(item) => selection.isChosen({ kind: 'folder', id: item._id })}
                onCheck={(item, shift) => selection.check({ kind: 'folder', id: item._id }, shift)}
                moving={
                  here.write
                    ? {
                        dragged: (item) => selection.dragged({ kind: 'folder', id: item._id }),
                        onMove: moveTo,
                      }
                    : undefined
                }
                actions={folderActions}
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
        top={top}
        onClose={() => setDialog(null)}
        onDone={selection.clear}
      />
      <EditFileDialog
        key={editing?._id ?? 'closed'}
        file={editing}
        canPublish={editing?.permissions.moderate ?? false}
        onClose={() => setEditing(null)}
      />
      <ShareDialog target={sharing} onClose={() => setSharing(null)} />
      {links.rendered}
      <DeleteDialog
        open={fileDelete.deleting !== null}
        title="Delete File?"
        message="Are you sure you want to delete this file? This action cannot be undone."
        confirmLabel="Delete"
        pending={fileDelete.pending}
        onConfirm={fileDelete.confirm}
        onCancel={fileDelete.cancel}
      />
    </>
  );
  // Files dropped on the screen are uploaded into the folder, where the person may upload.
  return here.write ? (
    <DropZone folderId={folderId} folderName={folderName}>
      {screen}
    </DropZone>
  ) : (
    <div className="flex flex-col gap-6">{screen}</div>
  );
}
