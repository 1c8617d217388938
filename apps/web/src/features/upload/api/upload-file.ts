import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type Envelope, type StoredFile } from '@cloudstash/contract';
import toast from 'react-hot-toast';
import { messageOf } from '../../../api/api-client';
import { postFormWithProgress } from '../../../api/form-upload';
import { invalidateFileData } from '../../../api/file-cache';

export interface UploadInput {
  file: File;
  filename: string;
  isPublic: boolean;
  /** The folder it goes into; absent or null for the top of My Files. */
  folderId?: string | null;
}

/**
 * POST /files/upload with the byte progress a bar shows (`onProgress`, when given). The file goes last so the
 * server reads the fields before the bytes.
 */
export function uploadFile(
  input: UploadInput,
  onProgress: ((fraction: number) => void) | undefined,
  signal?: AbortSignal,
): Promise<Envelope<StoredFile>> {
  const form = new FormData();
  form.set('filename', input.filename.trim());
  form.set('isPublic', String(input.isPublic));
  if (input.folderId) form.set('folderId', input.folderId);
  form.set('file', input.file);
  return postFormWithProgress('/files/upload', form, onProgress, signal);
}

/** Upload with a live byte progress (0..1); success refreshes every list and tile. */
export function useUploadFile() {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState(0);
  const mutation = useMutation({
    mutationFn: (input: UploadInput) => {
      setProgress(0);
      return uploadFile(input, setProgress);
    },
    onSuccess: async (answer) => {
      toast.success(answer.message || MESSAGES.uploadSuccess);
      await invalidateFileData(queryClient);
    },
    onError: (error) => {
      toast.error(messageOf(error, MESSAGES.uploadFailed));
    },
  });
  return { ...mutation, progress };
}
