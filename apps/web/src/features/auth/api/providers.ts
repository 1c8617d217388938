import { useQuery } from '@tanstack/react-query';
import type { AuthProviders } from '@cloudstash/contract';
import { apiData } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

/** The sign-in methods besides the password (single sign-on and its label); readable before signing in. */
export function useAuthProviders() {
  return useQuery({
    queryKey: queryKeys.authProviders,
    queryFn: ({ signal }) => apiData<AuthProviders>('/auth/providers', { signal }),
    staleTime: 5 * 60_000,
  });
}
