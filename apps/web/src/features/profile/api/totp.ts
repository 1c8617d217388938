import { useQuery } from '@tanstack/react-query';
import type {
  DisableTotpBody,
  Envelope,
  RecoveryCodes,
  TotpCodeBody,
  TotpSetup,
  TotpStatus,
} from '@cloudstash/contract';
import { useActionMutation } from '../../../api/action-mutation';
import { apiData, apiRequest } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

export const useTotpStatus = () =>
  useQuery({
    queryKey: queryKeys.totp,
    queryFn: ({ signal }) => apiData<TotpStatus>('/users/me/totp', { signal }),
  });

/** A new secret, pending on the server until a code from it is confirmed. */
export const useBeginTotp = () =>
  useActionMutation({
    mutationFn: () => apiRequest<Envelope<TotpSetup>>('/users/me/totp', { method: 'POST' }),
    failedMessage: 'Failed to start two-factor set-up',
  });

export const useEnableTotp = () =>
  useActionMutation({
    mutationFn: (body: TotpCodeBody) =>
      apiRequest<Envelope<RecoveryCodes>>('/users/me/totp/enable', { method: 'POST', body }),
    failedMessage: 'Failed to turn on two-factor sign-in',
    invalidates: [queryKeys.totp],
  });

export const useDisableTotp = () =>
  useActionMutation({
    mutationFn: (body: DisableTotpBody) =>
      apiRequest<{ message: string }>('/users/me/totp', { method: 'DELETE', body }),
    failedMessage: 'Failed to turn off two-factor sign-in',
    invalidates: [queryKeys.totp],
  });
