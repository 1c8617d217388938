import { queryOptions, useQuery } from '@tanstack/react-query';
import { SESSION_HINT_COOKIE, type User } from '@cloudstash/contract';
import { ApiError, apiData } from './api-client';
import { queryKeys } from './query-keys';

/** Pages for signed-out visitors, where a signed-in user is the exception. */
const GUEST_PAGES = new Set(['/', '/login', '/register']);

/** Whether the server's page-readable hint says a session may exist (the session cookie itself is httpOnly). */
function hasSessionHint(): boolean {
  return document.cookie.split('; ').some((pair) => pair.startsWith(`${SESSION_HINT_COOKIE}=`));
}

/**
 * The signed-in user, or null when signed out (GET /users/me answers 401); any other failure is an error,
 * which the guards treat like signed out.
 * Shared by the guards, the navbar and the profile, hence in lib rather than in one feature.
 */
export const currentUserQuery = queryOptions({
  queryKey: queryKeys.me,
  queryFn: async ({ signal }) => {
    // A visitor without a session on a guest page is not asked about: the answer would be a 401, logged by
    // the browser as an error, on every visit. The server keeps the hint true to the session cookie.
    if (!hasSessionHint() && GUEST_PAGES.has(window.location.pathname)) return null;
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
