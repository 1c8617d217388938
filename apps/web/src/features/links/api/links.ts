import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateLinkBody,
  DownloadHistory,
  Envelope,
  Link,
  LinkListQuery,
  Page,
} from '@cloudstash/contract';
import { MAX_PAGE_SIZE } from '@cloudstash/contract';
import { apiRequest } from '../../../api/api-client';
import { pagedListOptions, usePagedList } from '../../../api/paged-list';
import { queryKeys } from '../../../api/query-keys';
import type { ShareTarget } from '../../../api/shares';

/** Where a file's or a folder's own links are listed and made. */
const linksPathOf = ({ kind, id }: Pick<ShareTarget, 'kind' | 'id'>) =>
  kind === 'file' ? `/files/f/${encodeURIComponent(id)}/links` : `/folders/${encodeURIComponent(id)}/links`;

/** Share-link data lives under 'links', so creating or revoking one refreshes every list that shows links. */
export const linkKeys = {
  all: ['links'] as const,
  mine: (query: LinkListQuery) => ['links', 'mine', query] as const,
  admin: (query: LinkListQuery) => ['links', 'admin', query] as const,
  ofFile: (fileId: string) => ['links', 'file', fileId] as const,
  ofFolder: (folderId: string) => ['links', 'folder', folderId] as const,
};

export const useMyLinks = (query: LinkListQuery = {}) =>
  usePagedList(pagedListOptions<Link>(linkKeys.mine(query), '/links', query));

export const useAdminLinks = (query: LinkListQuery = {}) =>
  usePagedList(pagedListOptions<Link>(linkKeys.admin(query), '/admin/links', query));

export const useFileLinks = (fileId: string) =>
  useQuery({
    queryKey: linkKeys.ofFile(fileId),
    queryFn: async ({ signal }) =>
      (await apiRequest<Page<Link>>(linksPathOf({ kind: 'file', id: fileId }), { signal })).data,
  });

/** A folder's share links, newest first (the most a page holds: a folder has a handful). */
export const useFolderLinks = (folderId: string) =>
  useQuery({
    queryKey: linkKeys.ofFolder(folderId),
    queryFn: async ({ signal }) =>
      (
        await apiRequest<Page<Link>>(linksPathOf({ kind: 'folder', id: folderId }), {
          query: { limit: MAX_PAGE_SIZE },
          signal,
        })
      ).data,
  });

/**
 * The last 30 days of downloads, for the file's owner and admins. Kept under the files' key, so a download
 * that refreshes the file's Downloads figure refreshes this one with it and the two never disagree on screen.
 */
export const useFileDownloads = (fileId: string) =>
  useQuery({
    queryKey: [...queryKeys.files, 'downloads', fileId],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<Envelope<DownloadHistory>>(`/files/f/${encodeURIComponent(fileId)}/downloads`, {
          signal,
        })
      ).data,
  });

/** A new share link to a file or a folder. */
export function useCreateLink(target: Pick<ShareTarget, 'kind' | 'id'>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateLinkBody) =>
      (await apiRequest<Envelope<Link>>(linksPathOf(target), { method: 'POST', body })).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: linkKeys.all }),
  });
}

export function useRevokeLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (linkId: string) =>
      (await apiRequest<Envelope<Link>>(`/links/${encodeURIComponent(linkId)}`, { method: 'DELETE' })).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: linkKeys.all }),
  });
}
