import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MESSAGES } from '@cloudstash/contract';
import toast from 'react-hot-toast';
import { apiRequest } from '../../../api/api-client';
import { forgetAccountData } from '../../../api/account-cache';
import { queryKeys } from '../../../api/query-keys';

/**
 * Logout always forgets the user and ends at /login, whatever the server answers. Cached files are dropped so
 * the next account never sees them. The move to /login happens here, in the mutation's own callback: forgetting
 * the user unmounts the menu that started the logout, and a callback passed to mutate() by an unmounted
 * component is never called.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => apiRequest<{ message: string }>('/users/logout', { method: 'POST' }),
    onSuccess: (answer) => {
      toast.success(answer.message || MESSAGES.logoutSuccess);
    },
    onSettled: async () => {
      // Forgotten, not refetched: after a failed logout the server would still name the user, and the guards
      // would send them from /login back to /dashboard.
      await queryClient.cancelQueries({ queryKey: queryKeys.me });
      forgetAccountData(queryClient);
      queryClient.setQueryData(queryKeys.me, null);
      await navigate('/login', { replace: true });
    },
  });
}
