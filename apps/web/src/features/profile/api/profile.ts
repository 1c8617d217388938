import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ChangePasswordBody,
  DeleteAccountBody,
  Envelope,
  UpdateProfileBody,
  User,
} from '@cloudstash/contract';
import toast from 'react-hot-toast';
import { useNavigate } from 'react-router';
import { forgetAccountData } from '../../../api/account-cache';
import { useActionMutation } from '../../../api/action-mutation';
import { apiRequest, messageOf } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

type Answer = { message: string };

export const useRename = () =>
  useActionMutation({
    mutationFn: (body: UpdateProfileBody) =>
      apiRequest<Envelope<User>>('/users/me', { method: 'PATCH', body }),
    failedMessage: 'Failed to update your name',
    invalidates: [queryKeys.me],
  });

/** Every other session (and, when asked, every token) ends on the server, so both lists are refetched. */
export const useChangePassword = () =>
  useActionMutation({
    mutationFn: (body: ChangePasswordBody) =>
      apiRequest<Answer>('/users/me/password', { method: 'POST', body }),
    failedMessage: 'Failed to change your password',
    invalidates: [queryKeys.sessions, queryKeys.tokens],
  });

/** The account is gone and so is the session: forget everything and go to the login page. */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: DeleteAccountBody) => apiRequest<Answer>('/users/me', { method: 'DELETE', body }),
    onSuccess: async (answer) => {
      toast.success(answer.message);
      forgetAccountData(queryClient);
      queryClient.setQueryData(queryKeys.me, null);
      await navigate('/login', { replace: true });
    },
    onError: (error) => {
      toast.error(messageOf(error, 'Failed to delete your account'));
    },
  });
}
