import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type Envelope, type StoredFile } from '@cloudstash/contract';
import toast from 'react-hot-toast';
import { apiRequest, messageOf } from './api-client';
import { invalidateFileData } from './file-cache';

export interface UpdateFileInput {
  id: string;
  filename: string;
  /** Left out by an editor of a shared folder: only the owner decides whether a file is public. */
  isPublic?: boolean;
}

/** PATCH /files/update/{id}, sent as form data (the server also reads JSON). */
export function updateFile({ id, filename, isPublic }: UpdateFileInput) {
  const form = new FormData();
  form.set('filename', filename);
  if (isPublic !== undefined) form.set('isPublic', String(isPublic));
  return apiRequest<Envelope<StoredFile>>(`/files/update/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: form,
  });
}

export function useUpdateFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFile,
    onSuccess: async (answer) => {
      toast.success(answer.message || MESSAGES.updateSuccess);
      await invalidateFileData(queryClient);
    },
    onError: (error) => {
      toast.error(messageOf(error, MESSAGES.updateFailed));
    },
  });
}
