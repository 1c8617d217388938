import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@cloudstash/contract';
import toast from 'react-hot-toast';
import { apiRequest, messageOf } from './api-client';
import { invalidateFileData } from './file-cache';

export const deleteFile = (id: string) =>
  apiRequest<{ message: string }>(`/files/delete/${encodeURIComponent(id)}`, { method: 'DELETE' });

/**
 * `onDeleted` runs before the lists refetch, even when the screen that asked has unmounted by then (a callback
 * passed to mutate() would not): e.g. leaving the preview of the file just deleted.
 */
export function useDeleteFile({ onDeleted }: { onDeleted?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFile,
    onSuccess: async (answer) => {
      toast.success(answer.message || MESSAGES.deleteSuccess);
      onDeleted?.();
      await invalidateFileData(queryClient);
    },
    onError: (error) => {
      toast.error(messageOf(error, MESSAGES.deleteFailed));
    },
  });
}
