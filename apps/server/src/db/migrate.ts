import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import * as m001 from './migrations/001-initial';
import * as m002 from './migrations/002-maintained-totals';
import * as m003 from './migrations/003-most-shared-blob-index';
import * as m004 from './migrations/004-case-insensitive-name-sort';
import * as m005 from './migrations/005-share-links';
import * as m006 from './migrations/006-accounts';
import * as m007 from './migrations/007-rate-limits';
import * as m008 from './migrations/008-login-failures-per-client';
import * as m009 from './migrations/009-download-marks';
import * as m010 from './migrations/010-jobs-and-thumbnails';
import * as m011 from './migrations/011-oidc-identities';
import * as m012 from './migrations/012-quotas';
import * as m013 from './migrations/013-resumable-uploads';
import * as m014 from './migrations/014-blob-checksums';
import * as m015 from './migrations/015-search-indexes';
import * as m016 from './migrations/016-resumable-s3-parts';
import * as m017 from './migrations/017-name-sort-keys';
import * as m018 from './migrations/018-throttle';
import * as m019 from './migrations/019-upload-reservations';
import * as m020 from './migrations/020-fair-jobs';
import * as m021 from './migrations/021-folders';
import * as m022 from './migrations/022-file-versions';
import * as m023 from './migrations/023-webdav';
import * as m024 from './migrations/024-trash';
import * as m025 from './migrations/025-sharing';
import * as m026 from './migrations/026-mail-outbox';
import * as m027 from './migrations/027-dav-property-sizes';
import * as m028 from './migrations/028-dav-locks-by-item';
import * as m029 from './migrations/029-file-uploaders';
import * as m030 from './migrations/030-trash-folder-ids';
import { isPostgres } from './totals';

/**
 * Every migration in order, one file each under migrations/, holding all the SQL it runs: a migration never
 * changes once released (a later change to a runtime helper must not make a fresh database differ from an
 * upgraded one), so a change of schema is a new file appended here. One set for both dialects: only portable
 * column types (text, integer), and every list, filter and sort the API offers backed by an index whose last
 * column is the id (the keyset tiebreaker).
 */
const migrations: Record<string, Migration> = {
  '001_initial': m001,
  '002_maintained_totals': m002,
  '003_most_shared_blob_index': m003,
  '004_case_insensitive_name_sort': m004,
  '005_share_links': m005,
  '006_accounts': m006,
  '007_rate_limits': m007,
  '008_login_failures_per_client': m008,
  '009_download_marks': m009,
  '010_jobs_and_thumbnails': m010,
  '011_oidc_identities': m011,
  '012_quotas': m012,
  '013_resumable_uploads': m013,
  '014_blob_checksums': m014,
  '015_search_indexes': m015,
  '016_resumable_s3_parts': m016,
  '017_name_sort_keys': m017,
  '018_throttle': m018,
  '019_upload_reservations': m019,
  '020_fair_jobs': m020,
  '021_folders': m021,
  '022_file_versions': m022,
  '023_webdav': m023,
  '024_trash': m024,
  '025_sharing': m025,
  '026_mail_outbox': m026,
  '027_dav_property_sizes': m027,
  '028_dav_locks_by_item': m028,
  '029_file_uploaders': m029,
  '030_trash_folder_ids': m030,
};

/**
 * Names a migration was recorded under before the numbering had no gaps, and the name it has now: databases
 * migrated before the renumbering have their rows renamed so the migrator recognises them.
 */
export const RENAMED_MIGRATIONS: ReadonlyArray<readonly [before: string, now: string]> = [
  ['013_quotas', '012_quotas'],
  ['013b_resumable_uploads', '013_resumable_uploads'],
];

/** Every migration in order; tests migrate to one of them to load rows as an older instance held them. */
export const migrationProvider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; safe to call from several processes starting at once. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema version
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  await renameRecordedMigrations(db);
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/**
 * Renames recorded migrations to their current names, before the migrator reads them (it refuses a database
 * that records a migration it does not know). Each rename is one UPDATE that matches nothing once done, so it
 * is harmless to repeat and to run from several processes at once; a new database has no table to rename in.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema version
async function renameRecordedMigrations(db: Kysely<any>): Promise<void> {
  const found = isPostgres(db)
    ? await sql`select 1 from pg_tables where schemaname = current_schema() and tablename = 'kysely_migration'`.execute(
        db,
      )
    : await sql`select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'`.execute(db);
  if (!found.rows.length) return;
  for (const [before, now] of RENAMED_MIGRATIONS)
    await db.updateTable('kysely_migration').set({ name: now }).where('name', '=', before).execute();
}
