import { DEFAULT_PAGE_SIZE, type FileListQuery, type StoredFile } from '@cloudstash/contract';
import type { SortState } from '../../../lib/list-state';
import { useFileList } from '../../../api/file-list';
import { pagedListOptions } from '../../../api/paged-list';
import { queryKeys } from '../../../api/query-keys';

/** GET /admin/files/{userId}: one user's files, sorted by the server. */
export const adminUserFilesOptions = (userId: string, sort: SortState) => {
  const query: FileListQuery = { sort: sort.sort, order: sort.order, limit: DEFAULT_PAGE_SIZE };
  return pagedListOptions<StoredFile>(
    queryKeys.adminUserFiles(userId, query),
    `/admin/files/${encodeURIComponent(userId)}`,
    query,
  );
};

export const useAdminUserFiles = (userId: string, sort: SortState) =>
  useFileList(adminUserFilesOptions(userId, sort));
