import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Maintained totals (migration 002), so that no statistic and no list total scans the files or blobs tables:
 * every figure the screens show is read from a handful of rows whatever the size of the instance.
 *
 *  - owner_file_totals: one row per uploader (files, bytes, public files, downloads): "my stats", the top
 *    uploader (index on files), and the number of accounts with files or with public files.
 *  - file_totals: the instance's totals, in one row (slot 0; readers add up every slot, so the totals can be
 *    spread over more rows later without changing them).
 *
 * Database triggers (defined in migrations/002-maintained-totals.ts) keep them exact in the same transaction as
 * the change to files or blobs, whichever code path makes it (uploads, edits, downloads, deletions, the CLI,
 * tests inserting rows).
 *
 * On PostgreSQL the triggers are deferred to commit and first take one transaction-scoped advisory lock. An
 * upload locks its blob row and then (inserting the file) its owner's totals, while a deletion locks the owner's
 * totals and then the blob row: updated at once, the two would deadlock. Deferred, a transaction only touches
 * totals after every other statement, and the one lock orders all of them, so no cycle can form. It is held
 * only from the triggers to the end of the commit, so concurrent uploads queue on it for about a millisecond
 * each rather than for their whole transaction (which includes moving the bytes into place).
 */
export const TOTALS_SLOTS = 1;

export const CATEGORY_COLUMNS = {
  image: 'images',
  video: 'videos',
  document: 'documents',
  other: 'others',
} as const;

/**
 * Every counter of the file_totals table (migration 002's, then 022's kept versions; the recount and the
 * readers use it).
 */
export const FILE_TOTAL_COLUMNS = [
  'files',
  'size',
  'downloads',
  'images',
  'videos',
  'documents',
  'others',
  'public_files',
  'public_size',
  'public_downloads',
  'public_images',
  'public_videos',
  'public_documents',
  'public_others',
  'active_owners',
  'contributors',
  'unique_blobs',
  'physical_size',
  'versions',
  'version_size',
] as const;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run on any schema version
type AnyDb = Kysely<any>;

export const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

const when = (condition: string) => `(case when ${condition} then 1 else 0 end)`;

/**
 * Recomputes every maintained total from the files and blobs rows, as migration 002's backfill did: what a bulk
 * import that bypassed the triggers runs afterwards. Callers hold a transaction or an otherwise idle database.
 */
export async function rebuildTotals(db: AnyDb): Promise<void> {
  const pg = isPostgres(db);
  const big = pg ? '::bigint' : '';
  await sql`delete from owner_file_totals`.execute(db);
  await sql
    .raw(
      `insert into owner_file_totals (owner_id, files, size, public_files, downloads)
       select owner_id, count(*), sum(size)${big}, sum(is_public)${big}, sum(download_count)${big} from files group by owner_id`,
    )
    .execute(db);
  // Kept versions belong to files, so their owner has a row already.
  await sql
    .raw(
      `update owner_file_totals set
         versions = (select count(*) from file_versions v where v.owner_id = owner_file_totals.owner_id),
         version_size = (select coalesce(sum(size), 0) from file_versions v where v.owner_id = owner_file_totals.owner_id)`,
    )
    .execute(db);
  await sql`delete from file_totals`.execute(db);
  for (let slot = 0; slot < TOTALS_SLOTS; slot++) {
    await sql`insert into file_totals (slot) values (${slot})`.execute(db);
  }
  const category = (name: string, pub = false) =>
    `coalesce(sum(${pub ? 'is_public * ' : ''}${when(`category = '${name}'`)}), 0)`;
  await sql
    .raw(
      `update file_totals set
         files = f.files, size = f.size, downloads = f.downloads, images = f.images, videos = f.videos,
         documents = f.documents, others = f.others, public_files = f.public_files, public_size = f.public_size,
         public_downloads = f.public_downloads, public_images = f.public_images, public_videos = f.public_videos,
         public_documents = f.public_documents, public_others = f.public_others,
         active_owners = (select count(*) from owner_file_totals where files > 0),
         contributors = (select count(*) from owner_file_totals where public_files > 0),
         unique_blobs = (select count(*) from blobs where ref_count > 0),
         physical_size = (select coalesce(sum(size), 0) from blobs where ref_count > 0),
         versions = (select count(*) from file_versions),
         version_size = (select coalesce(sum(size), 0) from file_versions)
       from (select count(*) as files, coalesce(sum(size), 0) as size, coalesce(sum(download_count), 0) as downloads,
               ${category('image')} as images, ${category('video')} as videos,
               ${category('document')} as documents, ${category('other')} as others,
               coalesce(sum(is_public), 0) as public_files, coalesce(sum(is_public * size), 0) as public_size,
               coalesce(sum(is_public * download_count), 0) as public_downloads,
               ${category('image', true)} as public_images, ${category('video', true)} as public_videos,
               ${category('document', true)} as public_documents, ${category('other', true)} as public_others
             from files) as f
       where slot = 0`,
    )
    .execute(db);
}
