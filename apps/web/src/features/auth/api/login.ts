import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  MESSAGES,
  isTotpRequired,
  type Envelope,
  type LoginBody,
  type LoginResult,
  type TotpCodeBody,
  type User,
} from '@cloudstash/contract';
import toast from 'react-hot-toast';
import { forgetAccountData } from '../../../api/account-cache';
import { apiRequest, messageOf } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

export const login = (body: LoginBody) =>
  apiRequest<Envelope<LoginResult>>('/users/login', { method: 'POST', body });

/** The second step when two-factor sign-in is on: a code from the app, or a recovery code. */
export const loginWithCode = (body: TotpCodeBody) =>
  apiRequest<Envelope<User>>('/users/login/totp', { method: 'POST', body });

/**
 * Success toast, user data refreshed; failure toast with the server's message or the default. An answer that
 * asks for a code signs nobody in yet: the caller shows the code step.
 */
export function useLogin(leaveTo?: string) {
  const signedIn = useSignedIn(leaveTo);
  return useMutation({
    mutationFn: login,
    onSuccess: async (answer) => {
      if (isTotpRequired(answer.data)) return;
      await signedIn(answer.message, answer.data);
    },
    onError: (error) => {
      toast.error(messageOf(error, MESSAGES.loginFailed));
    },
  });
}

export function useLoginWithCode(leaveTo?: string) {
  const signedIn = useSignedIn(leaveTo);
  return useMutation({
    mutationFn: loginWithCode,
    onSuccess: (answer) => signedIn(answer.message, answer.data),
    onError: (error) => {
      toast.error(messageOf(error, MESSAGES.loginFailed));
    },
  });
}

/**
 * What a completed sign-in does here: the toast and the signed-in user, or, with `leaveTo`, a full-page
 * navigation there (the single sign-on link step goes back through the provider). Done in the mutation's own
 * success handler: the signed-in user unmounts the login page, and any callback of the page with it.
 */
function useSignedIn(leaveTo: string | undefined) {
  const queryClient = useQueryClient();
  return async (message: string, user: User) => {
    if (leaveTo) {
      window.location.assign(leaveTo);
      return;
    }
    toast.success(message || MESSAGES.loginSuccess);
    // Another account may have used this tab: nothing cached for it may show to this one.
    forgetAccountData(queryClient);
    queryClient.setQueryData(queryKeys.me, user);
    await queryClient.invalidateQueries({ queryKey: queryKeys.me });
  };
}
