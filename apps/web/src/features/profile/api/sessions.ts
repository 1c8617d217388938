import { useQuery } from '@tanstack/react-query';
import type { AccountSession } from '@cloudstash/contract';
import { useActionMutation } from '../../../lib/action-mutation';
import { apiData, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

type Answer = { message: string };

export const useSessions = () =>
  useQuery({
    queryKey: queryKeys.sessions,
    queryFn: ({ signal }) => apiData<AccountSession[]>('/users/me/sessions', { signal }),
  });

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
