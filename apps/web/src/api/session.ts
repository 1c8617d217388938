import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@cloudstash/contract';
import { ApiError, apiData } from './api-client';
import { queryKeys } from './query-keys';

/**
 * The signed-in user, or null when signed out (GET /users/me answers 401); any other failure is an error,
 * which the guards treat like signed out.
 * Shared by the guards, the navbar and the profile, hence in lib rather than in one feature.
 */
export const currentUserQuery = queryOptions({
  queryKey: queryKeys.me,
  queryFn: async ({ signal }) => {
    try {
      return await apiData<User>('/users/me', { signal });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  // The user query is not retried; a signed-out visitor must not wait for retries.
  retry: false,
  staleTime: 5 * 60_000,
  // Back on the tab, an account disabled or signed out meanwhile lands on /login instead of a stale screen.
  refetchOnWindowFocus: true,
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}
