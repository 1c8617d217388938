import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Envelope, SharedFile } from '@cloudstash/contract';
import { API_BASE } from '@cloudstash/contract';
import { ApiError, apiRequest } from '../../../lib/api-client';
import { startBrowserDownload } from '../../../lib/download';

const sharedPath = (token: string) => `/s/${encodeURIComponent(token)}`;
export const sharedContentUrl = (token: string) => `${API_BASE}${sharedPath(token)}/content`;
const sharedKey = (token: string) => ['shared', token] as const;

/** What the visitor may see of a link; null when the link is no longer available (the server's 404). */
export const useSharedFile = (token: string) =>
  useQuery({
    queryKey: sharedKey(token),
    queryFn: async ({ signal }) => {
      try {
        return (await apiRequest<Envelope<SharedFile>>(sharedPath(token), { signal })).data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
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

/**
 * Downloads the file through the link (the server counts it) and saves it as `name`. Answers 'unavailable'
 * when the link has ended meanwhile (used up, revoked, expired), 'failed' on any other failure.
 */
export async function downloadShared(token: string, name: string): Promise<'ok' | 'unavailable' | 'failed'> {
  try {
    const response = await fetch(`${sharedContentUrl(token)}?download=1`, { credentials: 'same-origin' });
    if (response.status === 404) return 'unavailable';
    if (!response.ok) return 'failed';
    const href = URL.createObjectURL(await response.blob());
    startBrowserDownload(href, name);
    // Revoke later: some browsers start reading the object URL only after click() returns.
    window.setTimeout(() => URL.revokeObjectURL(href), 30_000);
    return 'ok';
  } catch {
    return 'failed';
  }
}
