import { useQuery } from '@tanstack/react-query';
import type {
  Envelope,
  InstanceSettings,
  TrashSettings,
  UpdateSettingsBody,
  UpdateTrashSettingsBody,
  UpdateVersionSettingsBody,
  VersionSettings,
} from '@cloudstash/contract';
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

export const useVersionSettings = () =>
  useQuery({
    queryKey: queryKeys.versionSettings,
    queryFn: ({ signal }) => apiData<VersionSettings>('/admin/settings/versions', { signal }),
  });

export const useUpdateVersionSettings = () =>
  useActionMutation({
    mutationFn: (body: UpdateVersionSettingsBody) =>
      apiRequest<Envelope<VersionSettings>>('/admin/settings/versions', { method: 'PATCH', body }),
    failedMessage: 'Failed to save the settings',
    invalidates: [queryKeys.versionSettings, queryKeys.uploadConfig],
  });

export const useTrashSettings = () =>
  useQuery({
    queryKey: queryKeys.trashSettings,
    queryFn: ({ signal }) => apiData<TrashSettings>('/admin/settings/trash', { signal }),
  });

/** The instance's config follows: the delete dialogs' wording, the Trash link in the menu. */
export const useUpdateTrashSettings = () =>
  useActionMutation({
    mutationFn: (body: UpdateTrashSettingsBody) =>
      apiRequest<Envelope<TrashSettings>>('/admin/settings/trash', { method: 'PATCH', body }),
    failedMessage: 'Failed to save the settings',
    invalidates: [queryKeys.trashSettings, queryKeys.uploadConfig],
  });
