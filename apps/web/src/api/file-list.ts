import type { StoredFile } from '@cloudstash/contract';
import { usePagedList, type ListPoll, type pagedListOptions } from './paged-list';

/**
 * Thumbnails are made in the background after an upload: while any file shown is still waiting for one, the
 * list asks again every few seconds so they appear without a reload, and gives up after about two minutes.
 */
const THUMBNAIL_POLL: ListPoll<StoredFile> = {
  while: (file) => file.thumbnailPending,
  everyMs: 2_000,
  maxPolls: 60,
};

/** Every file list of the app: a paged list that keeps its thumbnails current. */
export const useFileList = (options: ReturnType<typeof pagedListOptions<StoredFile>>) =>
  usePagedList(options, THUMBNAIL_POLL);
