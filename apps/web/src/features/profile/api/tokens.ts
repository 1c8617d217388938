import type { AccessToken, CreateTokenBody, CreatedAccessToken, Envelope } from '@cloudstash/contract';
import { useActionMutation } from '../../../api/action-mutation';
import { apiRequest } from '../../../api/api-client';
import { pagedListOptions, usePagedList } from '../../../api/paged-list';
import { queryKeys } from '../../../api/query-keys';
import { PROFILE_PAGE_SIZE } from './page-size';

/** The account's access tokens, a page at a time (newest first). */
export const useTokens = () =>
  usePagedList(
    pagedListOptions<AccessToken>(queryKeys.tokens, '/users/me/tokens', { limit: PROFILE_PAGE_SIZE }),
  );

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
