import { useNavigate } from 'react-router';
import type { AdminUpdateUserBody, Envelope, OneTimeLink, User } from '@cloudstash/contract';
import { useActionMutation } from '../../../api/action-mutation';
import { apiRequest } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

const userPath = (id: string) => `/admin/users/${encodeURIComponent(id)}`;

/** Disable, enable or change the role; every admin list and tile may show the change. */
export const useUpdateUser = (id: string) =>
  useActionMutation({
    mutationFn: (body: AdminUpdateUserBody) =>
      apiRequest<Envelope<User>>(userPath(id), { method: 'PATCH', body }),
    failedMessage: 'Failed to update the user',
    invalidates: [queryKeys.admin],
  });

/** The user's files go too, so file lists are refetched as well; then back to the list of users. */
export function useDeleteUser(id: string) {
  const navigate = useNavigate();
  return useActionMutation({
    mutationFn: () => apiRequest<{ message: string }>(userPath(id), { method: 'DELETE' }),
    failedMessage: 'Failed to delete the user',
    invalidates: [queryKeys.admin, queryKeys.files],
    onDone: () => navigate('/dashboard/admin/users', { replace: true }),
  });
}

export const useCreateResetLink = (id: string) =>
  useActionMutation({
    mutationFn: () => apiRequest<Envelope<OneTimeLink>>(`${userPath(id)}/reset-link`, { method: 'POST' }),
    failedMessage: 'Failed to create the reset link',
  });
