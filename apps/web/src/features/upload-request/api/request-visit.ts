import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Envelope, RequestVisit } from '@cloudstash/contract';
import { ApiError, apiRequest } from '../../../api/api-client';

/** The visitor's side of an upload link: /r/{token} and everything below it. */
export const visitPath = (token: string) => `/r/${encodeURIComponent(token)}`;
const visitKey = (token: string) => ['upload-link-visit', token] as const;

/**
 * What the visitor may know of the link: that it needs a password, or who asks for what and how much it still
 * takes; null when it is no longer available (the server's 404, the same for a link that never was).
 */
export const useRequestVisit = (token: string) =>
  useQuery({
    queryKey: visitKey(token),
    queryFn: async ({ signal }): Promise<RequestVisit | null> => {
      try {
        return (await apiRequest<Envelope<RequestVisit>>(visitPath(token), { signal })).data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    retry: false,
    // What is left is counted on the page as files arrive; reading the link again would only move the numbers.
    refetchOnWindowFocus: false,
  });

/** Sends the password; on success the server sets this link's cookie and the page reads the link again. */
export function useRequestUnlock(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      apiRequest(`${visitPath(token)}/unlock`, { method: 'POST', body: { password } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: visitKey(token) }),
  });
}
