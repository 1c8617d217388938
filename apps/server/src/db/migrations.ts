import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { nameSortKey } from '@cloudstash/contract';
import { addAccounts } from './accounts-migration';
import { addQuotas } from './quotas-migration';
import { createSearchIndexes } from './search-indexes';
import { createThumbnailTotals } from './thumbnail-totals';
import { createTotals, isPostgres } from './totals';

/**
 * One set of migrations for both dialects: only portable column types (text, integer), and every list,
 * filter and sort the API offers backed by an index whose last column is the id (the keyset tiebreaker).
 */
const migrations: Record<string, Migration> = {
  '001_initial': {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('users_created_at').on('users').columns(['created_at', 'id']).execute();
      await db.schema.createIndex('users_name').on('users').columns(['name', 'id']).execute();

      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('blobs')
        .addColumn('hash', 'text', (c) => c.primaryKey())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('ref_count', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('blobs_ref_count').on('blobs').columns(['ref_count', 'hash']).execute();

      await db.schema
        .createTable('files')
        .addColumn('id', 'text', (c) => c.primaryKey())
        // No cascade: a user who still owns files cannot be deleted. Each file must first be removed through
        // BlobReferences.removeFile (as FileService.remove does), which releases its blob reference.
        .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('blob_hash', 'text', (c) => c.notNull().references('blobs.hash'))
        .addColumn('filename', 'text', (c) => c.notNull())
        .addColumn('mimetype', 'text', (c) => c.notNull())
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('is_public', 'integer', (c) => c.notNull())
        .addColumn('download_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      const fileIndexes: Record<string, string[]> = {
        files_owner_created: ['owner_id', 'created_at', 'id'],
        files_public_created: ['is_public', 'created_at', 'id'],
        files_public_category_created: ['is_public', 'category', 'created_at', 'id'],
        files_public_filename: ['is_public', 'filename', 'id'],
        files_public_size: ['is_public', 'size', 'id'],
        files_public_downloads: ['is_public', 'download_count', 'id'],
        files_created: ['created_at', 'id'],
        files_filename: ['filename', 'id'],
        files_size: ['size', 'id'],
        files_downloads: ['download_count', 'id'],
        files_blob: ['blob_hash'],
      };
      for (const [name, columns] of Object.entries(fileIndexes)) {
        await db.schema.createIndex(name).on('files').columns(columns).execute();
      }

      await db.schema
        .createTable('login_failures')
        .addColumn('email', 'text', (c) => c.primaryKey())
        .addColumn('window_start', 'text', (c) => c.notNull())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('leases')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('holder', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '002_maintained_totals': {
    /**
     * Statistics and list totals read maintained counters instead of scanning every file (db/totals.ts), and
     * the public list filtered by category can be sorted by size, name or downloads straight off an index.
     */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
    async up(db: Kysely<any>) {
      await createTotals(db);
      const fileIndexes: Record<string, string[]> = {
        files_public_category_size: ['is_public', 'category', 'size', 'id'],
        files_public_category_filename: ['is_public', 'category', 'filename', 'id'],
        files_public_category_downloads: ['is_public', 'category', 'download_count', 'id'],
      };
      for (const [name, columns] of Object.entries(fileIndexes)) {
        await db.schema.createIndex(name).on('files').columns(columns).execute();
      }
    },
  },
  '003_most_shared_blob_index': {
    /**
     * The most shared blob is the first row of (ref_count desc, hash): the ascending index made the database
     * read and sort every blob with the top count (200k of them at 1M files), 130 ms on SQLite. The new index
     * also serves the reclamation scan (ref_count <= 0), so it replaces the old one.
     */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
    async up(db: Kysely<any>) {
      await sql`create index blobs_ref_count_desc on blobs (ref_count desc, hash)`.execute(db);
      await db.schema.dropIndex('blobs_ref_count').execute();
    },
  },
  '004_case_insensitive_name_sort': {
    /**
     * File names sort case-insensitively and identically on both dialects (repositories/files.ts): by
     * lower(name), then name, then id, compared code point by code point ("C" on PostgreSQL). These indexes
     * serve that order for the lists sorted by name, replacing the plain filename ones.
     */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
    async up(db: Kysely<any>) {
      const c = isPostgres(db) ? sql` collate "C"` : sql``;
      const nameKeys = sql`lower(filename)${c}, filename${c}, id${c}`;
      await sql`create index files_filename_ci on files (${nameKeys})`.execute(db);
      await sql`create index files_public_filename_ci on files (is_public, ${nameKeys})`.execute(db);
      await sql`create index files_public_category_filename_ci on files (is_public, category, ${nameKeys})`.execute(
        db,
      );
      for (const old of ['files_filename', 'files_public_filename', 'files_public_category_filename'])
        await db.schema.dropIndex(old).execute();
    },
  },
  '005_share_links': {
    /**
     * Share links, the download history and failed link passwords. A link ends with its file (cascade); the
     * history of a deleted file goes with it. Failed passwords live in a table so every process sees them.
     */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('links')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('token_sealed', 'text', (c) => c.notNull())
        .addColumn('file_id', 'text', (c) => c.notNull().references('files.id').onDelete('cascade'))
        .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('label', 'text')
        .addColumn('password_hash', 'text')
        .addColumn('expires_at', 'text')
        .addColumn('max_downloads', 'integer')
        .addColumn('downloads', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_download_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('revoked_at', 'text')
        .execute();
      await db.schema
        .createIndex('links_owner_created')
        .on('links')
        .columns(['owner_id', 'created_at', 'id'])
        .execute();
      await db.schema
        .createIndex('links_file_created')
        .on('links')
        .columns(['file_id', 'created_at', 'id'])
        .execute();
      await db.schema.createIndex('links_created').on('links').columns(['created_at', 'id']).execute();

      await db.schema
        .createTable('downloads')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('file_id', 'text', (c) => c.notNull().references('files.id').onDelete('cascade'))
        .addColumn('link_id', 'text')
        // 1 for a single download; a day's total once old rows are rolled up.
        .addColumn('count', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('downloads_file_at').on('downloads').columns(['file_id', 'at']).execute();
      await db.schema.createIndex('downloads_at').on('downloads').columns(['at', 'id']).execute();

      await db.schema
        .createTable('link_unlock_failures')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('window_start', 'text', (c) => c.notNull())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .execute();
    },
  },
  '006_accounts': { up: addAccounts },
  '007_rate_limits': {
    /**
     * Request limits counted per client address and window where every process sees them: with several
     * processes, counts kept in each one's memory would allow the limit once per process.
     */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('hits', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('rate_limits_pk', ['key', 'window_start'])
        .execute();
      await db.schema.createIndex('rate_limits_expires').on('rate_limits').column('expires_at').execute();
    },
  },
  '008_login_failures_per_client': {
    /**
     * The hard lock counted per account alone let anyone lock anyone out; it is now per account and client
     * address, and the account's total (client '*') only slows sign-ins down. Counts so far become totals.
     */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('login_failures_by_client')
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('client', 'text', (c) => c.notNull())
        .addColumn('window_start', 'text', (c) => c.notNull())
        .addColumn('failures', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('login_failures_by_client_pk', ['email', 'client'])
        .execute();
      await sql`insert into login_failures_by_client (email, client, window_start, failures)
        select email, '*', window_start, failures from login_failures`.execute(db);
      await db.schema.dropTable('login_failures').execute();
      await db.schema.alterTable('login_failures_by_client').renameTo('login_failures').execute();
    },
  },
  '009_download_marks': {
    /** A download counts at most once per user, file and minute, across processes. */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('download_marks')
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('file_id', 'text', (c) => c.notNull())
        .addColumn('counted_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('download_marks_pk', ['user_id', 'file_id'])
        .execute();
      await db.schema
        .createIndex('download_marks_counted')
        .on('download_marks')
        .column('counted_at')
        .execute();
    },
  },
  '010_jobs_and_thumbnails': {
    /**
     * Background work (one row per kind and key, so enqueueing twice is harmless) and the thumbnails made for
     * a blob's content. Thumbnail rows go with their blob row: reclaiming a blob cascades to them.
     */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('jobs')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('lease_owner', 'text')
        .addColumn('lease_expires_at', 'text')
        .addColumn('run_after', 'text', (c) => c.notNull())
        .addColumn('last_error', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('jobs_kind_key', ['kind', 'key'])
        .execute();
      // The claim reads queued jobs that are due, and running jobs whose lease ran out, off these.
      await db.schema
        .createIndex('jobs_state_run_after')
        .on('jobs')
        .columns(['state', 'run_after', 'id'])
        .execute();
      await db.schema
        .createIndex('jobs_state_lease')
        .on('jobs')
        .columns(['state', 'lease_expires_at'])
        .execute();

      await db.schema
        .createTable('thumbnails')
        .addColumn('blob_hash', 'text', (c) => c.notNull().references('blobs.hash').onDelete('cascade'))
        .addColumn('size', 'integer', (c) => c.notNull())
        .addColumn('bytes', 'integer', (c) => c.notNull())
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('duration_ms', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('thumbnails_pk', ['blob_hash', 'size'])
        .execute();
      await createThumbnailTotals(db);
    },
  },
  '011_oidc_identities': {
    /**
     * Single sign-on: which account an identity at a provider (its issuer and subject) signs in to. The row
     * goes with its account.
     */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('oidc_identities')
        .addColumn('issuer', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('oidc_identities_pk', ['issuer', 'subject'])
        .execute();
      await db.schema.createIndex('oidc_identities_user').on('oidc_identities').column('user_id').execute();
    },
  },
  '013_quotas': { up: addQuotas },
  '013b_resumable_uploads': {
    /** Resumable uploads in flight: who started them, how long they are, how far they got. */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('resumable_uploads')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('length', 'bigint', (c) => c.notNull())
        .addColumn('offset', 'bigint', (c) => c.notNull())
        .addColumn('filename', 'text')
        .addColumn('declared_type', 'text')
        .addColumn('is_public', 'integer', (c) => c.notNull())
        .addColumn('type_checked', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('resumable_uploads_expires')
        .on('resumable_uploads')
        .columns(['expires_at', 'id'])
        .execute();
    },
  },
  '014_blob_checksums': {
    /**
     * A CRC32C of each blob's bytes, taken at upload, which whole reads check instead of re-hashing SHA-256
     * (stored as a signed 32-bit integer, the portable width; null until the first whole read or
     * `fsck --backfill` computes it for blobs stored before), and when the background scrub last re-hashed it.
     */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
    async up(db: Kysely<any>) {
      await db.schema.alterTable('blobs').addColumn('crc32c', 'integer').execute();
      // '' (never) sorts before every instant, so the scrub takes unchecked blobs first, then the oldest, off one index.
      await db.schema
        .alterTable('blobs')
        .addColumn('scrubbed_at', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema.createIndex('blobs_scrubbed_at').on('blobs').columns(['scrubbed_at', 'hash']).execute();
    },
  },
  '015_search_indexes': { up: createSearchIndexes },
  '016_resumable_s3_parts': {
    /**
     * Resumable uploads on an S3 store keep their pieces in the bucket, so any process can take the next one:
     * the multipart upload's id, the parts it holds so far (JSON: number, ETag, size), how many bytes past
     * them wait in a small tail object, and the upload's first bytes (base64) for the early type check.
     * Null, '[]' and 0 on the file system store, whose pieces are a local file.
     */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
    async up(db: Kysely<any>) {
      // One column per statement: SQLite adds only one at a time.
      await db.schema.alterTable('resumable_uploads').addColumn('s3_upload_id', 'text').execute();
      await db.schema
        .alterTable('resumable_uploads')
        .addColumn('s3_parts', 'text', (c) => c.notNull().defaultTo('[]'))
        .execute();
      await db.schema
        .alterTable('resumable_uploads')
        .addColumn('tail_bytes', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('resumable_uploads').addColumn('head_bytes', 'text').execute();
    },
  },
  '017_name_sort_keys': {
    /**
     * Names sort by a key computed once in TypeScript (contract nameSortKey: case and accents folded), stored
     * beside each name and compared bytewise on both dialects, since SQLite's lower() folds only ASCII and
     * PostgreSQL's "C" none: "ébène" came after "Ezra" on one and before "Éclair" on the other. Existing rows get
     * their key in batches, then the key's indexes (key, exact name, id) replace the lower(name) ones. The
     * backfill calls the application's own nameSortKey on purpose: stored keys must equal the ones the lists
     * compute for their cursors, so a change to that function needs a migration that computes them again.
     */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('files')
        .addColumn('filename_key', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('users')
        .addColumn('name_key', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      const backfill = async (table: string, column: string, keyColumn: string) => {
        for (let after = ''; ;) {
          const rows: { id: string; name: string }[] = await db
            .selectFrom(table)
            .select(['id', `${column} as name`])
            .where('id', '>', after)
            .orderBy('id')
            .limit(1000)
            .execute();
          if (!rows.length) return;
          // One statement per batch; VALUES names its columns column1, column2 on both dialects.
          const values = sql.join(rows.map((r) => sql`(${r.id}, ${nameSortKey(r.name)})`));
          await sql`update ${sql.table(table)} set ${sql.ref(keyColumn)} = v.column2
            from (values ${values}) as v where ${sql.ref(`${table}.id`)} = v.column1`.execute(db);
          after = rows.at(-1)!.id;
        }
      };
      await backfill('files', 'filename', 'filename_key');
      await backfill('users', 'name', 'name_key');

      const c = isPostgres(db) ? sql` collate "C"` : sql``;
      const fileKeys = sql`filename_key${c}, filename${c}, id${c}`;
      await sql`create index files_filename_key on files (${fileKeys})`.execute(db);
      await sql`create index files_public_filename_key on files (is_public, ${fileKeys})`.execute(db);
      await sql`create index files_public_category_filename_key on files (is_public, category, ${fileKeys})`.execute(
        db,
      );
      await sql`create index users_name_key on users (name_key${c}, name${c}, id${c})`.execute(db);
      for (const old of [
        'files_filename_ci',
        'files_public_filename_ci',
        'files_public_category_filename_ci',
      ])
        await db.schema.dropIndex(old).execute();
      await db.schema.dropIndex('users_name').execute();
    },
  },
  '018_throttle': {
    /**
     * One table counts every throttled attempt (sign-in, second factor, reset, password change, deletion,
     * link passwords, registration, single sign-on), keyed by policy and subject, counted before the secret is
     * checked. The four stores it replaces go; their counts are short-lived and start again at zero.
     */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('throttle_counters')
        .addColumn('key', 'text', (c) => c.primaryKey())
        // Epoch milliseconds: when the window began, and when it ends.
        .addColumn('window_start', 'bigint', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('throttle_counters_expires')
        .on('throttle_counters')
        .column('expires_at')
        .execute();
      await db.schema.dropTable('rate_limits').execute();
      await db.schema.dropTable('login_failures').execute();
      await db.schema.dropTable('link_unlock_failures').execute();
      // One column per statement: SQLite drops only one at a time.
      await db.schema.alterTable('totp').dropColumn('failures').execute();
      await db.schema.alterTable('totp').dropColumn('failure_window_start').execute();
    },
  },
  '019_upload_reservations': {
    /**
     * Each creation of a resumable upload counts the account's uploads in flight and the bytes they declared
     * (against its quota and the in-flight caps), and removing an account finds its uploads: both by owner.
     */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
    async up(db: Kysely<any>) {
      await db.schema
        .createIndex('resumable_uploads_owner')
        .on('resumable_uploads')
        .columns(['owner_id', 'expires_at'])
        .execute();
    },
  },
  '020_fair_jobs': {
    /**
     * Each job names the account it works for, so the claim shares the workers between accounts instead of
     * serving one queue in order; and content whose thumbnails failed is remembered with the time the attempt
     * took (the row goes with its blob).
     */
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations predate the typed schema
    async up(db: Kysely<any>) {
      await db.schema.alterTable('jobs').addColumn('owner_id', 'text').execute();
      // The claim counts each account's running and queued jobs off this.
      await db.schema
        .createIndex('jobs_owner_state')
        .on('jobs')
        .columns(['owner_id', 'state', 'lease_expires_at'])
        .execute();
      await db.schema
        .createTable('thumbnail_failures')
        .addColumn('blob_hash', 'text', (c) => c.primaryKey().references('blobs.hash').onDelete('cascade'))
        .addColumn('error', 'text', (c) => c.notNull())
        .addColumn('elapsed_ms', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
};

/** Every migration in order; tests migrate to one of them to load rows as an older instance held them. */
export const migrationProvider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; safe to call from several processes starting at once. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema version
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
