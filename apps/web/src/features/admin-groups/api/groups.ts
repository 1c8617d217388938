import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type {
  CreateGroupBody,
  Envelope,
  Group,
  GroupWithMembers,
  Page,
  UpdateGroupBody,
  User,
} from '@cloudstash/contract';
import { useActionMutation } from '../../../api/action-mutation';
import { apiData, apiRequest } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

const groupPath = (id: string) => `/admin/groups/${encodeURIComponent(id)}`;
/**
 * A group's name, members or existence decides who sees what was shared with it, and the share lists show its
 * member count: all of those are refetched after a change, the caller's own groups too.
 */
const GROUP_DATA = [queryKeys.adminGroups, queryKeys.shares, queryKeys.myGroups];

function useRefreshGroups() {
  const queryClient = useQueryClient();
  return () => Promise.all(GROUP_DATA.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** GET /admin/groups: every group of the instance. */
export const adminGroupsOptions = queryOptions({
  queryKey: queryKeys.adminGroups,
  queryFn: ({ signal }) => apiData<Group[]>('/admin/groups', { signal }),
});

/** GET /admin/groups/{id}: one group with its members. */
export const adminGroupOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.adminGroup(id),
    queryFn: ({ signal }) => apiData<GroupWithMembers>(groupPath(id), { signal }),
  });

/** GET /admin/users?q=: the first accounts matching a name or email, to pick members from. */
export const memberCandidatesOptions = (q: string) =>
  queryOptions({
    queryKey: [...queryKeys.adminGroups, 'candidates', q] as const,
    queryFn: async ({ signal }) =>
      (await apiRequest<Page<User>>('/admin/users', { query: { q, limit: 10 }, signal })).data,
    enabled: q !== '',
  });

/**
 * A new group, or a new name: the refusal (a name taken, too long) is said under the name field, not toasted,
 * so it is read where the name is typed again.
 */
function useGroupNameMutation<TVars>(mutationFn: (vars: TVars) => Promise<Envelope<GroupWithMembers>>) {
  const refresh = useRefreshGroups();
  return useMutation({
    mutationFn,
    onSuccess: async (answer) => {
      toast.success(answer.message);
      await refresh();
    },
  });
}

export const useCreateGroup = () =>
  useGroupNameMutation((body: CreateGroupBody) =>
    apiRequest<Envelope<GroupWithMembers>>('/admin/groups', { method: 'POST', body }),
  );

export const useRenameGroup = () =>
  useGroupNameMutation(({ id, name }: { id: string; name: string }) =>
    apiRequest<Envelope<GroupWithMembers>>(groupPath(id), { method: 'PATCH', body: { name } }),
  );

/** PATCH /admin/groups/{id} with the whole new member list. */
export const useSetMembers = (id: string) =>
  useActionMutation({
    mutationFn: (memberIds: string[]) => {
      const body: UpdateGroupBody = { memberIds };
      return apiRequest<Envelope<GroupWithMembers>>(groupPath(id), { method: 'PATCH', body });
    },
    failedMessage: 'Failed to update the members',
    invalidates: GROUP_DATA,
  });

export const useDeleteGroup = () =>
  useActionMutation({
    mutationFn: (id: string) => apiRequest<{ message: string }>(groupPath(id), { method: 'DELETE' }),
    failedMessage: 'Failed to delete the group',
    invalidates: GROUP_DATA,
  });
