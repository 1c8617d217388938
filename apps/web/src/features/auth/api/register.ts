import { useMutation } from '@tanstack/react-query';
import { MESSAGES, type Envelope, type RegisterBody, type User } from '@cloudstash/contract';
import toast from 'react-hot-toast';
import { apiRequest, messageOf } from '../../../api/api-client';

export const register = (body: RegisterBody) =>
  apiRequest<Envelope<User>>('/users/register', { method: 'POST', body: { ...body, role: 'user' } });

/** Success goes to /login (the caller navigates); failure is logged and shown as a toast. */
export function useRegister() {
  return useMutation({
    mutationFn: register,
    onSuccess: (answer) => {
      toast.success(answer.message || MESSAGES.registerSuccess);
    },
    onError: (error) => {
      console.error('Registration failed', error);
      toast.error(messageOf(error, MESSAGES.registerFailed));
    },
  });
}
