import type { BlobStore } from '../../blobs/blob-store';
import type { Executor } from '../../db/executor';
import { deleteJob } from '../../repositories/jobs';
import { FILE_THUMBNAIL_JOB, THUMBNAIL_JOB, deleteThumbnailRows } from '../../repositories/thumbnails';
import { THUMBNAIL_SIZES } from './render';

export { FILE_THUMBNAIL_JOB, THUMBNAIL_JOB };

/** Where one size of a content's thumbnail is kept in the blob store. */
export const thumbnailName = (hash: string, size: number) => `${hash}-${size}.webp`;

/** The blob hash a stored thumbnail name belongs to. */
export const blobOfThumbnail = (name: string) => name.slice(0, 64);

/**
 * Forgets a blob's thumbnails along with the blob: their rows, their bytes, and their job, so that the same
 * content uploaded again later gets them made afresh. Runs in the reclaiming transaction, under its lock.
 */
export async function deleteThumbnailsOf(trx: Executor, store: BlobStore, hash: string): Promise<void> {
  await deleteThumbnailRows(trx, hash);
  await deleteJob(trx, THUMBNAIL_JOB, hash);
  for (const size of THUMBNAIL_SIZES) await store.deleteDerived(thumbnailName(hash, size));
}
