import { queryOptions } from '@tanstack/react-query';
import {
  MAX_PAGE_SIZE,
  type BatchBody,
  type Envelope,
  type Folder,
  type FolderHit,
  type FolderWithPath,
  type Page,
} from '@cloudstash/contract';
import type { Selection } from '../lib/selection';
import { apiData, apiRequest } from './api-client';
import { pagedListOptions } from './paged-list';
import { queryKeys } from './query-keys';

export type { Folder, FolderHit, FolderWithPath };

/** What the list endpoints call the top of the tree. */
export const folderParam = (folderId: string | null) => folderId ?? 'root';

const folderPath = (id: string) => `/folders/${encodeURIComponent(id)}`;

/** POST /folders */
export const createFolder = (body: { name: string; parentId: string | null }) =>
  apiRequest<Envelope<Folder>>('/folders', { method: 'POST', body });

/** PATCH /folders/{id}: a new name, a new parent, or both. */
export const updateFolder = ({ id, ...body }: { id: string; name?: string; parentId?: string | null }) =>
  apiRequest<Envelope<Folder>>(folderPath(id), { method: 'PATCH', body });

/** DELETE /folders/{id}: the folder and everything in it. */
export const deleteFolder = (id: string) =>
  apiRequest<{ message: string }>(folderPath(id), { method: 'DELETE' });

/** GET /folders/{id}, with its path. */
export const folderOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.folder(id),
    queryFn: ({ signal }) => apiData<FolderWithPath>(folderPath(id), { signal }),
  });

/** GET /folders?q=: the caller's folders anywhere in their tree whose name contains the text, with paths. */
export const folderSearchOptions = (text: string) =>
  queryOptions({
    queryKey: queryKeys.folderSearch(text),
    queryFn: ({ signal }) =>
      apiRequest<Page<FolderHit>>('/folders', { query: { q: text, limit: MAX_PAGE_SIZE }, signal }),
    enabled: text.trim() !== '',
  });

/** GET /folders?parentId=: one folder's subfolders by name, a page at a time. */
export const childFoldersOptions = (parentId: string | null) =>
  pagedListOptions<Folder>(queryKeys.childFolders(parentId), '/folders', {
    parentId: folderParam(parentId),
    limit: MAX_PAGE_SIZE,
  });

/** The subfolder of `parentId` named `name` (ignoring case, as the server's uniqueness rule does), if any. */
export async function findChildFolder(parentId: string | null, name: string): Promise<Folder | undefined> {
  const wanted = name.trim().toLocaleLowerCase();
  let cursor: string | undefined;
  do {
    const page = await apiRequest<Page<Folder>>('/folders', {
      query: { parentId: folderParam(parentId), limit: MAX_PAGE_SIZE, cursor },
    });
    const found = page.data.find((folder) => folder.name.toLocaleLowerCase() === wanted);
    if (found) return found;
    cursor = page.meta.nextCursor ?? undefined;
  } while (cursor);
  return undefined;
}

export type { Selection };

/** POST /files/batch: move or delete files and folders, all or nothing. */
export const batchAction = (body: BatchBody) =>
  apiRequest<Envelope<{ files: number; folders: number }>>('/files/batch', { method: 'POST', body });

/** POST /files/zip: a signed link whose answer is the selection as one zip. */
export const zipLink = (body: Selection) =>
  apiRequest<Envelope<{ url: string }>>('/files/zip', { method: 'POST', body });
