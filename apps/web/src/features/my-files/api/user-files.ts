import type { FileListQuery, StoredFile } from '@cloudstash/contract';
import { useFileList } from '../../../api/file-list';
import { pagedListOptions } from '../../../api/paged-list';
import { queryKeys } from '../../../api/query-keys';

/**
 * GET /files/user-files: the caller's own files (newest first unless sorted otherwise), a page at a time; with
 * `folderId`, those of one folder (`root` = the top).
 */
export const myFilesOptions = (query: FileListQuery & { folderId?: string }) =>
  pagedListOptions<StoredFile>(queryKeys.myFiles(query), '/files/user-files', query);

export const useMyFiles = (query: FileListQuery & { folderId?: string }) =>
  useFileList(myFilesOptions(query));
