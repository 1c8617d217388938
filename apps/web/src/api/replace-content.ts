import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { VERSION_MESSAGES, type Envelope, type StoredFile } from '@cloudstash/contract';
import { apiRequest, messageOf } from './api-client';
import { invalidateFileData } from './file-cache';

/** Shown when the server gives no message of its own. */
export const REPLACE_FAILED = 'Failed to upload the new version';

/** PUT /files/f/{id}/content: new bytes for a file, as a form with one file part. */
export function replaceContent({ id, file }: { id: string; file: File }) {
  const form = new FormData();
  form.set('file', file, file.name);
  return apiRequest<Envelope<StoredFile>>(`/files/f/${encodeURIComponent(id)}/content`, {
    method: 'PUT',
    body: form,
  });
}

/** Replaces a file's bytes; every file list, tile and the file's versions refresh afterwards. */
export function useReplaceContent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replaceContent,
    onSuccess: async (answer) => {
      toast.success(answer.message || VERSION_MESSAGES.contentReplaced);
      await invalidateFileData(queryClient);
    },
    onError: (error) => {
      toast.error(messageOf(error, REPLACE_FAILED));
    },
  });
}
