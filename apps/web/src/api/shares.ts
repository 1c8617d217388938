import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type {
  CreateShareBody,
  Envelope,
  Group,
  Share,
  SharePerson,
  ShareRole,
  UpdateShareBody,
} from '@cloudstash/contract';
import { useActionMutation } from './action-mutation';
import { apiData, apiRequest } from './api-client';
import { queryKeys } from './query-keys';

/** The file or folder a Share dialog is about. */
export interface ShareTarget {
  kind: 'file' | 'folder';
  id: string;
  name: string;
}

/** Whom a new share goes to: an account or a group picked from the search, or an email typed out in full. */
export type GranteeRef = { userId: string } | { groupId: string } | { email: string };

const itemRef = ({ kind, id }: Pick<ShareTarget, 'kind' | 'id'>) =>
  kind === 'file' ? { fileId: id } : { folderId: id };
const sharePath = (id: string) => `/shares/${encodeURIComponent(id)}`;

/** GET /shares?fileId=|folderId=: who has access to the item, as its owner sees it. */
export const itemSharesOptions = (target: Pick<ShareTarget, 'kind' | 'id'>) =>
  queryOptions({
    queryKey: queryKeys.itemShares(target.kind, target.id),
    queryFn: ({ signal }) => apiData<Share[]>('/shares', { query: itemRef(target), signal }),
  });

/** GET /shares/people?q=: accounts whose name or email matches (never the caller); nothing is asked for ''. */
export const sharePeopleOptions = (q: string) =>
  queryOptions({
    queryKey: queryKeys.sharePeople(q),
    queryFn: ({ signal }) => apiData<SharePerson[]>('/shares/people', { query: { q }, signal }),
    enabled: q !== '',
  });

/** GET /shares/groups?q=: the instance's groups whose name matches. */
export const shareGroupsOptions = (q: string) =>
  queryOptions({
    queryKey: queryKeys.shareGroups(q),
    queryFn: ({ signal }) => apiData<Group[]>('/shares/groups', { query: { q }, signal }),
    enabled: q !== '',
  });

/**
 * POST /shares. The refusal (an unknown email, the item not the caller's) is not toasted: the Share dialog says
 * it beside the search, where the person can try again.
 */
export function useCreateShare(target: ShareTarget) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ grantee, role }: { grantee: GranteeRef; role: ShareRole }) => {
      const body: CreateShareBody = { ...itemRef(target), ...grantee, role };
      return apiRequest<Envelope<Share>>('/shares', { method: 'POST', body });
    },
    onSuccess: async (answer) => {
      toast.success(answer.message);
      await queryClient.invalidateQueries({ queryKey: queryKeys.shares });
    },
  });
}

/** PATCH /shares/{id}: another role for someone who already has access. */
export const useUpdateShare = () =>
  useActionMutation({
    mutationFn: ({ id, ...body }: UpdateShareBody & { id: string }) =>
      apiRequest<Envelope<Share>>(sharePath(id), { method: 'PATCH', body }),
    failedMessage: 'Failed to change the role',
    invalidates: [queryKeys.shares],
  });

/**
 * DELETE /shares/{id}: the owner takes someone's access away, or a person leaves what was shared with them.
 * Either way files may appear or vanish from folder lists, so those are refetched too.
 */
export const useDeleteShare = (failedMessage: string) =>
  useActionMutation({
    mutationFn: (id: string) => apiRequest<{ message: string }>(sharePath(id), { method: 'DELETE' }),
    failedMessage,
    invalidates: [queryKeys.shares, queryKeys.files],
  });
