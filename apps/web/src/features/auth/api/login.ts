import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES, type Envelope, type LoginBody, type User } from '@cloudstash/contract';
import toast from 'react-hot-toast';
import { apiRequest, messageOf } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const login = (body: LoginBody) =>
  apiRequest<Envelope<User>>('/users/login', { method: 'POST', body });

/** Success toast, user data refreshed; failure toast with the server's message or the default. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async (answer) => {
      toast.success(answer.message || MESSAGES.loginSuccess);
      // Another account may have used this tab: nothing cached for it may show to this one.
      queryClient.removeQueries({ queryKey: queryKeys.files });
      queryClient.removeQueries({ queryKey: queryKeys.admin });
      queryClient.setQueryData(queryKeys.me, answer.data);
      await queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
    onError: (error) => {
      toast.error(messageOf(error, MESSAGES.loginFailed));
    },
  });
}
