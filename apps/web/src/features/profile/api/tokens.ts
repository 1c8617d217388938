import { useQuery } from '@tanstack/react-query';
import type { AccessToken, CreateTokenBody, CreatedAccessToken, Envelope } from '@cloudstash/contract';
import { useActionMutation } from '../../../lib/action-mutation';
import { apiData, apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const useTokens = () =>
  useQuery({
    queryKey: queryKeys.tokens,
    queryFn: ({ signal }) => apiData<AccessToken[]>('/users/me/tokens', { signal }),
  });

export const useCreateToken = () =>
  useActionMutation({
    mutationFn: (body: CreateTokenBody) =>
      apiRequest<Envelope<CreatedAccessToken>>('/users/me/tokens', { method: 'POST', body }),
    failedMessage: 'Failed to create the access token',
    invalidates: [queryKeys.tokens],
  });

export const useRevokeToken = () =>
  useActionMutation({
    mutationFn: (id: string) =>
      apiRequest<{ message: string }>(`/users/me/tokens/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    failedMessage: 'Failed to revoke the access token',
    invalidates: [queryKeys.tokens],
  });
