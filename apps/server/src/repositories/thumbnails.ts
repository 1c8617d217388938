import { sql } from 'kysely';
import type { Executor } from '../db/executor';
import type { ThumbnailsTable } from '../db/schema';
import { isPostgres } from '../db/totals';

export type ThumbnailRow = ThumbnailsTable;

/** The job kind that makes a content's missing thumbnails (the backfill); its key is the blob hash. */
export const THUMBNAIL_JOB = 'thumbnail';
/** The job kind that makes a newly uploaded file's thumbnails; its key is the file id. */
export const FILE_THUMBNAIL_JOB = 'file-thumbnail';

/**
 * Records the thumbnails of a blob in place of any it had (one transaction: the totals' triggers count the
 * rows out and in again); fails (foreign key) when the blob row is gone, which the caller expects.
 */
export async function replaceThumbnails(trx: Executor, hash: string, rows: ThumbnailRow[]): Promise<void> {
  // The blob row first, then its thumbnails: the order a reclamation locks them in (it deletes the blob row,
  // which cascades). Deleting thumbnails first and then waiting on the blob row could deadlock with it.
  if (isPostgres(trx)) {
    await trx.selectFrom('blobs').select('hash').where('hash', '=', hash).forKeyShare().execute();
  }
  await deleteThumbnailRows(trx, hash);
  await insertThumbnails(trx, rows);
}

/** Records thumbnails (a copy of another database's, say); rows already there are kept. */
export async function insertThumbnails(db: Executor, rows: ThumbnailRow[]): Promise<void> {
  await db
    .insertInto('thumbnails')
    .values(rows)
    .onConflict((oc) => oc.columns(['blob_hash', 'size']).doNothing())
    .execute();
}

export function findThumbnail(db: Executor, hash: string, size: number) {
  return db
    .selectFrom('thumbnails')
    .selectAll()
    .where('blob_hash', '=', hash)
    .where('size', '=', size)
    .executeTakeFirst();
}

export async function hasThumbnails(db: Executor, hash: string): Promise<boolean> {
  const row = await db
    .selectFrom('thumbnails')
    .select('size')
    .where('blob_hash', '=', hash)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteThumbnailRows(db: Executor, hash: string): Promise<void> {
  await db.deleteFrom('thumbnails').where('blob_hash', '=', hash).execute();
}

/** Every blob that has thumbnails, for fsck and gc. */
export async function blobsWithThumbnails(db: Executor): Promise<Set<string>> {
  const rows = await db.selectFrom('thumbnails').select('blob_hash').distinct().execute();
  return new Set(rows.map((r) => r.blob_hash));
}

/** The maintained count and bytes of every thumbnail (migration db/migrations/010-jobs-and-thumbnails.ts). */
export async function thumbnailTotals(db: Executor) {
  const row = await db
    .selectFrom('thumbnail_totals')
    .select([
      sql<number>`coalesce(sum(thumbnails), 0)`.as('thumbnails'),
      sql<number>`coalesce(sum(bytes), 0)`.as('bytes'),
    ])
    .executeTakeFirstOrThrow();
  return { thumbnails: Number(row.thumbnails), bytes: Number(row.bytes) };
}

/** Blobs held by files that have no thumbnails yet (one page after `afterHash`), with their media type. */
export function blobsWithoutThumbnails(db: Executor, opts: { afterHash: string; limit: number }) {
  return db
    .selectFrom('files')
    .select((eb) => ['files.blob_hash as hash', eb.fn.min('files.mimetype').as('mimetype')])
    .where('files.blob_hash', '>', opts.afterHash)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('thumbnails').select('size').whereRef('thumbnails.blob_hash', '=', 'files.blob_hash'),
        ),
      ),
    )
    .groupBy('files.blob_hash')
    .orderBy('files.blob_hash')
    .limit(opts.limit)
    .execute();
}

/** The media type of the content, from any one file that holds it (all were detected from the same bytes). */
export async function mediaTypeOfBlob(db: Executor, hash: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('files')
    .select('mimetype')
    .where('blob_hash', '=', hash)
    .limit(1)
    .executeTakeFirst();
  return row?.mimetype;
}

/** The content and media type of a file, for its thumbnail job; undefined once the file is deleted. */
export function contentOfFile(db: Executor, fileId: string) {
  return db.selectFrom('files').select(['blob_hash', 'mimetype']).where('id', '=', fileId).executeTakeFirst();
}

export async function blobExists(db: Executor, hash: string): Promise<boolean> {
  const row = await db.selectFrom('blobs').select('hash').where('hash', '=', hash).executeTakeFirst();
  return row !== undefined;
}

/** What is remembered of content whose thumbnails could not be made. */
export function findThumbnailFailure(db: Executor, hash: string) {
  return db
    .selectFrom('thumbnail_failures')
    .select(['error', 'elapsed_ms'])
    .where('blob_hash', '=', hash)
    .executeTakeFirst();
}

/** Remembers that the content's thumbnails failed; the first record stands. Fails (foreign key) when the blob is gone. */
export async function recordThumbnailFailure(
  db: Executor,
  failure: { blob_hash: string; error: string; elapsed_ms: number; created_at: string },
): Promise<void> {
  await db
    .insertInto('thumbnail_failures')
    .values(failure)
    .onConflict((oc) => oc.column('blob_hash').doNothing())
    .execute();
}
