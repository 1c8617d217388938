import { sql } from 'kysely';
import type { ThumbnailRow } from './thumbnails';
import type { Executor } from '../db/executor';
import type { Database } from '../db/schema';

/**
 * What `cli migrate` reads and writes. The copy works on table rows as they are (same schema on both sides),
 * so these functions handle whole rows rather than the application's use cases.
 */

type TableName = keyof Database;

/** True when the database holds no users, files or blobs: migrate only fills an empty target. */
export async function isEmptyForMigration(db: Executor): Promise<boolean> {
  for (const table of ['users', 'files', 'blobs'] as const) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(row.n) > 0) return false;
  }
  return true;
}

/**
 * Every blob some file, kept file version or trash entry references, with its reference count counted from those rows (not
 * the stored ref_count, so a drifted count is healed by the copy).
 */
export function referencedBlobs(db: Executor) {
  const holders = db
    .selectFrom('files')
    .select('blob_hash')
    .select(sql<number>`1`.as('refs'))
    .unionAll(db.selectFrom('file_versions').select(['blob_hash', sql<number>`1`.as('refs')]))
    .unionAll(db.selectFrom('trash_blobs').select(['blob_hash', 'refs']))
    .as('holders');
  return db
    .selectFrom(holders)
    .innerJoin('blobs', 'blobs.hash', 'holders.blob_hash')
    .select((eb) => [
      'blobs.hash',
      'blobs.size',
      'blobs.created_at',
      eb.fn.sum<number>('holders.refs').as('refs'),
    ])
    .groupBy(['blobs.hash', 'blobs.size', 'blobs.created_at'])
    .orderBy('blobs.hash')
    .execute();
}

export async function insertBlobRows(
  db: Executor,
  rows: { hash: string; size: number; ref_count: number; created_at: string; crc32c: number }[],
): Promise<void> {
  if (rows.length) await db.insertInto('blobs').values(rows).execute();
}

/**
 * Copies every row of `table` in pages of `page` ordered by `keys` (its primary key); returns how many. The
 * source is a stopped instance, so paging by offset sees a table that does not change under it.
 */
export async function copyTableRows(
  source: Executor,
  target: Executor,
  table: TableName,
  keys: readonly string[],
  page: number,
): Promise<number> {
  for (let copied = 0; ; copied += page) {
    // The schema types cannot follow a table chosen at run time; the rows are copied as they are.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    let query = (source as any).selectFrom(table).selectAll();
    for (const key of keys) query = query.orderBy(key);
    const rows: Array<Record<string, unknown>> = await query.limit(page).offset(copied).execute();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    if (rows.length) await (target as any).insertInto(table).values(rows).execute();
    if (rows.length < page) return copied + rows.length;
  }
}

/** Every stored thumbnail's row, in a stable order, for `cli migrate`. */
export function thumbnailRows(db: Executor): Promise<ThumbnailRow[]> {
  return db.selectFrom('thumbnails').selectAll().orderBy('blob_hash').orderBy('size').execute();
}
