import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_BASE, type ZipBody } from '@cloudstash/contract';
import { apiData } from '../../../api/api-client';
import { startBrowserDownload } from '../../../api/download';
import { sharedKey, sharedPath } from './shared';

/** A file below a folder link, reached through the link: /api/v1/s/{token}/files/{id}. */
const linkFilePath = (token: string, fileId: string) =>
  `${API_BASE}${sharedPath(token)}/files/${encodeURIComponent(fileId)}`;

/** The file's bytes for a preview, which counts nothing against the link's limit. */
export const linkFileContentUrl = (token: string, fileId: string) => `${linkFilePath(token, fileId)}/content`;

/** The file as a download, which counts one against the link's limit. */
export const linkFileDownloadUrl = (token: string, fileId: string) =>
  `${linkFileContentUrl(token, fileId)}?download=1`;

/**
 * The visitor page's address of a folder below the link (null: the shared folder itself). The folder lives in
 * the page's address so a reload, Back and a copied address all open the same folder.
 */
export function linkFolderHref(token: string, folderId: string | null): string {
  const page = `/s/${encodeURIComponent(token)}`;
  return folderId ? `${page}?folder=${encodeURIComponent(folderId)}` : page;
}

/**
 * A download claims its place under the link's limit as it starts, on the browser's schedule: the page reads
 * the link again a moment later, so "downloads left" follows, and a link that the download used up says so.
 */
const RECOUNT_AFTER_MS = 1500;

export function useRecountDownloads(token: string, limited: boolean) {
  const queryClient = useQueryClient();
  return () => {
    if (!limited) return;
    window.setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: sharedKey(token) }),
      RECOUNT_AFTER_MS,
    );
  };
}

/**
 * Zips files and folders below the link: the server answers an address under the link's own, which the browser's
 * download manager then fetches (each file in it counts one download; the server refuses the whole zip when
 * the limit cannot cover it). A refusal to make it (the link ended or locked again, an item gone meanwhile)
 * reads the link again, so the page shows what is true now.
 */
export function useLinkZip(token: string, onStarted: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ZipBody) =>
      apiData<{ url: string }>(`${sharedPath(token)}/zip`, { method: 'POST', body }),
    onSuccess: ({ url }) => {
      // No name of our own: the server's answer names the zip (the folder's name, or CloudStash.zip).
      startBrowserDownload(url, '');
      onStarted();
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: sharedKey(token) }),
  });
}
