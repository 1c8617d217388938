import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { FOLDER_MESSAGES } from '@cloudstash/contract';
import { Dialog } from '../../../components/ConfirmDialog';
import { PendingButton } from '../../../components/PendingButton';
import { usePagedList } from '../../../api/paged-list';
import { childFoldersOptions, folderOptions, type Folder } from '../../../api/folders';

interface MoveDialogProps {
  open: boolean;
  /** What is moved, for the title ("Move 3 items", "Move Photos"). */
  what: string;
  /** Folders being moved: they and what is below them cannot be the destination. */
  movingFolderIds: readonly string[];
  startFolderId: string | null;
  /** The top of the tree the picker walks: My Files (id null), or the shared folder a shared screen is in. */
  top: { id: string | null; name: string };
  pending: boolean;
  onMove: (targetFolderId: string | null) => void;
  onClose: () => void;
}

/**
 * 'Move to…': a folder picker that walks the tree one level at a time (the way to move on a phone, where
 * nothing is dragged), then moves the selection into the folder it shows.
 */
export function MoveDialog({
  open,
  what,
  movingFolderIds,
  startFolderId,
  top,
  pending,
  onMove,
  onClose,
}: MoveDialogProps) {
  const [at, setAt] = useState<string | null>(startFolderId);
  const current = useQuery({ ...folderOptions(at ?? ''), enabled: at !== null });
  const children = usePagedList<Folder>(childFoldersOptions(at));
  const trail: { _id: string | null; name: string }[] =
    at && current.data ? [...current.data.path, { _id: at, name: current.data.name }] : [];
  // A shared folder's path already starts at the shared folder, which is the top of the walk.
  const topCrumb = { _id: top.id, name: top.name };
  const path = top.id === null ? [topCrumb, ...trail] : trail.length > 0 ? trail : [topCrumb];
  const blocked = (id: string) => movingFolderIds.includes(id);
  const insideMoved = path.some((crumb) => crumb._id !== null && blocked(crumb._id));

  return (
    <Dialog
      open={open}
      title={`Move ${what}`}
      onClose={onClose}
      actions={
        <>
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            Cancel
          </button>
          <PendingButton
            type="button"
            className="btn-primary"
            pending={pending}
            disabled={insideMoved}
            onClick={() => onMove(at)}
          >
            Move here
          </PendingButton>
        </>
      }
    >
      <nav aria-label="Destination path" className="breadcrumbs text-sm">
        <ul>
          {path.map((crumb, index) => (
            <li key={crumb._id ?? 'top'}>
              {index === path.length - 1 ? (
                <span aria-current="location" className="font-semibold">
                  {crumb.name}
                </span>
              ) : (
                <button type="button" className="link link-hover" onClick={() => setAt(crumb._id)}>
                  {crumb.name}
                </button>
              )}
            </li>
          ))}
        </ul>
      </nav>
      {insideMoved && <p className="text-sm text-error">{FOLDER_MESSAGES.intoItself}</p>}
      <ul
        aria-label="Folders here"
        className="menu mt-2 max-h-64 w-full flex-nowrap overflow-y-auto rounded-box bg-base-200 p-1"
      >
        {children.isPending && <li className="p-2 text-sm">Loading folders…</li>}
        {!children.isPending && children.items.length === 0 && (
          <li className="p-2 text-sm text-base-content/80">No folders here</li>
        )}
        {children.items.map((folder) => (
          <li key={folder._id}>
            <button type="button" disabled={blocked(folder._id)} onClick={() => setAt(folder._id)}>
              {folder.name}
            </button>
          </li>
        ))}
        {children.hasNextPage && (
          <li>
            <button type="button" onClick={children.fetchNextPage}>
              More folders
            </button>
          </li>
        )}
      </ul>
    </Dialog>
  );
}
