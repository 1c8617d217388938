import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordBody } from '@cloudstash/contract';
import { apiRequest } from '../../../api/api-client';

/** POST /users/password/forgot: the answer is the same for every address, so the page shows it as it comes. */
export const useForgotPassword = () =>
  useMutation({
    mutationFn: (body: ForgotPasswordBody) =>
      apiRequest<{ message: string }>('/users/password/forgot', { method: 'POST', body }),
  });
