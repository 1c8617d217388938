import { useQuery } from '@tanstack/react-query';
import type { Envelope, FileVersion, StoredFile } from '@cloudstash/contract';
import { useActionMutation } from '../../../api/action-mutation';
import { apiData, apiRequest, apiUrl } from '../../../api/api-client';
import { queryKeys } from '../../../api/query-keys';

const versionsPath = (fileId: string) => `/files/f/${encodeURIComponent(fileId)}/versions`;
const versionPath = (fileId: string, versionId: string) =>
  `${versionsPath(fileId)}/${encodeURIComponent(versionId)}`;

/** GET /files/f/{id}/versions, newest first; asked only for the file's owner (everyone else is told 404). */
export const useFileVersions = (fileId: string, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.fileVersions(fileId),
    queryFn: ({ signal }) => apiData<FileVersion[]>(versionsPath(fileId), { signal }),
    enabled,
  });

/** Where a version's bytes download from (an attachment, with the session cookie). */
export const versionContentUrl = (fileId: string, versionId: string) =>
  apiUrl(`${versionPath(fileId, versionId)}/content`);

export const useRestoreVersion = (fileId: string) =>
  useActionMutation({
    mutationFn: (versionId: string) =>
      apiRequest<Envelope<StoredFile>>(`${versionPath(fileId, versionId)}/restore`, { method: 'POST' }),
    failedMessage: 'Failed to restore the version',
    invalidates: [queryKeys.files, queryKeys.admin],
  });

export const useDeleteVersion = (fileId: string) =>
  useActionMutation({
    mutationFn: (versionId: string) =>
      apiRequest<{ message: string }>(versionPath(fileId, versionId), { method: 'DELETE' }),
    failedMessage: 'Failed to delete the version',
    invalidates: [queryKeys.files, queryKeys.admin],
  });
