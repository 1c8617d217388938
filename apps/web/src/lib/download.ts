import { downloadFilename as savedName, type Envelope, type StoredFile } from '@cloudstash/contract';
import { apiRequest } from './api-client';

/** A download is saved as {name}.{extension}, the extension chosen by the media type ("bin" if unknown). */
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
