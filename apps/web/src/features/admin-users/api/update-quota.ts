import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_MESSAGES, MESSAGES, type Envelope, type User } from '@cloudstash/contract';
import toast from 'react-hot-toast';
import { apiRequest, messageOf } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

export interface UpdateQuotaInput {
  userId: string;
  /** Bytes; null removes the limit. */
  quotaBytes: number | null;
}

/** PATCH /admin/users/{id} with `{ quotaBytes }`: one account's own storage quota. */
export function useUpdateQuota() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, quotaBytes }: UpdateQuotaInput) =>
      apiRequest<Envelope<User>>(`/admin/users/${encodeURIComponent(userId)}`, {
        method: 'PATCH',
        body: { quotaBytes },
      }),
    onSuccess: async (answer, { userId }) => {
      toast.success(answer.message || ACCOUNT_MESSAGES.userUpdated);
      await queryClient.invalidateQueries({ queryKey: queryKeys.adminUserStats(userId) });
    },
    onError: (error) => {
      toast.error(messageOf(error, MESSAGES.quotaUpdateFailed));
    },
  });
}
