import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateRequestBody,
  Envelope,
  RequestUpload,
  UpdateRequestBody,
  UploadRequest,
} from '@cloudstash/contract';
import { apiData, apiRequest } from '../../../api/api-client';

/** Upload-link data lives under 'upload-links': a change to one refreshes every list that shows them. */
export const uploadLinkKeys = {
  all: ['upload-links'] as const,
  ofFolder: (folderId: string) => ['upload-links', 'folder', folderId] as const,
  received: (id: string) => ['upload-links', 'received', id] as const,
};

const folderRequestsPath = (folderId: string) => `/folders/${encodeURIComponent(folderId)}/requests`;
const requestPath = (id: string) => `/requests/${encodeURIComponent(id)}`;

/** A folder's upload links, for whoever may share it. */
export const useFolderUploadLinks = (folderId: string) =>
  useQuery({
    queryKey: uploadLinkKeys.ofFolder(folderId),
    queryFn: ({ signal }) => apiData<UploadRequest[]>(folderRequestsPath(folderId), { signal }),
  });

/** What came through one upload link, newest first, each with who sent it. */
export const useReceivedFiles = (id: string) =>
  useQuery({
    queryKey: uploadLinkKeys.received(id),
    queryFn: ({ signal }) => apiData<RequestUpload[]>(`${requestPath(id)}/files`, { signal }),
  });

/** Every change answers the link as it now is; the lists that show it are refreshed. */
function useUploadLinkChange<TVars>(send: (vars: TVars) => Promise<Envelope<UploadRequest>>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (vars: TVars) => (await send(vars)).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: uploadLinkKeys.all }),
  });
}

export const useCreateUploadLink = (folderId: string) =>
  useUploadLinkChange((body: CreateRequestBody) =>
    apiRequest<Envelope<UploadRequest>>(folderRequestsPath(folderId), { method: 'POST', body }),
  );

export const useUpdateUploadLink = () =>
  useUploadLinkChange(({ id, body }: { id: string; body: UpdateRequestBody }) =>
    apiRequest<Envelope<UploadRequest>>(requestPath(id), { method: 'PATCH', body }),
  );

/** Closes the link for good: nothing more comes through it; what came stays in the folder. */
export const useCloseUploadLink = () =>
  useUploadLinkChange((id: string) =>
    apiRequest<Envelope<UploadRequest>>(requestPath(id), { method: 'DELETE' }),
  );
