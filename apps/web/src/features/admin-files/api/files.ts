import type { FileListQuery, StoredFile } from '@cloudstash/contract';
import { useFileList } from '../../../api/file-list';
import { pagedListOptions } from '../../../api/paged-list';
import { queryKeys } from '../../../api/query-keys';

/** GET /admin/files: every file of every user, filtered and sorted by the server. */
export const adminFilesOptions = (query: FileListQuery) =>
  pagedListOptions<StoredFile>(queryKeys.adminFiles(query), '/admin/files', query);

export const useAdminFiles = (query: FileListQuery) => useFileList(adminFilesOptions(query));
