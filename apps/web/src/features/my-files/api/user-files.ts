import { DEFAULT_PAGE_SIZE, type FileListQuery, type StoredFile } from '@cloudstash/contract';
import { DEFAULT_SORT, type SortState } from '../../../lib/list-state';
import { useFileList } from '../../../api/file-list';
import { pagedListOptions } from '../../../api/paged-list';
import { queryKeys } from '../../../api/query-keys';

/** GET /files/user-files: the caller's own files (newest first unless sorted otherwise), a page at a time. */
export const myFilesOptions = (sort: SortState = DEFAULT_SORT) => {
  const query: FileListQuery = { sort: sort.sort, order: sort.order, limit: DEFAULT_PAGE_SIZE };
  return pagedListOptions<StoredFile>(queryKeys.myFiles(query), '/files/user-files', query);
};

export const useMyFiles = (sort: SortState) => useFileList(myFilesOptions(sort));
