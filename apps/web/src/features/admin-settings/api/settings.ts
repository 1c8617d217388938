import { useQuery } from '@tanstack/react-query';
import type { CreatedInvites, Envelope, InstanceSettings, UpdateSettingsBody } from '@cloudstash/contract';
import { useActionMutation } from '../../../api/action-mutation';
import { apiData, apiRequest } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

export const useInstanceSettings = () =>
  useQuery({
    queryKey: queryKeys.adminSettings,
    queryFn: ({ signal }) => apiData<InstanceSettings>('/admin/settings', { signal }),
  });

export const useUpdateSettings = () =>
  useActionMutation({
    mutationFn: (body: UpdateSettingsBody) =>
      apiRequest<Envelope<InstanceSettings>>('/admin/settings', { method: 'PATCH', body }),
    failedMessage: 'Failed to save the settings',
    invalidates: [queryKeys.adminSettings, queryKeys.registration, queryKeys.uploadConfig],
  });

export const useCreateInvites = () =>
  useActionMutation({
    mutationFn: (count: number) =>
      apiRequest<Envelope<CreatedInvites>>('/admin/invites', { method: 'POST', body: { count } }),
    failedMessage: 'Failed to create the invite links',
  });
