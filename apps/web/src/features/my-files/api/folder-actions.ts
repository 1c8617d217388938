import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { messageOf } from '../../../api/api-client';
import { startBrowserDownload } from '../../../api/download';
import { invalidateFileData } from '../../../api/file-cache';
import { announceDelete } from '../../../api/trash';
import {
  batchAction,
  createFolder,
  deleteFolder,
  updateFolder,
  zipLink,
  type Selection,
} from '../../../api/folders';

interface FolderMutationOptions<TVars> {
  toastErrors?: boolean;
  /** A delete: what it deleted, which the toast's Undo restores while deleted items go to Trash. */
  deleted?: (vars: TVars) => Selection;
}

/** A change to folders refreshes what any list, tile or breadcrumb shows, as a change to files does. */
function useFolderMutation<TVars, TAnswer extends { message?: string }>(
  mutationFn: (vars: TVars) => Promise<TAnswer>,
  failedMessage: string,
  { toastErrors = true, deleted }: FolderMutationOptions<TVars> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (answer, vars) => {
      if (answer.message && deleted) announceDelete(queryClient, answer.message, deleted(vars));
      else if (answer.message) toast.success(answer.message);
      await invalidateFileData(queryClient);
    },
    onError: (error) => {
      if (toastErrors) toast.error(messageOf(error, failedMessage));
    },
  });
}

/** New folder and rename show the refusal beside the name typed (a taken name, a '/' in it), not in a toast. */
export const useCreateFolder = () =>
  useFolderMutation(createFolder, 'Failed to create folder', { toastErrors: false });
export const useRenameFolder = () =>
  useFolderMutation(
    ({ id, name }: { id: string; name: string }) => updateFolder({ id, name }),
    'Failed to rename folder',
    { toastErrors: false },
  );
export const useDeleteFolder = () =>
  useFolderMutation(deleteFolder, 'Failed to delete folder', {
    deleted: (id: string) => ({ fileIds: [], folderIds: [id] }),
  });

/** Files and folders moved into another folder (null = the top), all or none. */
export const useMoveEntries = () =>
  useFolderMutation(
    ({ targetFolderId, ...selection }: Selection & { targetFolderId: string | null }) =>
      batchAction({ action: 'move', ...selection, targetFolderId }),
    'Failed to move',
  );

export const useDeleteEntries = () =>
  useFolderMutation(
    (selection: Selection) => batchAction({ action: 'delete', ...selection }),
    'Failed to delete',
    { deleted: (selection: Selection) => selection },
  );

/** Asks for the selection's zip link, then lets the browser save it (the bytes never pass through the tab). */
export function useDownloadZip() {
  return useMutation({
    mutationFn: async ({ name, ...selection }: Selection & { name: string }) => {
      const link = await zipLink(selection);
      startBrowserDownload(link.data.url, `${name}.zip`);
    },
    onError: (error) => toast.error(messageOf(error, 'Failed to prepare the zip')),
  });
}
