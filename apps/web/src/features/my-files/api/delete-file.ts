import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@cloudstash/contract';
import toast from 'react-hot-toast';
import { apiRequest, messageOf } from '../../../lib/api-client';
import { invalidateFileData } from '../../../lib/file-cache';

export const deleteFile = (id: string) =>
  apiRequest<{ message: string }>(`/files/delete/${encodeURIComponent(id)}`, { method: 'DELETE' });

export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFile,
    onSuccess: async (answer) => {
      toast.success(answer.message || MESSAGES.deleteSuccess);
      await invalidateFileData(queryClient);
    },
    onError: (error) => {
      toast.error(messageOf(error, MESSAGES.deleteFailed));
    },
  });
}
