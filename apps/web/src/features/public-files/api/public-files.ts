import type { FileListQuery, StoredFile } from '@cloudstash/contract';
import { useFileList } from '../../../api/file-list';
import { pagedListOptions } from '../../../api/paged-list';
import { queryKeys } from '../../../api/query-keys';

/** GET /files/public: filtered and sorted by the server, a page at a time. */
export const publicFilesOptions = (query: FileListQuery) =>
  pagedListOptions<StoredFile>(queryKeys.publicFiles(query), '/files/public', query);

export const usePublicFiles = (query: FileListQuery) => useFileList(publicFilesOptions(query));
