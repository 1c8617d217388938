import { DeleteDialog } from '../../../components/DeleteDialog';
import type { Folder, Selection } from '../../../api/folders';
import {
  useCreateFolder,
  useDeleteEntries,
  useDeleteFolder,
  useMoveEntries,
  useRenameFolder,
} from '../api/folder-actions';
import { FolderNameDialog } from './FolderNameDialog';
import { MoveDialog } from './MoveDialog';

/** The dialog My Files has open, if any. */
export type FolderDialog =
  | { kind: 'create' }
  | { kind: 'rename'; folder: Folder }
  | { kind: 'move'; entries: Selection; name?: string }
  | { kind: 'delete-folder'; folder: Folder }
  | { kind: 'delete-selection'; entries: Selection };

interface FolderDialogsProps {
  dialog: FolderDialog | null;
  /** The folder on screen (null = the top): where a new folder goes and where the move picker starts. */
  folderId: string | null;
  /** The top of the tree the move picker walks (My Files, or the shared folder this screen is in). */
  top: { id: string | null; name: string };
  onClose: () => void;
  /** A move or delete went through: the selection it acted on is gone. */
  onDone: () => void;
}

const itemsText = (entries: Selection) => {
  const count = entries.fileIds.length + entries.folderIds.length;
  return count === 1 ? '1 item' : `${count} items`;
};

/** New folder, Rename, Move to… and the two Delete confirmations, one open at a time. */
export function FolderDialogs({ dialog, folderId, top, onClose, onDone }: FolderDialogsProps) {
  const create = useCreateFolder();
  const rename = useRenameFolder();
  const move = useMoveEntries();
  const removeFolder = useDeleteFolder();
  const removeEntries = useDeleteEntries();
  const done = () => {
    onDone();
    onClose();
  };
  switch (dialog?.kind) {
    case 'create':
      return (
        <FolderNameDialog
          open
          title="New Folder"
          submitLabel="Create"
          pending={create.isPending}
          onSubmit={(name) => create.mutateAsync({ name, parentId: folderId })}
          onClose={onClose}
        />
      );
    case 'rename':
      return (
        <FolderNameDialog
          key={dialog.folder._id}
          open
          title="Rename Folder"
          submitLabel="Rename"
          initialName={dialog.folder.name}
          pending={rename.isPending}
          onSubmit={(name) => rename.mutateAsync({ id: dialog.folder._id, name })}
          onClose={onClose}
        />
      );
    case 'move':
      return (
        <MoveDialog
          open
          what={dialog.name ?? itemsText(dialog.entries)}
          movingFolderIds={dialog.entries.folderIds}
          startFolderId={folderId}
          top={top}
          pending={move.isPending}
          onMove={(targetFolderId) => move.mutate({ ...dialog.entries, targetFolderId }, { onSuccess: done })}
          onClose={onClose}
        />
      );
    case 'delete-folder':
      return (
        <DeleteDialog
          open
          title="Delete Folder?"
          message={`The folder "${dialog.folder.name}" and everything in it will be deleted. This action cannot be undone.`}
          confirmLabel="Delete"
          pending={removeFolder.isPending}
          onConfirm={() => removeFolder.mutate(dialog.folder._id, { onSuccess: done })}
          onCancel={onClose}
        />
      );
    case 'delete-selection':
      return (
        <DeleteDialog
          open
          title={`Delete ${itemsText(dialog.entries)}?`}
          message="The chosen files, and the chosen folders with everything in them, will be deleted. This action cannot be undone."
          confirmLabel="Delete"
          pending={removeEntries.isPending}
          onConfirm={() => removeEntries.mutate(dialog.entries, { onSuccess: done })}
          onCancel={onClose}
        />
      );
    default:
      return null;
  }
}
