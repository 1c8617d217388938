import { useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { MESSAGES, type Envelope, type StoredFile } from '@cloudstash/contract';
import { apiRequest } from './api-client';
import { invalidateFileData } from './file-cache';

/**
 * Asks for a signed link (the server counts the download once the bytes are delivered), then hands it to the
 * browser's own download manager: the link answers as an attachment under the file's download name, so the
 * bytes never pass through the tab's memory, however large the file, and the browser shows its own progress.
 * Returns false when no link could be had.
 */
export async function downloadFile(file: Pick<StoredFile, '_id' | 'downloadName'>): Promise<boolean> {
  try {
    const link = await apiRequest<Envelope<{ url: string }>>(
      `/files/f/${encodeURIComponent(file._id)}/download`,
    );
    startBrowserDownload(link.data.url, file.downloadName);
    return true;
  } catch {
    return false;
  }
}

/** When the screens re-read download counts after a download started. */
const DOWNLOAD_REFRESH_DELAYS_MS = [0, 1000, 3000];

/**
 * Download as a mutation, so every screen refreshes the same data afterwards (the file, the lists and the tiles
 * that show download counts). A failure says so in a toast.
 */
export function useDownloadFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: Pick<StoredFile, '_id' | 'downloadName'>) => {
      if (!(await downloadFile(file))) throw new Error(MESSAGES.downloadFailed);
    },
    onSuccess: () => {
      // The count goes up when the browser has fetched the bytes, on its own schedule: look again shortly.
      for (const delay of DOWNLOAD_REFRESH_DELAYS_MS)
        window.setTimeout(() => void invalidateFileData(queryClient), delay);
    },
    onError: () => toast.error(MESSAGES.downloadFailed),
  });
}

/** A click on a same-origin link with `download`: the page stays where it is, the browser saves the answer. */
export function startBrowserDownload(href: string, filename: string) {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = filename;
  anchor.rel = 'noopener';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
}
