import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Envelope, User } from '@cloudstash/contract';
import { readOrNull } from './api-client';
import { queryKeys } from './query-keys';

/**
 * The signed-in user, or null when signed out (GET /users/me answers 401) or on any failure.
 * Shared by the guards, the navbar and the profile, hence in lib rather than in one feature.
 */
export const currentUserQuery = queryOptions({
  queryKey: queryKeys.me,
  queryFn: async () => (await readOrNull<Envelope<User>>('/users/me'))?.data ?? null,
  // The user query is not retried; a signed-out visitor must not wait for retries.
  retry: false,
  staleTime: 5 * 60_000,
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}
