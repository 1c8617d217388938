import type { FileListQuery, StoredFile } from '@cloudstash/contract';
import { useFileList } from '../../../lib/file-list';
import { publicFilesQuery, publicListUrl } from '../../../lib/list-state';
import { pagedListOptions } from '../../../lib/paged-list';
import { queryKeys } from '../../../lib/query-keys';

/** GET /files/public: filtered and sorted by the server, a page at a time. */
export const publicFilesOptions = (query: FileListQuery) =>
  pagedListOptions<StoredFile>(queryKeys.publicFiles(query), '/files/public', query);

/** The first page Public Files shows for an address's search params, asked for as the screen is entered. */
export const publicFilesOptionsAt = (params: URLSearchParams) => {
  const { filters, sort } = publicListUrl.fromParams(params);
  return publicFilesOptions(publicFilesQuery(filters, sort));
};

export const usePublicFiles = (query: FileListQuery) => useFileList(publicFilesOptions(query));
