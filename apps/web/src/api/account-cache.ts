import type { QueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { ApiError, messageOf } from './api-client';
import { queryKeys } from './query-keys';

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please sign in again.';

/** Drops everything cached for the account that was signed in, so the next account never sees it. */
export function forgetAccountData(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: queryKeys.files });
  queryClient.removeQueries({ queryKey: queryKeys.admin });
  queryClient.removeQueries({ queryKey: queryKeys.account });
}

/**
 * Any call answered 401 while the app believes someone is signed in means the session is gone (signed out
 * elsewhere, password changed, account disabled or deleted): the user is forgotten, and the guards move the
 * screen to /login. Answers 401 while signed out (a wrong password or code at sign-in) are the form's business.
 */
export function handleUnauthorized(queryClient: QueryClient, error: unknown): void {
  if (!(error instanceof ApiError) || error.status !== 401) return;
  if (!queryClient.getQueryData(queryKeys.me)) return;
  forgetAccountData(queryClient);
  queryClient.setQueryData(queryKeys.me, null);
  toast.error(messageOf(error, SESSION_ENDED_MESSAGE), { id: 'session-ended' });
}
