import { useMutation, useQueryClient } from '@tanstack/react-query';
import { downloadFilename as savedName, type Envelope, type StoredFile } from '@cloudstash/contract';
import { apiRequest } from './api-client';
import { invalidateFileData } from './file-cache';

/**
 * A download is saved as {name}.{extension}, the extension chosen by the media type ("bin" if unknown); a name
 * that already ends with that extension keeps it once.
 */
export function downloadFilename(file: Pick<StoredFile, 'filename' | 'mimetype'>): string {
  return savedName(file.filename, file.mimetype);
}

/**
 * Asks for a signed link (the server counts the download), fetches the bytes and saves them under the
 * name downloadFilename gives. A failed download returns false and shows no message.
 */
export async function downloadFile(
  file: Pick<StoredFile, '_id' | 'filename' | 'mimetype'>,
): Promise<boolean> {
  try {
    const link = await apiRequest<Envelope<{ url: string }>>(
      `/files/f/${encodeURIComponent(file._id)}/download`,
    );
    const response = await fetch(link.data.url, { credentials: 'include' });
    if (!response.ok) return false;
    saveBlob(await response.blob(), downloadFilename(file));
    return true;
  } catch {
    return false;
  }
}

/**
 * Download as a mutation, so every screen refreshes the same data afterwards (the file, the lists and the tiles
 * that show download counts). A failure ends the spinner and shows no message.
 */
export function useDownloadFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: Pick<StoredFile, '_id' | 'filename' | 'mimetype'>) => {
      if (!(await downloadFile(file))) throw new Error('Download failed');
    },
    onSuccess: () => invalidateFileData(queryClient),
  });
}

function saveBlob(blob: Blob, filename: string) {
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = filename;
  anchor.rel = 'noopener';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  // Revoke later: some browsers start reading the object URL only after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(href), 30_000);
}
