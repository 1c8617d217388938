import { DEFAULT_PAGE_SIZE, type FileListQuery, type StoredFile } from '@cloudstash/contract';
import { pagedListOptions, usePagedList } from '../../../lib/paged-list';
import { queryKeys } from '../../../lib/query-keys';

/** GET /files/user-files: the caller's own files, newest first, a page at a time. */
export const myFilesQuery: FileListQuery = { sort: 'createdAt', order: 'desc', limit: DEFAULT_PAGE_SIZE };

export const myFilesOptions = (query: FileListQuery = myFilesQuery) =>
  pagedListOptions<StoredFile>(queryKeys.myFiles(query), '/files/user-files', query);

export const useMyFiles = () => usePagedList(myFilesOptions());
