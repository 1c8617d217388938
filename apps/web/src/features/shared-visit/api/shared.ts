import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Envelope, SharedFile } from '@cloudstash/contract';
import { API_BASE } from '@cloudstash/contract';
import { ApiError, apiRequest } from '../../../api/api-client';
import { startBrowserDownload } from '../../../api/download';

export const sharedPath = (token: string) => `/s/${encodeURIComponent(token)}`;
export const sharedContentUrl = (token: string) => `${API_BASE}${sharedPath(token)}/content`;
/** Everything read through one link: unlocking it, or finding it changed, reads all of it again. */
export const sharedKey = (token: string) => ['shared', token] as const;

/** One answer of the link, or null when the link is no longer available (the server's 404). */
async function readShared(
  token: string,
  query: { folderId: string | null; cursor: string | undefined },
  signal: AbortSignal,
): Promise<SharedFile | null> {
  try {
    return (await apiRequest<Envelope<SharedFile>>(sharedPath(token), { query, signal })).data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/**
 * What the visitor may see of a link: a file, or one folder of a folder link (`folderId`, null for the shared
 * folder itself) whose files arrive a page at a time. Each page is a whole answer of the link, so a page that
 * comes back null or locked says the link ended or locked again while the visitor was reading. The folder on
 * screen stays while the next one loads, so a click inside the link never blanks the page.
 */
export const useSharedVisit = (token: string, folderId: string | null) =>
  useInfiniteQuery({
    queryKey: [...sharedKey(token), folderId],
    queryFn: ({ pageParam, signal }) => readShared(token, { folderId, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) =>
      last && !last.passwordRequired && last.kind === 'folder' ? (last.nextCursor ?? undefined) : undefined,
    placeholderData: keepPreviousData,
    retry: false,
  });

/** Sends the password; on success the server sets this link's cookie and the page reloads what it may see. */
export function useUnlock(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      apiRequest(`${sharedPath(token)}/unlock`, { method: 'POST', body: { password } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sharedKey(token) }),
  });
}

/** 'locked': the unlock has expired since the page opened, and the page asks for the password again. */
export type SharedDownloadResult = 'ok' | 'unavailable' | 'locked' | 'failed';

/**
 * Downloads the file through the link (the server counts it) and saves it as `name`, through the browser's own
 * download manager: the bytes never pass through the tab's memory, however large the file. The link is asked
 * first whether it still gives a download, since a navigation cannot tell the page that it was refused:
 * 'unavailable' when it has ended (used up, revoked, expired), 'failed' when it could not be asked. A download
 * claims its place under the limit before its first byte, so a second visitor racing for the last one is
 * refused by the server, and the browser's download list shows that one as failed.
 */
async function downloadShared(token: string, name: string): Promise<SharedDownloadResult> {
  try {
    const link = (await apiRequest<Envelope<SharedFile>>(sharedPath(token))).data;
    if (link.passwordRequired) return 'locked';
    if (link.downloadsLeft === 0) return 'unavailable';
  } catch (error) {
    return error instanceof ApiError && error.status === 404 ? 'unavailable' : 'failed';
  }
  startBrowserDownload(`${sharedContentUrl(token)}?download=1`, name);
  return 'ok';
}

/** downloadShared, which also brings back the password form when the unlock has expired. */
export function useSharedDownload(token: string) {
  const queryClient = useQueryClient();
  return async (name: string): Promise<SharedDownloadResult> => {
    const result = await downloadShared(token, name);
    if (result === 'locked') await queryClient.invalidateQueries({ queryKey: sharedKey(token) });
    return result;
  };
}
