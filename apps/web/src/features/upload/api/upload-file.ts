import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, MESSAGES, type Envelope, type StoredFile } from '@cloudstash/contract';
import toast from 'react-hot-toast';
import { ApiError, messageOf, toApiError } from '../../../api/api-client';
import { invalidateFileData } from '../../../api/file-cache';

export interface UploadInput {
  file: File;
  filename: string;
  isPublic: boolean;
  /** The folder it goes into; absent or null for the top of My Files. */
  folderId?: string | null;
}

/**
 * POST /files/upload over XMLHttpRequest rather than fetch: only XHR reports how many bytes have been
 * sent, which the progress bar shows (`onProgress`, when given). The file goes last so the server reads the fields before the bytes.
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
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    signal?.addEventListener('abort', () => xhr.abort());
    xhr.onabort = () => reject(new ApiError('Upload cancelled', 0, 'ABORTED'));
    xhr.open('POST', `${API_BASE}/files/upload`);
    xhr.withCredentials = true;
    xhr.responseType = 'json';
    // Only listened to when asked: each progress event is a message from the browser's network process.
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded / event.total);
      };
    }
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(xhr.response as Envelope<StoredFile>);
      else reject(toApiError(xhr.status, xhr.response));
    };
    xhr.onerror = () => reject(new ApiError('Network error', 0, 'NETWORK'));
    xhr.send(form);
  });
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
