import { sql } from 'kysely';
import type { Executor } from '../db/executor';

/**
 * Adds one reference to the blob, creating its row when it is new. The upsert also locks the row until the
 * transaction ends, which is what keeps a concurrent reclamation of the same hash from deleting its bytes.
 * A row stored before checksums existed takes this upload's.
 */
export async function acquireBlobReference(
  db: Executor,
  blob: { hash: string; size: number; crc32c: number; now: string },
) {
  await db
    .insertInto('blobs')
    .values({ hash: blob.hash, size: blob.size, crc32c: blob.crc32c, ref_count: 1, created_at: blob.now })
    .onConflict((oc) =>
      oc.column('hash').doUpdateSet({
        ref_count: sql`blobs.ref_count + 1`,
        crc32c: sql`coalesce(blobs.crc32c, excluded.crc32c)`,
      }),
    )
    .execute();
}

/** Records a blob's checksum once its bytes were found to match their SHA-256 key; one already there stays. */
export async function setBlobChecksum(db: Executor, hash: string, crc32c: number): Promise<void> {
  await db
    .updateTable('blobs')
    .set({ crc32c })
    .where('hash', '=', hash)
    .where('crc32c', 'is', null)
    .execute();
}

/** Referenced blobs with no checksum yet, for `fsck --backfill`. */
export function blobsWithoutChecksum(db: Executor, limit: number) {
  return db
    .selectFrom('blobs')
    .select(['hash', 'size'])
    .where('crc32c', 'is', null)
    .where('ref_count', '>', 0)
    .orderBy('hash')
    .limit(limit)
    .execute();
}

/** The referenced blobs re-hashed longest ago (never first), for the scrub. */
export function blobsToScrub(db: Executor, limit: number) {
  return db
    .selectFrom('blobs')
    .select(['hash', 'size', 'crc32c'])
    .where('ref_count', '>', 0)
    .orderBy('scrubbed_at')
    .orderBy('hash')
    .limit(limit)
    .execute();
}

export async function markScrubbed(db: Executor, hash: string, at: string): Promise<void> {
  await db.updateTable('blobs').set({ scrubbed_at: at }).where('hash', '=', hash).execute();
}

export async function releaseBlobReference(db: Executor, hash: string): Promise<void> {
  await db
    .updateTable('blobs')
    .set({ ref_count: sql`ref_count - 1` })
    .where('hash', '=', hash)
    .execute();
}

/** Deletes the blob row if nothing references it; true when it did (and locked it until commit). */
export async function deleteBlobIfUnreferenced(db: Executor, hash: string): Promise<boolean> {
  const row = await db
    .deleteFrom('blobs')
    .where('hash', '=', hash)
    .where('ref_count', '<=', 0)
    .returning('hash')
    .executeTakeFirst();
  return row !== undefined;
}

export function findBlob(db: Executor, hash: string) {
  return db.selectFrom('blobs').selectAll().where('hash', '=', hash).executeTakeFirst();
}

export function unreferencedBlobs(db: Executor, limit: number) {
  return db.selectFrom('blobs').select(['hash', 'size']).where('ref_count', '<=', 0).limit(limit).execute();
}

export function allBlobs(db: Executor) {
  return db.selectFrom('blobs').select(['hash', 'size', 'ref_count', 'crc32c']).orderBy('hash').execute();
}

/**
 * Blobs whose stored reference count differs from the number of files, kept file versions and trash entries'
 * references pointing at them (`files` is that number).
 */
export function blobsWithWrongCounts(db: Executor) {
  const references = sql<number>`((select count(*) from files where files.blob_hash = blobs.hash)
    + (select count(*) from file_versions where file_versions.blob_hash = blobs.hash)
    + (select coalesce(sum(refs), 0) from trash_blobs where trash_blobs.blob_hash = blobs.hash))`;
  return db
    .selectFrom('blobs')
    .select(['blobs.hash', 'blobs.ref_count', references.as('files')])
    .where(sql<boolean>`blobs.ref_count != ${references}`)
    .execute();
}

/** Referenced blobs and their bytes, from the maintained totals (db/totals.ts) rather than a scan of blobs. */
export async function blobTotals(db: Executor) {
  const row = await db
    .selectFrom('file_totals')
    .select([
      sql<number>`coalesce(sum(unique_blobs), 0)`.as('blobs'),
      sql<number>`coalesce(sum(physical_size), 0)`.as('size'),
    ])
    .executeTakeFirstOrThrow();
  return { uniqueFilesStored: Number(row.blobs), totalPhysicalSize: Number(row.size) };
}

/** The most shared blob, when any blob is shared at all. */
export function mostReferencedBlob(db: Executor) {
  return db
    .selectFrom('blobs')
    .select(['hash', 'ref_count'])
    .where('ref_count', '>', 1)
    .orderBy('ref_count', 'desc')
    .orderBy('hash')
    .limit(1)
    .executeTakeFirst();
}

/** A blob row nothing references, so that reclamation can lock it; ignored if the row appeared meanwhile. */
export async function insertTombstone(db: Executor, blob: { hash: string; size: number; now: string }) {
  await db
    .insertInto('blobs')
    .values({ hash: blob.hash, size: blob.size, ref_count: 0, created_at: blob.now })
    .onConflict((oc) => oc.column('hash').doNothing())
    .execute();
}

/** One more reference to a blob some file already holds (a copy); false when the blob row is gone. */
export async function addBlobReference(db: Executor, hash: string): Promise<boolean> {
  const result = await db
    .updateTable('blobs')
    .set({ ref_count: sql`ref_count + 1` })
    .where('hash', '=', hash)
    .where('ref_count', '>', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
