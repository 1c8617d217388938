import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGES } from '@cloudstash/contract';
import toast from 'react-hot-toast';
import { apiRequest } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Logout always forgets the user and goes to /login, whatever the server answers
 * (the caller navigates in onSettled). Cached files are dropped so the next account never sees them.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ message: string }>('/users/logout', { method: 'POST' }),
    onSuccess: (answer) => {
      toast.success(answer.message || MESSAGES.logoutSuccess);
    },
    onSettled: async () => {
      queryClient.removeQueries({ queryKey: queryKeys.files });
      queryClient.removeQueries({ queryKey: queryKeys.admin });
      queryClient.setQueryData(queryKeys.me, null);
      await queryClient.invalidateQueries({ queryKey: queryKeys.me });
    },
  });
}
