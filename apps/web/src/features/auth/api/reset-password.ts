import type { ResetPasswordBody } from '@cloudstash/contract';
import { useActionMutation } from '../../../lib/action-mutation';
import { apiRequest } from '../../../lib/api-client';

export const useResetPassword = () =>
  useActionMutation({
    mutationFn: (body: ResetPasswordBody) =>
      apiRequest<{ message: string }>('/users/reset', { method: 'POST', body }),
    failedMessage: 'Failed to set the new password',
  });
