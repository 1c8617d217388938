import type { ResetPasswordBody } from '@cloudstash/contract';
import { useActionMutation } from '../../../api/action-mutation';
import { apiRequest } from '../../../api/api-client';

export const useResetPassword = () =>
  useActionMutation({
    mutationFn: (body: ResetPasswordBody) =>
      apiRequest<{ message: string }>('/users/reset', { method: 'POST', body }),
    failedMessage: 'Failed to set the new password',
  });
