import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import { createThumbnailTotals } from './thumbnail-totals';
import { createTotals } from './totals';

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
  '004_jobs_and_thumbnails': {
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
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; safe to call from several processes starting at once. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema version
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

/** Cheap round trip used by the health check. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- works on any schema
export async function pingDatabase(db: Kysely<any>): Promise<void> {
  await sql`select 1`.execute(db);
}
