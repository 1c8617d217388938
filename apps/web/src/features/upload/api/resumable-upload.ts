import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Upload, type PreviousUpload } from 'tus-js-client';
import toast from 'react-hot-toast';
import { API_BASE, MESSAGES } from '@cloudstash/contract';
import { TUS_RETRY_DELAYS, tusErrorMessage } from '../../../api/tus-errors';
import { invalidateFileData } from '../../../api/file-cache';
import { addSample, bytesPerSecond, type ProgressSample } from '../transfer-rate';
import type { UploadInput } from './upload-file';

export type ResumableStatus = 'idle' | 'uploading' | 'paused' | 'failed';

export interface ResumableState {
  status: ResumableStatus;
  sent: number;
  total: number;
  /** Bytes per second lately; null until measured. */
  rate: number | null;
}

export function newUpload(
  input: UploadInput,
  chunkSize: number,
  handlers: Partial<Upload['options']>,
): Upload {
  return new Upload(input.file, {
    endpoint: `${API_BASE}/uploads`,
    chunkSize,
    retryDelays: TUS_RETRY_DELAYS,
    // The browser remembers each unfinished upload by the file's name, type, size and date, so choosing the
    // same file again (after a reload, say) resumes it instead of starting over.
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    metadata: {
      filename: input.filename.trim(),
      // The chosen file's own name: the file keeps its extension when that fits its type (budget.csv).
      originalName: input.file.name,
      filetype: input.file.type,
      isPublic: String(input.isPublic),
      ...(input.folderId ? { folderId: input.folderId } : {}),
    },
    ...handlers,
  });
}

/** Whether this browser holds an unfinished upload of `file` to resume. */
export async function findUnfinishedUpload(
  file: File,
  chunkSize: number,
): Promise<PreviousUpload | undefined> {
  const probe = newUpload({ file, filename: file.name, isPublic: false }, chunkSize, {});
  return (await probe.findPreviousUploads())[0];
}

/**
 * A large file sent in pieces over tus: progress with speed, pause, resume and cancel; network drops are
 * retried, and an upload this browser began before (even before a reload) is resumed where it stopped.
 */
export function useResumableUpload(chunkSize: number, onDone: () => void) {
  const queryClient = useQueryClient();
  const upload = useRef<Upload | null>(null);
  const samples = useRef<ProgressSample[]>([]);
  const [state, setState] = useState<ResumableState>({ status: 'idle', sent: 0, total: 0, rate: null });

  // Leaving the page stops sending but keeps the server's bytes, so the upload can be resumed later.
  useEffect(() => () => void upload.current?.abort(), []);

  const start = useCallback(
    async (input: UploadInput) => {
      samples.current = [];
      setState({ status: 'uploading', sent: 0, total: input.file.size, rate: null });
      const current = newUpload(input, chunkSize, {
        onProgress: (sent, total) => {
          samples.current = addSample(samples.current, { at: performance.now(), sent });
          setState({ status: 'uploading', sent, total, rate: bytesPerSecond(samples.current) });
        },
        onSuccess: async () => {
          upload.current = null;
          setState({ status: 'idle', sent: 0, total: 0, rate: null });
          toast.success(MESSAGES.uploadSuccess);
          await invalidateFileData(queryClient);
          onDone();
        },
        onError: (error) => {
          setState((now) => ({ ...now, status: 'failed', rate: null }));
          toast.error(tusErrorMessage(error));
        },
      });
      upload.current = current;
      const previous = (await current.findPreviousUploads())[0];
      if (previous) current.resumeFromPreviousUpload(previous);
      current.start();
    },
    [chunkSize, onDone, queryClient],
  );

  const pause = useCallback(async () => {
    await upload.current?.abort();
    setState((now) => ({ ...now, status: 'paused', rate: null }));
  }, []);

  const resume = useCallback(() => {
    samples.current = [];
    setState((now) => ({ ...now, status: 'uploading' }));
    upload.current?.start();
  }, []);

  /** Stops for good: the server removes the bytes it holds (tus termination). */
  const cancel = useCallback(async () => {
    const current = upload.current;
    upload.current = null;
    setState({ status: 'idle', sent: 0, total: 0, rate: null });
    await current?.abort(true).catch(() => undefined);
  }, []);

  return { state, start, pause, resume, cancel };
}
