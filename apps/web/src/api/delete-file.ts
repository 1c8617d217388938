import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@cloudstash/contract';
import toast from 'react-hot-toast';
import { apiRequest, messageOf } from './api-client';
import { invalidateFileData } from './file-cache';
import { announceDelete } from './trash';

export const deleteFile = (id: string) =>
  apiRequest<{ message: string }>(`/files/delete/${encodeURIComponent(id)}`, { method: 'DELETE' });

interface DeleteFileOptions {
  /**
   * Runs before the lists refetch, even when the screen that asked has unmounted by then (a callback passed to
   * mutate() would not): e.g. leaving the preview of the file just deleted.
   */
  onDeleted?: () => void;
  /** The caller owns the file, so the toast may offer Undo while deleted files go to Trash. */
  undoable?: boolean;
}

export function useDeleteFile({ onDeleted, undoable = true }: DeleteFileOptions = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFile,
    onSuccess: async (answer, id) => {
      const deleted = { fileIds: [id], folderIds: [] };
      announceDelete(queryClient, answer.message || MESSAGES.deleteSuccess, deleted, undoable);
      onDeleted?.();
      await invalidateFileData(queryClient);
    },
    onError: (error) => {
      toast.error(messageOf(error, MESSAGES.deleteFailed));
    },
  });
}
