import type { AccountSession } from '@cloudstash/contract';
import { useActionMutation } from '../../../api/action-mutation';
import { apiRequest } from '../../../api/api-client';
import { pagedListOptions, usePagedList } from '../../../api/paged-list';
import { queryKeys } from '../../../api/query-keys';
import { PROFILE_PAGE_SIZE } from './page-size';

type Answer = { message: string };

/** Where the account is signed in, a page at a time (newest first). */
export const useSessions = () =>
  usePagedList(
    pagedListOptions<AccountSession>(queryKeys.sessions, '/users/me/sessions', { limit: PROFILE_PAGE_SIZE }),
  );

export const useEndSession = () =>
  useActionMutation({
    mutationFn: (id: string) =>
      apiRequest<Answer>(`/users/me/sessions/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    failedMessage: 'Failed to sign out the session',
    invalidates: [queryKeys.sessions],
  });

export const useEndOtherSessions = () =>
  useActionMutation({
    mutationFn: () => apiRequest<Answer>('/users/me/sessions', { method: 'DELETE', query: { others: 1 } }),
    failedMessage: 'Failed to sign out the other sessions',
    invalidates: [queryKeys.sessions],
  });
