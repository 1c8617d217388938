import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type BatchUpload, type Envelope, type StoredFile } from '@cloudstash/contract';
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

/** POST /files/upload with the byte progress a bar shows (`onProgress`, when given). */
export function uploadFile(
  input: UploadInput,
  onProgress: ((fraction: number) => void) | undefined,
  signal?: AbortSignal,
): Promise<Envelope<StoredFile>> {
  const form = new FormData();
  appendUpload(form, input);
  return postFormWithProgress('/files/upload', form, onProgress, signal);
}

/**
 * POST /files/upload-batch: several small files in one request, each after its own fields. The answer has
 * one result per file, in order: the file, or the words a single upload would have been refused with.
 */
export function uploadBatch(
  inputs: readonly UploadInput[],
  signal?: AbortSignal,
): Promise<Envelope<BatchUpload>> {
  const form = new FormData();
  for (const input of inputs) appendUpload(form, input);
  return postFormWithProgress('/files/upload-batch', form, undefined, signal);
}

/** One file's fields, then its bytes, so the server reads the fields before the bytes they describe. */
function appendUpload(form: FormData, input: UploadInput) {
  form.append('filename', input.filename.trim());
  form.append('isPublic', String(input.isPublic));
  if (input.folderId) form.append('folderId', input.folderId);
  form.append('file', input.file);
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
