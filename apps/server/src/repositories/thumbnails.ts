import { sql } from 'kysely';
import type { Executor } from '../db/executor';
import type { ThumbnailsTable } from '../db/schema';

export type ThumbnailRow = ThumbnailsTable;

/** The job kind that makes a content's thumbnails; its key is the blob hash. */
export const THUMBNAIL_JOB = 'thumbnail';

/** Records the thumbnails of a blob; fails (foreign key) when the blob row is gone, which the caller expects. */
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

/** The maintained count and bytes of every thumbnail (db/thumbnail-totals.ts). */
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

export async function blobExists(db: Executor, hash: string): Promise<boolean> {
  const row = await db.selectFrom('blobs').select('hash').where('hash', '=', hash).executeTakeFirst();
  return row !== undefined;
}
